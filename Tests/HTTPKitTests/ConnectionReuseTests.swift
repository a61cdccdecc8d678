import Foundation
@testable import HTTPKit
import WeatherCoreTesting
import Testing

/// Which answers leave their connection for the next request (issue 13, hardening 4): an HTTP/1.0 answer, one with
/// both Content-Length and Transfer-Encoding, and one followed by stray bytes are read, then their connection is
/// closed; the same Content-Length twice is valid, two different ones are refused.
struct ConnectionReuseTests {
    static let agent = "httpkit-tests/1"

    /// Serves `first` verbatim on a kept-alive connection, then plain `[]` answers; returns the two bodies and the
    /// connections the server accepted and the transport opened.
    func twoRequests(first: String) async throws -> (bodies: [Data], accepted: Int, opened: Int) {
        let server = try LoopbackServer(keepAlive: true) { request in
            request.path == "/first" ? .raw(Data(first.utf8)) : .json("[]")
        }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        let one = try await transport.get(URL(string: server.baseURL + "/first")!, timeout: 30)
        let two = try await transport.get(URL(string: server.baseURL + "/second")!, timeout: 30)
        return ([one.body, two.body], server.connectionsAccepted, transport.connectionsOpened)
    }

    @Test(arguments: [
        // Read, then closed: the next request goes on a new connection.
        ("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\n[]", 2),
        ("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\n[]", 2),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n", 2),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 99\r\n\r\n2\r\n[]\r\n0\r\n\r\n", 2),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", 2),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\nstray", 2),
        // Valid, and kept: the same length twice is one length.
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n[]", 1),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\n[]", 1),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]", 1),
    ])
    func onlyAnswersThatCanBeTrustedKeepTheirConnection(first: String, connections: Int) async throws {
        let (bodies, accepted, opened) = try await twoRequests(first: first)
        #expect(bodies == [Data("[]".utf8), Data("[]".utf8)])
        #expect(accepted == connections)
        #expect(opened == connections)
    }

    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n[]",
        "HTTP/1.1 200 OK\r\nContent-Length: 2, 3\r\n\r\n[]",
        "HTTP/1.1 200 OK\r\nContent-Length: 2,\r\n\r\n[]",
        "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n",
    ])
    func differentLengthsAreRefused(first: String) async throws {
        await #expect(throws: HTTPError.badResponse(.malformed)) {
            try await twoRequests(first: first)
        }
    }

    @Test func theParserSaysWhichAnswersEndTheirConnection() throws {
        for (text, closes) in [
            ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]", false),
            ("HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\n[]", false),
            ("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\n[]", true),
            ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n", true),
            ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n[]x", true),
            ("HTTP/1.1 304 Not Modified\r\n\r\nx", true),
        ] {
            var parser = HTTPResponseParser()
            #expect(try parser.append(Array(text.utf8)), "\(text)")
            #expect(parser.response?.body == (text.contains("[]") ? Data("[]".utf8) : Data()), "\(text)")
            #expect(parser.closesConnection == closes, "\(text)")
        }
    }
}
