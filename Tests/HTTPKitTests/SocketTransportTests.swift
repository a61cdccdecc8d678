import Foundation
@testable import HTTPKit
import Synchronization
import WeatherCoreTesting
import Testing

/// The live transport against real servers on 127.0.0.1: plain and TLS, kept-alive connections, chunked bodies.
struct SocketTransportTests {
    static let tls = Fixtures.folder.appendingPathComponent("tls")
    static let localhost = LoopbackServer.Identity(
        certificate: tls.appendingPathComponent("localhost-cert.pem").path, key: tls.appendingPathComponent("localhost-key.pem").path)
    static let other = LoopbackServer.Identity(
        certificate: tls.appendingPathComponent("other-cert.pem").path, key: tls.appendingPathComponent("other-key.pem").path)
    static let trusted = TLSTrust.certificates(file: localhost.certificate)
    static let agent = "httpkit-tests/1"

    func get(_ transport: SocketTransport, _ server: LoopbackServer, _ path: String = "/data/2.5/weather?q=x") async throws -> HTTPResponse {
        try await transport.get(URL(string: server.baseURL + path)!, timeout: 30)
    }

    @Test func keptConnectionsCarryTheNextRequests() async throws {
        let server = try LoopbackServer(keepAlive: true) { _ in .json(Fixtures.data("current_testford.json")) }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        for _ in 0..<3 {
            #expect(try await get(transport, server).body == Fixtures.data("current_testford.json"))
        }
        #expect(server.requests.count == 3)
        #expect(server.connectionsAccepted == 1)
        #expect(transport.connectionsOpened == 1)
    }

    @Test func requestsNameTheProgramAndCarryTheCallersHeaders() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        let url = URL(string: server.baseURL + "/x")!
        _ = try await transport.get(url, timeout: 30)
        _ = try await transport.get(
            url, headers: ["user-agent": "weather-or-not/9 me@example.org", "If-Modified-Since": "Tue, 21 Jul 2020 10:00:00 GMT",
                "X-Split": "a\r\nInjected: yes"], timeout: 30)
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests.first?.headers["user-agent"] == Self.agent)
        #expect(requests.last?.headers["user-agent"] == "weather-or-not/9 me@example.org")
        #expect(requests.last?.headers["if-modified-since"] == "Tue, 21 Jul 2020 10:00:00 GMT")
        #expect(requests.last?.headers["injected"] == nil)  // a header with a line break is never sent
        #expect(requests.last?.headers["x-split"] == nil)
    }

    @Test func aKeptConnectionTheServerClosedIsReplaced() async throws {
        let server = try LoopbackServer(keepAlive: true) { _ in .json("[]") }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        _ = try await get(transport, server)
        #expect(await until { server.idleConnections == 1 })
        server.closeIdleConnections()
        #expect(try await get(transport, server).body == Data("[]".utf8))
        #expect(server.connectionsAccepted == 2)
        #expect(server.requests.count == 2)  // seen closed before anything was sent on it: no failed request
    }

    @Test func aKeptConnectionThatBreaksAsItIsReusedIsReplacedOnce() async throws {
        // The server drops the kept connection just as the second request arrives, as after an idle timeout.
        let count = Atomic<Int>(0)
        let server = try LoopbackServer(keepAlive: true) { _ in
            count.add(1, ordering: .relaxed).newValue == 2 ? .reset : .json("[]")
        }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        _ = try await get(transport, server)
        #expect(try await get(transport, server).body == Data("[]".utf8))
        #expect(server.requests.count == 3)
        #expect(server.connectionsAccepted == 2)
        // A new connection that breaks is not tried again by the transport (the client's retries decide).
        await #expect(throws: HTTPError.truncated) {
            try await get(SocketTransport(userAgent: Self.agent), try LoopbackServer { _ in .reset })
        }
    }

    @Test func connectionsTheServerClosesAreNotKept() async throws {
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        _ = try await get(transport, server)
        _ = try await get(transport, server)
        #expect(server.connectionsAccepted == 2)
    }

    @Test func chunkedBodiesArriveWhole() async throws {
        let body = Fixtures.data("forecast_testford.json")
        let server = try LoopbackServer(keepAlive: true) { _ in .chunked(body: body, chunkSize: 1000) }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        #expect(try await get(transport, server).body == body)
        #expect(try await get(transport, server).body == body)
        #expect(server.connectionsAccepted == 1)
    }

    @Test func theRequestIsAPlainHTTP11GetWithHost() async throws {
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        _ = try await get(SocketTransport(userAgent: Self.agent), server, "/geo/1.0/direct?q=S%C3%A3o%20Paulo&limit=5")
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.target == "/geo/1.0/direct?q=S%C3%A3o%20Paulo&limit=5")
    }

    @Test func httpsWithATrustedCertificate() async throws {
        let server = try LoopbackServer(identity: Self.localhost, keepAlive: true) { _ in .json(Fixtures.data("geo_london.json")) }
        defer { server.stop() }
        #expect(server.baseURL.hasPrefix("https://127.0.0.1:"))
        let transport = SocketTransport(userAgent: Self.agent, trust: Self.trusted)
        #expect(try await get(transport, server).body == Fixtures.data("geo_london.json"))
        // By name as well as by address, and on the kept connection.
        let byName = URL(string: "https://localhost:\(server.port)/geo/1.0/direct?q=London")!
        #expect(try await transport.get(byName, timeout: 30).status == 200)
        #expect(try await get(transport, server).status == 200)
        #expect(server.connectionsAccepted == 2)
    }

    @Test func httpsRefusesAnUntrustedCertificate() async throws {
        let server = try LoopbackServer(identity: Self.localhost) { _ in .json("[]") }
        defer { server.stop() }
        // Trusting only another certificate, whatever the machine's own authorities are.
        let transport = SocketTransport(userAgent: Self.agent, trust: .certificates(file: Self.other.certificate))
        let error = await #expect(throws: HTTPError.self) { try await get(transport, server) }
        guard case .secureConnectionFailed(let host, let detail) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1")
        #expect(detail == "its certificate was not accepted (self-signed certificate)")
        #expect(server.requests.isEmpty)
    }

    @Test func httpsRefusesACertificateForAnotherName() async throws {
        let server = try LoopbackServer(identity: Self.other) { _ in .json("[]") }
        defer { server.stop() }
        let trustingIt = SocketTransport(userAgent: Self.agent, trust: .certificates(file: Self.other.certificate))
        let error = await #expect(throws: HTTPError.self) { try await get(trustingIt, server) }
        guard case .secureConnectionFailed(_, let detail) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(detail.contains("mismatch"))
        #expect(server.requests.isEmpty)
    }

    @Test func tlsToAPlainServerFailsClearly() async throws {
        let server = try LoopbackServer(greeting: "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n") { _ in .json("[]") }
        defer { server.stop() }
        let url = URL(string: server.baseURL.replacingOccurrences(of: "http:", with: "https:") + "/x")!
        await #expect(throws: HTTPError.secureConnectionFailed(host: "127.0.0.1", detail: "the TLS handshake failed")) {
            try await SocketTransport(userAgent: Self.agent, trust: Self.trusted).get(url, timeout: 30)
        }
    }

    @Test func plainHTTPToATLSServerBreaksOff() async throws {
        let server = try LoopbackServer(identity: Self.localhost) { _ in .json("[]") }
        defer { server.stop() }
        let url = URL(string: server.baseURL.replacingOccurrences(of: "https:", with: "http:") + "/x")!
        await #expect(throws: HTTPError.truncated) {
            try await SocketTransport(userAgent: Self.agent).get(url, timeout: 30)
        }
    }

    @Test func aMissingTrustFileIsReported() async throws {
        let server = try LoopbackServer(identity: Self.localhost) { _ in .json("[]") }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent, trust: .certificates(file: "/nonexistent/ca.pem"))
        await #expect(throws: HTTPError.secureConnectionFailed(host: "127.0.0.1", detail: "the trusted certificates could not be loaded")) {
            try await get(transport, server)
        }
    }

    @Test func cancellingEndsAWaitingRequestAtOnce() async throws {
        let server = try LoopbackServer { _ in .neverRespond }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        let request = Task { try await get(transport, server) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        request.cancel()
        // A cancel, not the 5 s timeout: the request ends with CancellationError, never HTTPError.timedOut.
        await #expect(throws: CancellationError.self) { try await request.value }
    }

    @Test func addressesNeedNoLookupAndIPv6IsNamedPlainly() async throws {
        // Nothing listens on IPv6 here (the test server is IPv4): the error names the address without brackets.
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        await #expect(throws: HTTPError.cannotConnect(host: "::1")) {
            try await SocketTransport(userAgent: Self.agent).get(URL(string: "http://[::1]:\(server.port)/x")!, timeout: 2)
        }
        #expect(TCPSocket.isAddress("127.0.0.1") && TCPSocket.isAddress("::1"))
        #expect(!TCPSocket.isAddress("api.openweathermap.org"))
    }

    @Test func aSilentServerTimesOut() async throws {
        let server = try LoopbackServer { _ in .neverRespond }
        defer { server.stop() }
        await #expect(throws: HTTPError.timedOut(seconds: 0.3)) {
            try await SocketTransport(userAgent: Self.agent).get(URL(string: server.baseURL + "/x")!, timeout: 0.3)
        }
    }
}
