import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The live transport: HTTP/1.1 GET over a socket of its own, with TLS through OpenSSL for https.
///
/// Chosen over URLSession because FoundationNetworking links libcurl, whose libraries cost about 8 ms to load at
/// every start, request or not (docs/PERFORMANCE.md). Each request runs on a thread of its own with blocking
/// waits bounded by its deadline; cancelling the task shuts its socket down. Idle connections are kept for the
/// next request to the same server, and a kept connection the server has closed meanwhile is replaced once.
/// An http:// proxy is used as `proxies` says: CONNECT for https, the absolute URL for http.
package final class SocketTransport: HTTPTransport {
    /// Sent as `User-Agent` unless a request names its own.
    package let userAgent: String
    private let trust: TLSTrust
    private let proxies: ProxySettings
    private let lookup: NameLookup
    private let tls = Mutex<TLSContext?>(nil)
    private let pool = ConnectionPool()

    /// `resolver` looks names up (the system's by default), bounded by each request's deadline.
    package init(userAgent: String, trust: TLSTrust = .system, proxies: ProxySettings = .none, resolver: (any Resolver)? = nil) {
        self.userAgent = userAgent
        self.trust = trust
        self.proxies = proxies
        lookup = resolver.map(NameLookup.init) ?? .system
        // OpenSSL writes with write(2), which raises SIGPIPE when the server has gone; the failed write is handled.
        signal(SIGPIPE, SIG_IGN)
    }

    package func get(_ url: URL, headers: [String: String], timeout: Double, maximumBytes: Int) async throws -> HTTPResponse {
        let target = try HTTPTarget(url)
        let limit = IOLimit(deadline: .now + .seconds(timeout), timeout: timeout, signal: CancelSignal())
        let priority = RequestPriority.current
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DetachedThread.start {
                    continuation.resume(
                        with: Result { try self.exchange(target, headers: headers, maximumBytes: maximumBytes, priority: priority, limit: limit) })
                }
            }
        } onCancel: {
            limit.signal.cancel()
        }
    }

    /// Connections opened so far; a reused connection is not counted again.
    package var connectionsOpened: Int { pool.opened }
    /// TLS handshakes that resumed an earlier session with the same host and port.
    package var tlsSessionsResumed: Int { tls.withLock { $0?.sessionsResumed ?? 0 } }

    /// Where a request to `target` goes: straight to it, or through the proxy the settings name.
    private func route(_ target: HTTPTarget) throws(HTTPError) -> ProxySettings.Proxy? {
        switch proxies.route(secure: target.secure, host: target.host, port: target.port) {
        case .direct: nil
        case .proxy(let named): named
        case .unusable(let variable): throw .unusableProxy(variable: variable)
        case .invalid(let variable): throw .invalidProxy(variable: variable)
        }
    }

    /// The pool's key: the origin, and the proxy that reaches it.
    private static func poolKey(_ target: HTTPTarget, _ proxy: ProxySettings.Proxy?) -> String {
        target.origin + (proxy.map { " via " + $0.name } ?? "")
    }

    /// Opens connections for requests about to be made to `urls` (one each, several to the same server at once),
    /// and for background requests (`RequestPriority`) to `beside`, on threads of their own, counting those already
    /// idle or opening for each priority: a request made meanwhile takes one over instead of opening its own.
    /// Nothing is sent. A URL that cannot be used is left to its request to report.
    package func preconnect(_ urls: [URL], beside: [URL], timeout: Double) {
        var wanted: [String: (target: HTTPTarget, proxy: ProxySettings.Proxy?, priority: RequestPriority, count: Int)] = [:]
        for (url, priority) in urls.map({ ($0, RequestPriority.foreground) }) + beside.map({ ($0, .background) }) {
            do {
                let target = try HTTPTarget(url)
                let proxy = try route(target)
                wanted[Self.poolKey(target, proxy) + (priority == .background ? " beside" : ""), default: (target, proxy, priority, 0)].count += 1
            } catch {
                continue
            }
        }
        for want in wanted.values {
            let key = Self.poolKey(want.target, want.proxy)
            for _ in 0..<max(0, want.count - pool.ready(key, priority: want.priority)) {
                let pending = PendingConnection(for: want.priority)
                pool.opening(pending, for: key)
                let limit = IOLimit(deadline: .now + .seconds(timeout), timeout: timeout, signal: CancelSignal())
                DetachedThread.start {
                    let result = Result { try self.open(want.target, through: want.proxy, limit: limit) }
                    limit.signal.release()
                    self.pool.settle(pending, for: key, result)
                }
            }
        }
    }

    private func exchange(
        _ target: HTTPTarget, headers: [String: String], maximumBytes: Int, priority: RequestPriority, limit: IOLimit
    ) throws -> HTTPResponse {
        let proxy = try route(target)
        let request = target.request(through: proxy, userAgent: userAgent, headers: headers)
        let key = Self.poolKey(target, proxy)
        var taken = pool.take(key, priority: priority)
        while true {
            let connection: HTTPConnection
            let reused: Bool
            do {
                switch taken {
                case .idle(let kept): (connection, reused) = (kept, true)
                case .opening(let pending): (connection, reused) = try pending.wait(limit: limit)
                case nil: (connection, reused) = (try open(target, through: proxy, limit: limit), false)
                }
            } catch {
                throw Self.describe(error)
            }
            taken = nil
            guard limit.signal.watch(connection.socket) else {
                connection.close()
                throw CancellationError()
            }
            do {
                try connection.write(request, limit: limit)
                let (response, reusable) = try connection.readResponse(limit: limit, maximumBytes: maximumBytes)
                // A proxy's own refusal (a plain request goes to the proxy, which answers for itself).
                if let proxy, !target.secure, response.status == 407 { throw proxy.refusal(status: 407, host: target.host) }
                limit.signal.release()
                if reusable { pool.put(connection, for: key, priority: priority) } else { connection.close() }
                return response
            } catch HTTPConnection.Failure.closedBeforeAnswer where reused {
                // The server closed a kept connection just as it was reused: once more on a new one.
                limit.signal.release()
                connection.close()
            } catch {
                limit.signal.release()
                connection.close()
                throw Self.describe(error)
            }
        }
    }

    private func open(_ target: HTTPTarget, through proxy: ProxySettings.Proxy?, limit: IOLimit) throws -> HTTPConnection {
        let socket: Int32
        do {
            socket = try TCPSocket.connect(host: proxy?.host ?? target.host, port: proxy?.port ?? target.port, limit: limit, lookup: lookup)
        } catch let error as HTTPError {
            // Through a proxy, the host that cannot be reached is the proxy: named as such, never as the server.
            throw proxy?.failure(error) ?? error
        }
        pool.countOpened()
        guard target.secure else { return HTTPConnection(socket: socket, tls: nil) }
        do {
            if let proxy { try tunnel(socket, to: target, through: proxy, limit: limit) }
            let stream = try TLSStream(context: try context(host: target.host), socket: socket, host: target.host, port: target.port, limit: limit)
            return HTTPConnection(socket: socket, tls: stream)
        } catch {
            limit.signal.release()
            Glibc.close(socket)
            throw error
        }
    }

    /// Asks the proxy for a tunnel to the target (CONNECT); TLS then runs through it, end to end.
    private func tunnel(_ socket: Int32, to target: HTTPTarget, through proxy: ProxySettings.Proxy, limit: IOLimit) throws {
        let authority = target.authority(withPort: true)
        var head = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
        if let authorization = proxy.authorization { head += "Proxy-Authorization: \(authorization)\r\n" }
        let connection = HTTPConnection(socket: socket, tls: nil)
        try TCPSocket.write(socket, Array((head + "\r\n").utf8), limit: limit)
        let answer: HTTPResponse
        do {
            answer = try connection.readResponse(limit: limit, tunnel: true).0
        } catch HTTPConnection.Failure.closedBeforeAnswer {
            throw HTTPError.proxyFailed(proxy: proxy.name, detail: "closed the connection to \(target.host)")
        } catch let error as HTTPError {
            throw proxy.failure(error)
        }
        guard (200..<300).contains(answer.status) else { throw proxy.refusal(status: answer.status, host: target.host) }
    }

    /// The TLS context, made on the first https request (loading OpenSSL's configuration takes about 3 ms).
    private func context(host: String) throws(HTTPError) -> TLSContext {
        try tls.withLock { (made: inout TLSContext?) throws(HTTPError) -> TLSContext in
            if let made { return made }
            do throws(TLSContext.SetupFailure) {
                let context = try TLSContext(trust: trust)
                made = context
                return context
            } catch {
                throw .secureConnectionFailed(host: host, detail: error.detail)
            }
        }
    }

    /// The parser's and the connection's own failures as an `HTTPError`; anything else as it is.
    private static func describe(_ error: any Error) -> any Error {
        switch error {
        case HTTPConnection.Failure.closedBeforeAnswer, HTTPResponseParser.Failure.truncated:
            HTTPError.truncated
        case HTTPResponseParser.Failure.tooLarge:
            HTTPError.badResponse(.tooLarge)
        case HTTPResponseParser.Failure.unsupportedCoding:
            HTTPError.badResponse(.unsupportedCoding)
        case HTTPResponseParser.Failure.notGzip:
            HTTPError.badResponse(.notGzip)
        case HTTPResponseParser.Failure.malformed:
            HTTPError.badResponse(.malformed)
        default:
            error
        }
    }
}
