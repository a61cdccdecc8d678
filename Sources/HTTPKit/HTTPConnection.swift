import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a server, plain or TLS, used by one request at a time.
///
/// Unchecked Sendable: a connection is only touched by the request that took it from the pool, or by the pool
/// under its lock while idle.
final class HTTPConnection: @unchecked Sendable {
    enum Failure: Error {
        /// The connection ended, or was reset, before the first byte of an answer.
        case closedBeforeAnswer
    }

    let socket: Int32
    private let tls: TLSStream?
    var idleSince = ContinuousClock.now
    /// How long it may stay idle: 30 seconds, or a second less than the server's `Keep-Alive: timeout=`.
    var keepAlive = ConnectionPool.maximumIdle
    /// The priority it is kept for: its last request's, or what it was opened for (`ConnectionPool`).
    var priority = RequestPriority.foreground

    init(socket: Int32, tls: TLSStream?) {
        self.socket = socket
        self.tls = tls
    }

    func write(_ bytes: [UInt8], limit: IOLimit) throws {
        do {
            if let tls { try tls.write(bytes, limit: limit) } else { try TCPSocket.write(socket, bytes, limit: limit) }
        } catch HTTPError.truncated {
            throw Failure.closedBeforeAnswer
        }
    }

    /// The whole response, and whether the connection can carry another request.
    func readResponse(
        limit: IOLimit, tunnel: Bool = false, maximumBytes: Int = HTTPResponse.defaultMaximumBytes
    ) throws -> (HTTPResponse, reusable: Bool) {
        var parser = HTTPResponseParser(tunnel: tunnel, maximumBytes: maximumBytes)
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var received = 0
        while true {
            let count: Int
            do {
                count = try tls?.read(into: &buffer, limit: limit) ?? TCPSocket.read(socket, into: &buffer, limit: limit)
            } catch HTTPError.truncated where received == 0 {
                throw Failure.closedBeforeAnswer
            }
            if count == 0 {
                if received == 0 { throw Failure.closedBeforeAnswer }
                return (try parser.finish(), false)
            }
            received += count
            if try parser.append(buffer[..<count]), let response = parser.response {
                if let seconds = Self.idleTimeout(response.headers["keep-alive"]) {
                    keepAlive = min(keepAlive, .seconds(seconds - 1))
                }
                return (response, !parser.closesConnection)
            }
        }
    }

    /// The `timeout=` of a `Keep-Alive` header ("timeout=5, max=100"): how long the server keeps an idle connection.
    static func idleTimeout(_ header: String?) -> Int? {
        guard let header else { return nil }
        for parameter in header.split(separator: ",") {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
            if pair.count == 2, pair[0].lowercased() == "timeout", let seconds = Int(pair[1]), seconds >= 0 { return seconds }
        }
        return nil
    }

    /// True while the idle connection can carry a request: the server has not closed it or sent anything unasked.
    var isQuiet: Bool { tls?.isQuiet() ?? TCPSocket.isQuiet(socket) }

    func close() {
        tls?.close()
        Glibc.close(socket)
    }
}
