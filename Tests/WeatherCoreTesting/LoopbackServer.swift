import CTLS
import CZlib
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for tests and benchmarks: each request is answered
/// by a handler, which can also misbehave on purpose (delay, never answer, reset, cut the body short, send any bytes).
/// It can speak TLS with a test certificate, and keep connections open for more requests. As real servers do, it
/// compresses a body with gzip when the request accepts that (unless told not to).
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
        /// Header values by lower-case name.
        public var headers: [String: String] = [:]
        /// The connection it came on: 1 for the first the server accepted, 2 for the second…
        public var connection = 0

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
        /// A 200 whose body is sent with chunked transfer coding, `chunkSize` bytes a chunk.
        case chunked(body: Data, chunkSize: Int)
        /// As a proxy answers CONNECT: a 200, then bytes relayed both ways to 127.0.0.1:`port` until one side closes.
        case tunnel(port: UInt16)
        /// These bytes as they are, status line and headers included; the connection then stays open as any other.
        case raw(Data)
        /// `head` as it is, then `repeating` again and again until the client closes the connection (or the server
        /// stops): an endless header line or trailer section. `bytesSent` then says how much the client took.
        case endless(head: Data, repeating: Data)

        /// A 200 with a JSON body.
        public static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:], delay: Double = 0) -> Reply {
            .respond(status: status, headers: ["Content-Type": "application/json; charset=utf-8"].merging(headers) { $1 }, body: body, delay: delay)
        }

        public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            json(Data(text.utf8), status: status, headers: headers)
        }
    }

    /// A certificate chain and its key, as PEM files.
    public struct Identity: Sendable {
        public var certificate: String
        public var key: String

        public init(certificate: String, key: String) {
            self.certificate = certificate
            self.key = key
        }

        /// Links the certificate into `folder` under its subject hash ("1a2b3c4d.0"), as `openssl rehash` lays out
        /// /etc/ssl/certs, so that `folder` in `SSL_CERT_DIR` trusts it.
        public func linkHashed(into folder: URL) throws {
            guard let file = BIO_new_file(certificate, "r") else { throw POSIXError(.ENOENT) }
            defer { BIO_free(file) }
            guard let x509 = PEM_read_bio_X509(file, nil, nil, nil) else { throw POSIXError(.EINVAL) }
            defer { X509_free(x509) }
            let hash = String(X509_subject_name_hash(x509), radix: 16)
            let name = String(repeating: "0", count: 8 - hash.count) + hash + ".0"
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: certificate)
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let keepAlive: Bool
    private let compresses: Bool
    private let sent = Atomic<Int>(0)
    private let greeting: [UInt8]
    /// The server's TLS context, shared by its connection threads (OpenSSL allows that once it is set up).
    private nonisolated(unsafe) let tls: OpaquePointer?
    private let accepted = Atomic<Int>(0)
    /// TLS handshakes that resumed a session, and the server name (SNI) each handshake carried ("" for none).
    private let resumedSessions = Atomic<Int>(0)
    private let serverNames = Mutex<[String]>([])
    private let handler: Mutex<@Sendable (Request) -> Reply>
    private let log = Mutex<[Request]>([])
    /// Open connections, and which of them wait idle for another request. A connection's own thread is the only
    /// one that closes it, removing it here under the lock first; `stop()` and `closeIdleConnections()` only shut
    /// connections down under the same lock, so a descriptor number is never touched after it is reused.
    private let connections = Mutex<(open: Set<Int32>, idle: Set<Int32>)>(([], []))
    private let stopped = Atomic<Bool>(false)

    /// Starts listening at once (on `port`, or an ephemeral one); answers with `handler` until `stop()`.
    /// With `identity` it speaks TLS; with `keepAlive` a connection carries request after request; a `greeting` is
    /// sent the moment a connection is accepted, before anything is read, as by a server of another protocol.
    /// With `gzip`, a `.respond` body is sent gzip-compressed to a request whose `Accept-Encoding` names gzip, unless
    /// the reply sets its own `Content-Encoding`.
    public init(
        port requested: UInt16 = 0, identity: Identity? = nil, keepAlive: Bool = false, greeting: String = "",
        gzip: Bool = true, handler: @escaping @Sendable (Request) -> Reply
    ) throws {
        self.handler = Mutex(handler)
        self.keepAlive = keepAlive
        self.compresses = gzip
        self.greeting = Array(greeting.utf8)
        if let identity {
            // OpenSSL writes with write(2): a client that has gone (a one-shot ending while what went beside its
            // weather is still answered) would raise SIGPIPE and end the whole test process, or weather-loopback.
            signal(SIGPIPE, SIG_IGN)
            guard let context = SSL_CTX_new(TLS_server_method()),
                SSL_CTX_use_certificate_chain_file(context, identity.certificate) == 1,
                SSL_CTX_use_PrivateKey_file(context, identity.key, SSL_FILETYPE_PEM) == 1
            else { throw POSIXError(.EINVAL) }
            tls = context
        } else {
            tls = nil
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: requested)
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

    /// "http://127.0.0.1:PORT", or https.
    public var baseURL: String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)" }

    /// Connections accepted so far.
    public var connectionsAccepted: Int { accepted.load(ordering: .relaxed) }

    /// Bytes of answers written so far (status lines, headers and bodies; not TLS records), what a client received.
    public var bytesSent: Int { sent.load(ordering: .relaxed) }

    /// TLS handshakes so far that resumed an earlier session (a session ID or ticket the client offered again).
    public var tlsSessionsResumed: Int { resumedSessions.load(ordering: .relaxed) }

    /// The server name (SNI) each TLS handshake carried, in order; "" when it carried none.
    public var tlsServerNames: [String] { serverNames.withLock { $0 } }

    /// Accepts the session tickets `other` issues, and issues tickets `other` accepts, as servers behind one name
    /// do: a client that offered one server's ticket to the other would resume. Call before the first connection.
    public func shareSessionTickets(with other: LoopbackServer) {
        guard let tls, let theirs = other.tls else { return }
        var keys = [UInt8](repeating: 0, count: 80)
        guard ctls_get_ticket_keys(theirs, &keys, 80) == 1, ctls_set_ticket_keys(tls, &keys, 80) == 1 else {
            fatalError("OpenSSL would not share the session ticket keys")
        }
    }

    /// Speaks TLS 1.2 at most (its sessions are resumed by ID or ticket in the handshake itself, unlike 1.3's
    /// tickets, which arrive after it). Call before the first connection.
    public func limitToTLS12() {
        guard let tls, ctls_set_max_version(tls, TLS1_2_VERSION) == 1 else { fatalError("OpenSSL would not limit the version") }
    }

    /// Closes every connection kept open between requests, as a server does when they have been idle too long.
    /// How many connections wait idle for another request: an answer reaches the client a moment before its
    /// connection is counted idle, so a test closing idle connections waits for this first.
    public var idleConnections: Int { connections.withLock { $0.idle.count } }

    public func closeIdleConnections() {
        connections.withLock { for fd in $0.idle { shutdown(fd, Int32(SHUT_RDWR)) } }
    }

    private func finish(_ fd: Int32) {
        connections.withLock {
            $0.open.remove(fd)
            $0.idle.remove(fd)
            close(fd)
        }
    }

    /// Every request received so far, in order.
    public var requests: [Request] { log.withLock { $0 } }

    /// The requests to `path` received so far.
    public func requests(to path: String) -> [Request] { requests.filter { $0.path == path } }

    /// Changes how later requests are answered.
    public func setHandler(_ newHandler: @escaping @Sendable (Request) -> Reply) {
        handler.withLock { $0 = newHandler }
    }

    public func resetLog() { log.withLock { $0.removeAll() } }

    /// Stops listening and ends every open connection (their threads close them).
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        connections.withLock { for fd in $0.open { shutdown(fd, Int32(SHUT_RDWR)) } }
    }

    deinit { stop() }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            let admitted = connections.withLock { state in
                if !stopped.load(ordering: .relaxed) { state.open.insert(client) }
                return state.open.contains(client)
            }
            if admitted {
                Thread.detachNewThread { [self] in serve(client) }
            } else {
                close(client)
            }
        }
    }

    /// Reads and writes one connection, through TLS when the server has it.
    private final class Channel {
        let fd: Int32
        let session: OpaquePointer?

        init?(fd: Int32, tls: OpaquePointer?) {
            self.fd = fd
            guard let tls else {
                session = nil
                return
            }
            guard let session = SSL_new(tls) else { return nil }
            self.session = session
            SSL_set_fd(session, fd)
            if SSL_accept(session) != 1 { return nil }
        }

        func read(_ buffer: inout [UInt8]) -> Int {
            buffer.withUnsafeMutableBytes { bytes in
                if let session { return Int(SSL_read(session, bytes.baseAddress, Int32(bytes.count))) }
                return Glibc.read(fd, bytes.baseAddress, bytes.count)
            }
        }

        /// Sends every byte; false when the connection ended first.
        @discardableResult
        func write(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes(write) }

        /// The same from `Data` as it is, never copied byte by byte into an array (slow for megabytes in a debug build).
        @discardableResult
        func write(_ data: Data) -> Bool { data.withUnsafeBytes(write) }

        private func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let chunk = UnsafeRawBufferPointer(rebasing: bytes[offset...])
                let n =
                    if let session { Int(SSL_write(session, chunk.baseAddress, Int32(chunk.count))) }
                    else { send(fd, chunk.baseAddress, chunk.count, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { return false }
                offset += n
                bytesWritten += n
            }
            return true
        }

        /// What `write` has sent so far.
        private(set) var bytesWritten = 0

        deinit { if let session { SSL_free(session) } }
    }

    private func serve(_ fd: Int32) {
        let number = accepted.add(1, ordering: .relaxed).newValue
        if !greeting.isEmpty {
            _ = greeting.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        guard let channel = Channel(fd: fd, tls: tls) else { return finish(fd) }
        if let session = channel.session {
            if SSL_session_reused(session) == 1 { resumedSessions.add(1, ordering: .relaxed) }
            let name = SSL_get_servername(session, TLSEXT_NAMETYPE_host_name).map { String(cString: $0) } ?? ""
            serverNames.withLock { $0.append(name) }
        }
        var pending = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            while pending.headerEnd == nil {
                let n = channel.read(&chunk)
                if n <= 0 || pending.count > 65_536 { return finish(fd) }
                pending += chunk[0..<n]
            }
            guard let end = pending.headerEnd else { return finish(fd) }
            let head = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeFirst(end)
            let parts = head.prefix { $0 != "\r" }.split(separator: " ")
            guard parts.count >= 2 else { return finish(fd) }
            let target = String(parts[1])
            var request = Request(method: String(parts[0]), path: String(target.prefix { $0 != "?" }), target: target, query: Self.query(of: target))
            request.connection = number
            for line in head.split(separator: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                request.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            log.withLock { $0.append(request) }
            connections.withLock { _ = $0.idle.remove(fd) }
            let before = channel.bytesWritten
            let open = answer(handler.withLock({ $0 })(request), to: request, on: channel)
            sent.add(channel.bytesWritten - before, ordering: .relaxed)
            guard open else { return finish(fd) }
            // Kept open for the next request; closeIdleConnections() or stop() ends it.
            connections.withLock { state in
                state.idle.insert(fd)
                if stopped.load(ordering: .relaxed) { shutdown(fd, Int32(SHUT_RDWR)) }
            }
        }
    }

    /// Sends a reply; true when the connection stays open for another request (the caller closes it otherwise).
    private func answer(_ reply: Reply, to request: Request, on channel: Channel) -> Bool {
        let fd = channel.fd
        switch reply {
        case .respond(let status, var headers, var body, let delay):
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            if compresses, !body.isEmpty, Self.acceptsGzip(request), !headers.keys.contains(where: { $0.lowercased() == "content-encoding" }) {
                body = Self.gzip(body)
                headers["Content-Encoding"] = "gzip"
            }
            channel.write(Array(head(status, headers, length: body.count).utf8) + Array(body))
            return keepAlive
        case .raw(let bytes):
            channel.write(bytes)
            return keepAlive
        case .endless(let head, let repeating):
            // A small send buffer, so that what the client never read barely counts in `bytesSent`.
            var size: Int32 = 16 * 1024
            setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            let piece = Array(repeating)
            var open = channel.write(Array(head))
            while open, !stopped.load(ordering: .relaxed) { open = channel.write(piece) }
        case .chunked(let body, let size):
            var bytes = Array(head(200, ["Content-Type": "application/json", "Transfer-Encoding": "chunked"], length: nil).utf8)
            var offset = 0
            while offset < body.count {
                let piece = body[(body.startIndex + offset)..<(body.startIndex + min(body.count, offset + size))]
                bytes += Array("\(String(piece.count, radix: 16))\r\n".utf8) + Array(piece) + [13, 10]
                offset += piece.count
            }
            channel.write(bytes + Array("0\r\n\r\n".utf8))
            return keepAlive
        case .truncated(let status, let body, let declared):
            channel.write(Array(head(status, ["Content-Type": "application/json"], length: declared).utf8) + Array(body))
        case .tunnel(let port):
            relay(channel.fd, toPort: port)
        case .reset:
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        case .neverRespond:
            // Silent until the client gives up or the server stops.
            var sink = [UInt8](repeating: 0, count: 1024)
            while channel.read(&sink) > 0 {}
        }
        return false
    }

    /// 127.0.0.1:`port` (0 for any).
    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Connects to 127.0.0.1:`port`, says 200, then copies bytes each way until either side closes.
    private func relay(_ client: Int32, toPort port: UInt16) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        connections.withLock { _ = $0.open.insert(upstream) }
        defer { finish(upstream) }
        var address = Self.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            _ = Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n".utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return
        }
        _ = Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let copy: @Sendable (Int32, Int32) -> Void = { from, to in
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let n = buffer.withUnsafeMutableBytes { recv(from, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                _ = buffer.withUnsafeBytes { send(to, $0.baseAddress, n, Int32(MSG_NOSIGNAL)) }
            }
            shutdown(to, Int32(SHUT_WR))
        }
        let back = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            copy(upstream, client)
            back.signal()
        }
        copy(client, upstream)
        back.wait()
    }

    private func head(_ status: Int, _ headers: [String: String], length: Int?) -> String {
        var lines = ["HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")"]
        if let length { lines.append("Content-Length: \(length)") }
        if !keepAlive { lines.append("Connection: close") }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// True when the request's `Accept-Encoding` names gzip, and not with a weight of zero ("gzip;q=0").
    static func acceptsGzip(_ request: Request) -> Bool {
        (request.headers["accept-encoding"] ?? "").lowercased().split(separator: ",").contains { entry in
            let parts = entry.split(separator: ";").map { $0.replacingOccurrences(of: " ", with: "") }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (parts.first == "gzip" || parts.first == "x-gzip") && weight > 0
        }
    }

    /// `data` as one gzip stream, at zlib's default level (as web servers compress).
    public static func gzip(_ data: Data) -> Data {
        // zlib checks that the stream stays where it was set up: it lives outside Swift's variables.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        precondition(czlib_deflate_init_gzip(stream, Z_DEFAULT_COMPRESSION) == Z_OK)
        defer { deflateEnd(stream) }
        var input = [UInt8](data)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(stream, UInt(input.count))) + 64)
        let count = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.pointee.next_in = source.baseAddress
                stream.pointee.avail_in = UInt32(source.count)
                stream.pointee.next_out = target.baseAddress
                stream.pointee.avail_out = UInt32(target.count)
                precondition(deflate(stream, Z_FINISH) == Z_STREAM_END)
                return target.count - Int(stream.pointee.avail_out)
            }
        }
        return Data(output[..<count])
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
    /// The offset just past the first blank line (CR LF CR LF), if it has arrived.
    fileprivate var headerEnd: Int? {
        guard count >= 4 else { return nil }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 {
            return i + 4
        }
        return nil
    }
}
