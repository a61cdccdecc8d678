import Foundation
@testable import HTTPKit
import Synchronization
import WeatherCoreTesting
import Testing

/// A view's requests before what is asked beside it (`RequestPriority`): a background request never takes a connection
/// kept from, or opened for, a view's request, so it never holds one the view waits for. Counted on real servers on
/// 127.0.0.1 (connections accepted, the connection each request came on), never timed.
struct RequestPriorityTests {
    static let agent = "httpkit-tests/1"

    func url(_ server: LoopbackServer, _ path: String) -> URL { URL(string: server.baseURL + path)! }

    /// The prompt's 2nd city while the 1st city's air falls back to OpenWeather (issue 28): the air's requests, asked
    /// beside the 1st view, took the connections the 1st view had kept, and the 2nd view's weather waited a round trip
    /// for one to come back. Now the background request opens its own, and the view's request takes the kept one at
    /// once, while the background one's answer is still held.
    @Test func aBackgroundRequestLeavesTheConnectionAViewKeptForTheNextView() async throws {
        let released = Mutex(false)
        let server = try LoopbackServer(identity: SocketTransportTests.localhost, keepAlive: true) { request in
            if request.path == "/beside" {
                // Held until the view's next request has been answered (or ten seconds, when it never is).
                let start = ContinuousClock.now
                while !released.withLock({ $0 }), ContinuousClock.now - start < .seconds(10) { usleep(2_000) }
            }
            return .json("[]")
        }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent, trust: SocketTransportTests.trusted)
        _ = try await transport.get(url(server, "/view"), timeout: 30)
        let beside = Task {
            try await RequestPriority.$current.withValue(.background) { try await transport.get(url(server, "/beside"), timeout: 30) }
        }
        #expect(await until { server.requests(to: "/beside").count == 1 })
        #expect(server.requests(to: "/beside").first?.connection == 2, "the background request opened its own connection")
        _ = try await transport.get(url(server, "/view"), timeout: 30)
        released.withLock { $0 = true }
        _ = try await beside.value
        #expect(server.requests(to: "/view").map(\.connection) == [1, 1], "the view's requests, both on the connection kept")
        #expect(server.connectionsAccepted == 2)
        // The background request's connection is kept for the next background request.
        _ = try await RequestPriority.$current.withValue(.background) { try await transport.get(url(server, "/beside"), timeout: 30) }
        #expect(server.requests(to: "/beside").map(\.connection) == [2, 2])
        #expect(server.connectionsAccepted == 2)
    }

    /// `preconnect(_:beside:)`: one connection for the view's request and one for the request beside it, each taken by
    /// its own, whichever asks first.
    @Test func eachPriorityTakesTheConnectionOpenedForIt() async throws {
        let server = try LoopbackServer(identity: SocketTransportTests.localhost, keepAlive: true) { _ in .json("[]") }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent, trust: SocketTransportTests.trusted)
        transport.preconnect([url(server, "/view")], beside: [url(server, "/beside")], timeout: 30)
        #expect(await until { server.connectionsAccepted == 2 })
        // Already open: asked again, nothing more is opened for either.
        transport.preconnect([url(server, "/view")], beside: [url(server, "/beside")], timeout: 30)
        _ = try await RequestPriority.$current.withValue(.background) { try await transport.get(url(server, "/beside"), timeout: 30) }
        _ = try await transport.get(url(server, "/view"), timeout: 30)
        #expect(server.connectionsAccepted == 2)
        #expect(transport.connectionsOpened == 2)
        let (view, beside) = (server.requests(to: "/view").map(\.connection), server.requests(to: "/beside").map(\.connection))
        #expect(view.count == 1 && beside.count == 1 && view != beside, "each on a connection of its own")
    }

    /// The pool's rule on its own: a foreground request takes any connection, its own priority's first; a background
    /// one only one kept for the background.
    @Test func aViewsRequestTakesAnyKeptConnectionABackgroundOneOnlyItsOwn() throws {
        let pool = ConnectionPool()
        let origin = "https://a.test:443"
        var pairs: [[Int32]] = [[0, 0], [0, 0]]
        for index in pairs.indices { #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pairs[index]) == 0) }
        defer { pairs.joined().forEach { close($0) } }
        let (viewKept, besideKept) = (HTTPConnection(socket: pairs[0][0], tls: nil), HTTPConnection(socket: pairs[1][0], tls: nil))
        pool.put(viewKept, for: origin)
        #expect(pool.take(origin, priority: .background) == nil)
        pool.put(besideKept, for: origin, priority: .background)
        #expect(pool.ready(origin) == 1 && pool.ready(origin, priority: .background) == 1)
        guard case .idle(let taken)? = pool.take(origin, priority: .background) else {
            Issue.record("the background request did not take the connection kept for it")
            return
        }
        #expect(taken === besideKept)
        guard case .idle(let first)? = pool.take(origin) else {
            Issue.record("the view's request did not take the connection it kept")
            return
        }
        #expect(first === viewKept)
        // With none of its own left, a view's request takes the background's.
        pool.put(besideKept, for: origin, priority: .background)
        guard case .idle(let second)? = pool.take(origin) else {
            Issue.record("the view's request did not take the background's connection")
            return
        }
        #expect(second === besideKept)
    }

    /// A connection coming back goes to a view's request waiting for one still opening before a background one.
    @Test func aConnectionComingBackGoesToAViewsRequestFirst() throws {
        let pool = ConnectionPool()
        let origin = "https://a.test:443"
        let (forBeside, forView) = (PendingConnection(for: .background), PendingConnection())
        pool.opening(forBeside, for: origin)
        pool.opening(forView, for: origin)
        guard case .opening(let besideWaits)? = pool.take(origin, priority: .background),
            case .opening(let viewWaits)? = pool.take(origin)
        else {
            Issue.record("the requests did not take the connections opening for them")
            return
        }
        #expect(besideWaits === forBeside && viewWaits === forView)
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { pair.forEach { close($0) } }
        let kept = HTTPConnection(socket: pair[0], tls: nil)
        pool.put(kept, for: origin, priority: .background)
        let limit = IOLimit(deadline: .now + .seconds(10), timeout: 10, signal: CancelSignal())
        let (connection, reused) = try viewWaits.wait(limit: limit)
        #expect(connection === kept && reused)
    }
}
