import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for tests and benchmarks: each request is answered
/// by a handler, which can also misbehave on purpose (delay, never answer, reset, cut the body short).
public final class LoopbackServer: Sendable {
    /// A request as the server received it.
    public struct Request: Sendable, Equatable {
        public var method: String
        /// The path without the query ("/data/2.5/weather").
        public var path: String
        /// The raw request target, percent-encoding intact.
        public var target: String
        /// Query parameters, percent-decoded, in order.
        public var query: [(String, String)]

        public func value(_ name: String) -> String? { query.first { $0.0 == name }?.1 }

        public static func == (a: Request, b: Request) -> Bool {
            a.target == b.target && a.method == b.method
        }
    }

    /// How to answer.
    public enum Reply: Sendable {
        case respond(status: Int, headers: [String: String] = [:], body: Data, delay: Double = 0)
        /// Read the request, then say nothing until the server stops.
        case neverRespond
        /// Read the request, then reset the connection.
        case reset
        /// Declare `declaredLength` bytes, send `body` (fewer), and close.
        case truncated(status: Int, body: Data, declaredLength: Int)

        /// A 200 with a JSON body.
        public static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:], delay: Double = 0) -> Reply {
            .respond(status: status, headers: ["Content-Type": "application/json; charset=utf-8"].merging(headers) { $1 }, body: body, delay: delay)
        }

        public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            json(Data(text.utf8), status: status, headers: headers)
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let handler: Mutex<@Sendable (Request) -> Reply>
    private let log = Mutex<[Request]>([])
    private let held = Mutex<[Int32]>([])
    private let stopped = Atomic<Bool>(false)

    /// Starts listening at once (on `port`, or an ephemeral one); answers with `handler` until `stop()`.
    public init(port requested: UInt16 = 0, handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = Mutex(handler)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requested.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// "http://127.0.0.1:PORT".
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far, in order.
    public var requests: [Request] { log.withLock { $0 } }

    /// The requests to `path` received so far.
    public func requests(to path: String) -> [Request] { requests.filter { $0.path == path } }

    /// Changes how later requests are answered.
    public func setHandler(_ newHandler: @escaping @Sendable (Request) -> Reply) {
        handler.withLock { $0 = newHandler }
    }

    public func resetLog() { log.withLock { $0.removeAll() } }

    /// Stops listening and closes held connections.
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in held.withLock({ $0 }) {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    deinit { stop() }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ fd: Int32) {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !buffer.containsHeaderEnd {
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 || buffer.count > 65_536 {
                close(fd)
                return
            }
            buffer += chunk[0..<n]
        }
        let head = String(decoding: buffer, as: UTF8.self)
        let parts = head.prefix { $0 != "\r" }.split(separator: " ")
        guard parts.count >= 2 else {
            close(fd)
            return
        }
        let target = String(parts[1])
        let request = Request(method: String(parts[0]), path: String(target.prefix { $0 != "?" }), target: target, query: Self.query(of: target))
        log.withLock { $0.append(request) }
        switch handler.withLock({ $0 })(request) {
        case .respond(let status, let headers, let body, let delay):
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            send(fd, head: Self.head(status, headers, length: body.count), body: body)
            close(fd)
        case .truncated(let status, let body, let declared):
            send(fd, head: Self.head(status, ["Content-Type": "application/json"], length: declared), body: body)
            close(fd)
        case .reset:
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            close(fd)
        case .neverRespond:
            held.withLock { $0.append(fd) }
            if stopped.load(ordering: .relaxed) { close(fd) }
        }
    }

    private func send(_ fd: Int32, head: String, body: Data) {
        let bytes = Array(head.utf8) + Array(body)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            offset += n
        }
    }

    private static func head(_ status: Int, _ headers: [String: String], length: Int) -> String {
        var lines = ["HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")", "Content-Length: \(length)", "Connection: close"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }

    static func query(of target: String) -> [(String, String)] {
        guard let start = target.firstIndex(of: "?") else { return [] }
        return target[target.index(after: start)...].split(separator: "&").map { pair in
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (s: Substring) in String(s).removingPercentEncoding ?? String(s) }
            return (decode(kv[0]), kv.count > 1 ? decode(kv[1]) : "")
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 {
            return true
        }
        return false
    }
}
