import Foundation
@testable import HTTPKit
import WeatherCoreTesting
import Testing

/// TLS session resumption against the loopback server: a second connection to the same host and port resumes
/// the first one's session (TLS 1.3 tickets, which arrive after the handshake, and TLS 1.2 sessions), and a
/// session is never offered to another host or port, even one that would accept it. The server closes every
/// connection after its answer (`Connection: close`), so each request makes a new connection and a new handshake.
struct TLSSessionResumptionTests {
    static let tls = Fixtures.folder.appendingPathComponent("tls")
    static let localhost = LoopbackServer.Identity(
        certificate: tls.appendingPathComponent("localhost-cert.pem").path, key: tls.appendingPathComponent("localhost-key.pem").path)
    static let agent = "httpkit-tests/1"

    func transport() -> SocketTransport {
        SocketTransport(userAgent: Self.agent, trust: .certificates(file: Self.localhost.certificate))
    }

    func get(_ transport: SocketTransport, _ url: String) async throws {
        #expect(try await transport.get(URL(string: url + "/x")!, timeout: 30).body == Data("[]".utf8))
    }

    func server(delay: Double = 0) throws -> LoopbackServer {
        try LoopbackServer(identity: Self.localhost) { _ in .json(Data("[]".utf8), delay: delay) }
    }

    @Test func laterConnectionsToTheSameHostResumeTheSession() async throws {
        let server = try server()
        defer { server.stop() }
        let transport = transport()
        try await get(transport, server.baseURL)
        #expect(transport.tlsSessionsResumed == 0)
        for resumed in 1...3 {
            try await get(transport, server.baseURL)
            #expect(transport.tlsSessionsResumed == resumed)
        }
        #expect(server.connectionsAccepted == 4)
        #expect(server.tlsSessionsResumed == 3)
    }

    @Test func twoConnectionsAtOnceAfterTheFirstEachResume() async throws {
        let server = try server(delay: 0.2)
        defer { server.stop() }
        let transport = transport()
        try await get(transport, server.baseURL)
        // The first handshake brought two tickets: one for each new connection.
        async let first: Void = get(transport, server.baseURL)
        async let second: Void = get(transport, server.baseURL)
        _ = try await (first, second)
        #expect(server.connectionsAccepted == 3)
        #expect(transport.tlsSessionsResumed == 2)
        #expect(server.tlsSessionsResumed == 2)
    }

    @Test func tls12SessionsAreResumedToo() async throws {
        let server = try server()
        server.limitToTLS12()
        defer { server.stop() }
        let transport = transport()
        for _ in 0..<3 { try await get(transport, server.baseURL) }
        #expect(server.connectionsAccepted == 3)
        #expect(transport.tlsSessionsResumed == 2)
        #expect(server.tlsSessionsResumed == 2)
    }

    @Test func aSessionIsNeverOfferedToAnotherHostName() async throws {
        let server = try server()
        defer { server.stop() }
        let transport = transport()
        try await get(transport, server.baseURL)  // 127.0.0.1
        try await get(transport, "https://localhost:\(server.port)")  // the same server, which would resume
        #expect(transport.tlsSessionsResumed == 0)
        try await get(transport, server.baseURL)
        try await get(transport, "https://localhost:\(server.port)")
        #expect(transport.tlsSessionsResumed == 2)
        #expect(server.tlsSessionsResumed == 2)
        // The resumed handshakes carry SNI as the full ones do.
        #expect(server.tlsServerNames == ["", "localhost", "", "localhost"])
    }

    @Test func aSessionIsNeverOfferedToAnotherPort() async throws {
        let first = try server()
        defer { first.stop() }
        let second = try server()
        defer { second.stop() }
        second.shareSessionTickets(with: first)  // either would resume the other's sessions
        let transport = transport()
        try await get(transport, first.baseURL)
        try await get(transport, second.baseURL)
        #expect(transport.tlsSessionsResumed == 0)
        #expect(second.tlsSessionsResumed == 0)
        try await get(transport, second.baseURL)
        try await get(transport, first.baseURL)
        #expect(transport.tlsSessionsResumed == 2)
        #expect(first.tlsSessionsResumed == 1)
        #expect(second.tlsSessionsResumed == 1)
    }

    @Test func sessionsBelongToOneTransportAndItsTrust() async throws {
        let server = try server()
        defer { server.stop() }
        try await get(transport(), server.baseURL)
        // Another transport, trusting nothing the server shows: the first one's session does not help it in.
        let distrusting = SocketTransport(
            userAgent: Self.agent, trust: .certificates(file: Self.tls.appendingPathComponent("other-cert.pem").path))
        await #expect(throws: HTTPError.secureConnectionFailed(host: "127.0.0.1", detail: "its certificate was not accepted (self-signed certificate)")) {
            try await get(distrusting, server.baseURL)
        }
        #expect(distrusting.tlsSessionsResumed == 0)
        #expect(server.tlsSessionsResumed == 0)
    }
}
