import Foundation
@testable import HTTPKit
import WeatherCoreTesting
import Testing

/// gzip-compressed answers (issue 13, speed 4): asked for on every request, inflated through zlib in bounded steps,
/// and judged after the status; a body that says gzip and is not, or that inflates past the limit, is one error.
struct GzipTests {
    static let agent = "httpkit-tests/1"
    static let notGzip = HTTPError.badResponse(.notGzip)
    static let tooLarge = HTTPError.badResponse(.tooLarge)

    func get(_ transport: SocketTransport, _ server: LoopbackServer, _ path: String = "/data/2.5/forecast?q=x") async throws -> HTTPResponse {
        try await transport.get(URL(string: server.baseURL + path)!, timeout: 30)
    }

    @Test func requestsAskForGzipAndCompressedAnswersArriveInflated() async throws {
        let forecast = Fixtures.data("forecast_testford.json")
        let server = try LoopbackServer(keepAlive: true) { _ in .json(forecast) }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        for _ in 0..<2 {
            let response = try await get(transport, server)
            #expect(response.status == 200)
            #expect(response.body == forecast)
            #expect(response.headers["content-encoding"] == nil)  // the body handed on is no longer gzip
        }
        #expect(server.requests.allSatisfy { $0.headers["accept-encoding"] == "gzip" })
        #expect(server.bytesSent < forecast.count / 2)  // about 2.6 KB a time instead of 15.7 KB
        #expect(server.connectionsAccepted == 1)
    }

    @Test func aCallerCanAskForTheBodyAsItIs() async throws {
        let server = try LoopbackServer { _ in .json("[1,2,3]") }
        defer { server.stop() }
        let response = try await SocketTransport(userAgent: Self.agent).get(
            URL(string: server.baseURL + "/x")!, headers: ["accept-encoding": "identity"], timeout: 30)
        #expect(response.body == Data("[1,2,3]".utf8))
        #expect(server.requests.first?.headers["accept-encoding"] == "identity")
    }

    @Test func theStatusIsJudgedBeforeTheCoding() async throws {
        // A 401 with a gzip body is a 401 with its message; one whose body cannot be read is still a 401 (or a 503).
        let message = Fixtures.data("error_401.json")
        let server = try LoopbackServer { request in
            switch request.path {
            case "/gzip": .respond(status: 401, headers: ["Content-Encoding": "gzip"], body: LoopbackServer.gzip(message))
            case "/not-gzip": .respond(status: 401, headers: ["Content-Encoding": "gzip"], body: message)
            default: .respond(status: 503, headers: ["Content-Encoding": "br", "Retry-After": "7"], body: Data([1, 2, 3]))
            }
        }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent)
        let gzipped = try await get(transport, server, "/gzip")
        #expect(gzipped.status == 401)
        #expect(gzipped.body == message)
        let unreadable = try await get(transport, server, "/not-gzip")
        #expect(unreadable.status == 401)
        #expect(unreadable.body.isEmpty)
        let brotli = try await get(transport, server, "/br")
        #expect(brotli.status == 503)
        #expect(brotli.headers["retry-after"] == "7")
    }

    @Test func aSuccessThatSaysGzipAndIsNotIsOneClearError() async throws {
        let forecast = LoopbackServer.gzip(Fixtures.data("forecast_testford.json"))
        let bodies = [
            Data("{\"cod\":200}".utf8),  // plain JSON
            forecast.prefix(forecast.count / 2),  // cut short
            forecast + Data("trailing".utf8),  // something after the stream
            Data([0x1F, 0x8B]),  // a gzip magic number and nothing more
        ]
        for body in bodies {
            let server = try LoopbackServer { _ in .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: body) }
            defer { server.stop() }
            await #expect(throws: Self.notGzip) { try await get(SocketTransport(userAgent: Self.agent), server) }
        }
    }

    @Test func aSuccessInAnotherCodingIsRefused() async throws {
        let server = try LoopbackServer { _ in .respond(status: 200, headers: ["Content-Encoding": "br"], body: Data("[]".utf8)) }
        defer { server.stop() }
        await #expect(throws: HTTPError.badResponse(.unsupportedCoding)) {
            try await get(SocketTransport(userAgent: Self.agent), server)
        }
    }

    @Test func aGzipBombStopsAtTheLimit() async throws {
        // 16 MiB of `[{},{},…]` compresses to about 16 KB: it is inflated 16 KiB at a time and refused at 1 MiB.
        let packed = LoopbackServer.gzip(BodyLimitTests.bomb)
        let server = try LoopbackServer { _ in .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: packed) }
        defer { server.stop() }
        await #expect(throws: Self.tooLarge) { try await get(SocketTransport(userAgent: Self.agent), server) }
        #expect(server.bytesSent < 64 * 1024)
    }

    @Test func inflatingIsBoundedByTheLimit() throws {
        let text = Data(String(repeating: "{\"temp\":12.5},", count: 5000).utf8)
        let packed = [UInt8](LoopbackServer.gzip(text))
        #expect(try Gzip.inflate(packed, limit: text.count) == [UInt8](text))
        #expect(throws: Gzip.Failure.tooLarge) { try Gzip.inflate(packed, limit: text.count - 1) }
        // Members in a row read as one (RFC 1952).
        #expect(try Gzip.inflate(packed + packed, limit: 2 * text.count) == [UInt8](text + text))
        // zlib's own wrapper, raw deflate, nothing: not gzip.
        #expect(throws: Gzip.Failure.notGzip) { try Gzip.inflate([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01], limit: 100) }
        #expect(throws: Gzip.Failure.notGzip) { try Gzip.inflate([], limit: 100) }
        #expect(throws: Gzip.Failure.notGzip) { try Gzip.inflate(Array(packed.dropLast(4)), limit: text.count) }
    }

    @Test func theParserInflatesAndStillReadsTheStatusFirst() throws {
        let message = Array(LoopbackServer.gzip(Data("{\"message\":\"no\"}".utf8)))
        var parser = HTTPResponseParser()
        #expect(try parser.append(Array("HTTP/1.1 401 Unauthorized\r\nContent-Encoding: gzip\r\nContent-Length: \(message.count)\r\n\r\n".utf8) + message))
        #expect(parser.response?.status == 401)
        #expect(parser.response?.body == Data("{\"message\":\"no\"}".utf8))
        // An empty body needs no inflating, whatever the header says.
        var empty = HTTPResponseParser()
        #expect(try empty.append(Array("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 0\r\n\r\n".utf8)))
        #expect(empty.response?.body.isEmpty == true)
    }
}
