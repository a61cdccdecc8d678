import Foundation
@testable import HTTPKit
import Synchronization
import WeatherCoreTesting
import Testing

/// Connections opened ahead of requests, and idle ones given up before the server would give them up: counted on
/// real servers on 127.0.0.1 (connections accepted, requests received), never timed.
struct PreconnectTests {
    static let agent = "httpkit-tests/1"

    func url(_ server: LoopbackServer, _ path: String = "/x") -> URL { URL(string: server.baseURL + path)! }

    @Test func requestsMadeTogetherUseTheConnectionsOpenedForThem() async throws {
        let server = try LoopbackServer(identity: SocketTransportTests.localhost, keepAlive: true) { _ in .json("[]") }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent, trust: SocketTransportTests.trusted)
        transport.preconnect([url(server), url(server)], timeout: 30)
        #expect(await until { server.connectionsAccepted == 2 })
        async let first = transport.get(url(server), timeout: 30)
        async let second = transport.get(url(server), timeout: 30)
        _ = try await (first, second)
        #expect(server.requests.count == 2)
        #expect(server.connectionsAccepted == 2)
        #expect(transport.connectionsOpened == 2)
    }

    @Test func aRequestTakesOverAConnectionStillOpening() async throws {
        // Nothing waits for the connection to open: the request that follows at once takes it over.
        let server = try LoopbackServer(identity: SocketTransportTests.localhost, keepAlive: true) { _ in .json("[]") }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent, trust: SocketTransportTests.trusted)
        transport.preconnect([url(server)], timeout: 30)
        _ = try await transport.get(url(server), timeout: 30)
        _ = try await transport.get(url(server), timeout: 30)
        #expect(server.connectionsAccepted == 1)
        #expect(transport.connectionsOpened == 1)
    }

    @Test func connectionsAlreadyIdleAreCounted() async throws {
        let server = try LoopbackServer(keepAlive: true) { _ in .json("[]") }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        _ = try await transport.get(url(server), timeout: 30)
        transport.preconnect([url(server)], timeout: 30)
        #expect(transport.connectionsOpened == 1)
        transport.preconnect([url(server), url(server)], timeout: 30)
        #expect(await until { server.connectionsAccepted == 2 })
        // The server may accept before the opening thread has handed its connection to the pool.
        #expect(await until { transport.connectionsOpened == 2 })
        #expect(server.requests.count == 1)  // opening a connection sends nothing
    }

    @Test func eachServerGetsItsOwnConnections() async throws {
        let (a, b) = (try LoopbackServer(keepAlive: true) { _ in .json("[]") }, try LoopbackServer(keepAlive: true) { _ in .json("[]") })
        defer { a.stop(); b.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        transport.preconnect([url(a), url(b, "/y?key=1")], timeout: 30)
        #expect(await until { a.connectionsAccepted == 1 && b.connectionsAccepted == 1 })
        _ = try await transport.get(url(b), timeout: 30)
        #expect(b.connectionsAccepted == 1)
        #expect(transport.connectionsOpened == 2)
    }

    @Test func aConnectionThatCannotOpenIsReportedByTheRequestThatTookIt() async throws {
        let closed = try ClosedPort()
        let port = closed.port
        let transport = SocketTransport(userAgent: Self.agent)
        let target = URL(string: "http://127.0.0.1:\(port)/x")!
        transport.preconnect([target], timeout: 30)
        await #expect(throws: HTTPError.cannotConnect(host: "127.0.0.1")) { try await transport.get(target, timeout: 30) }
        // Nobody took the next one: it fails quietly, and a later request says why for itself.
        transport.preconnect([target], timeout: 30)
        await #expect(throws: HTTPError.cannotConnect(host: "127.0.0.1")) { try await transport.get(target, timeout: 30) }
    }

    @Test func cancellingARequestWaitingForAConnectionEndsIt() async throws {
        // TLS to a plain server that waits for a request: the handshake never ends, so the connection never opens.
        let server = try LoopbackServer { _ in .neverRespond }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        let target = URL(string: "https://127.0.0.1:\(server.port)/x")!
        transport.preconnect([target], timeout: 30)
        #expect(await until { server.connectionsAccepted == 1 })
        let request = Task { try await transport.get(target, timeout: 30) }
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(server.connectionsAccepted == 1)
    }

    @Test func anIdleConnectionIsGivenUpBeforeTheServerWouldCloseIt() async throws {
        // The server says it keeps an idle connection one second: too short to be sure of another request on it.
        let short = try LoopbackServer(keepAlive: true) { _ in .json("[]", headers: ["Keep-Alive": "timeout=1, max=100"]) }
        defer { short.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        _ = try await transport.get(url(short), timeout: 30)
        _ = try await transport.get(url(short), timeout: 30)
        #expect(short.connectionsAccepted == 2)
        #expect(short.requests.count == 2)
        // Five seconds leave room: the connection carries the next request.
        let long = try LoopbackServer(keepAlive: true) { _ in .json("[]", headers: ["Keep-Alive": "timeout=5"]) }
        defer { long.stop() }
        _ = try await transport.get(url(long), timeout: 30)
        _ = try await transport.get(url(long), timeout: 30)
        #expect(long.connectionsAccepted == 1)
    }

    @Test func aRequestWaitingForAConnectionStillOpeningTakesAKeptOneThatComesBackFirst() throws {
        // The prompt's second city (issue 25's won-prompt-table): the first city's air, asked late on the kept
        // connections, held them when the weather's requests left; they waited for new connections (a TCP and a TLS
        // handshake more) though a kept one came back a round trip later. Real sockets; the opening one is settled here.
        let pool = ConnectionPool()
        let (origin, pending) = ("https://a.test:443", PendingConnection())
        pool.opening(pending, for: origin)
        guard case .opening(let taken)? = pool.take(origin) else {
            Issue.record("the request did not take the connection opening")
            return
        }
        var keptPair: [Int32] = [0, 0]
        var openedPair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &keptPair) == 0)
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &openedPair) == 0)
        defer { (keptPair + openedPair).forEach { close($0) } }
        let kept = HTTPConnection(socket: keptPair[0], tls: nil)
        pool.put(kept, for: origin)
        let limit = IOLimit(deadline: .now + .seconds(10), timeout: 10, signal: CancelSignal())
        let (connection, reused) = try taken.wait(limit: limit)
        #expect(connection === kept)
        #expect(reused)  // a kept connection the server closed meanwhile is retried on a new one
        #expect(pool.ready(origin) == 0)
        // The connection opened for it, once ready, is kept for the next request.
        let opened = HTTPConnection(socket: openedPair[0], tls: nil)
        pool.settle(pending, for: origin, .success(opened))
        #expect(pool.ready(origin) == 1)
        guard case .idle(let next)? = pool.take(origin) else {
            Issue.record("the connection opened was not kept")
            return
        }
        #expect(next === opened)
    }

    @Test(arguments: [("timeout=5, max=100", 5), ("max=3, Timeout = 7", 7), ("max=3", nil), ("timeout=x", nil), (nil, nil)] as [(String?, Int?)])
    func theKeepAliveTimeoutIsRead(header: String?, seconds: Int?) {
        #expect(HTTPConnection.idleTimeout(header) == seconds)
    }
}
