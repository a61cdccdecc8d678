import Foundation
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
    func readResponse(limit: IOLimit, tunnel: Bool = false) throws -> (HTTPResponse, reusable: Bool) {
        var parser = HTTPResponseParser(tunnel: tunnel)
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
                return (response, !parser.closesConnection)
            }
        }
    }

    func close() {
        tls?.close()
        Glibc.close(socket)
    }
}
