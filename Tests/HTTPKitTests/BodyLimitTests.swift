import Foundation
@testable import HTTPKit
import WeatherCoreTesting
import Testing

/// Memory amplification (issue 13, hardening 2): a body is capped at 1 MiB as sent and as inflated, refused at the
/// cap before anything parses it; the JSON reader reserves nothing per object and bounds nesting.
struct BodyLimitTests {
    static let agent = "httpkit-tests/1"
    static let tooLarge = HTTPError.badResponse(.tooLarge)

    /// `[{},{},…,{}]`, exactly `bytes` long (bytes ≡ 1 mod 3), built by doubling (a debug build loops slowly).
    static func emptyObjects(bytes: Int) -> Data {
        let objects = (bytes - 4) / 3
        var run = Data("{},".utf8)
        while run.count * 2 <= objects * 3 { run.append(run) }
        var data = Data(capacity: bytes)
        data.append(UInt8(ascii: "["))
        data.append(run)
        data.append(run.prefix(objects * 3 - run.count))
        data.append(contentsOf: Array("{}]".utf8))
        return data
    }

    /// 16 MiB of `[{},{},…]`: about 4 GB and 12–17 s to decode before these limits (issue 13).
    static let bomb = emptyObjects(bytes: 16 << 20)

    @Test func theCapFitsRealAnswersWithRoomToSpare() {
        #expect(HTTPResponseParser.maximumBodyBytes == 1 << 20)
        for name in ["forecast_testford.json", "metno/compact_fjordby.json", "openmeteo/forecast_testford.json"] {
            #expect(Fixtures.data(name).count * 30 < HTTPResponseParser.maximumBodyBytes, "\(name)")
        }
    }

    @Test func a16MiBAnswerWithItsLengthIsRefusedFromItsHead() async throws {
        let bomb = Self.bomb
        #expect(bomb.count == 16 << 20 && bomb.suffix(4) == Data(",{}]".utf8))
        let server = try LoopbackServer(gzip: false) { _ in .json(bomb) }
        defer { server.stop() }
        await #expect(throws: Self.tooLarge) {
            try await SocketTransport(userAgent: Self.agent).get(URL(string: server.baseURL + "/x")!, timeout: 30)
        }
    }

    @Test func a16MiBAnswerWithoutALengthIsRefusedAtTheCap() async throws {
        let bomb = Self.bomb
        let server = try LoopbackServer { _ in .chunked(body: bomb, chunkSize: 64 * 1024) }
        defer { server.stop() }
        await #expect(throws: Self.tooLarge) {
            try await SocketTransport(userAgent: Self.agent).get(URL(string: server.baseURL + "/x")!, timeout: 30)
        }
    }

    @Test func theParserStopsTakingBytesAtTheCap() throws {
        // Fed 16 KiB at a time, as the connection reads: refused within one read of the cap, never holding more.
        let head = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        let chunk = Array("10000\r\n".utf8) + Array(repeating: UInt8(ascii: " "), count: 0x10000) + Array("\r\n".utf8)
        let stream = head + Array(repeatElement(chunk, count: 32).joined())  // 2 MiB of body: twice the cap
        var parser = HTTPResponseParser()
        var fed = 0
        let step = 16 * 1024
        #expect(throws: HTTPResponseParser.Failure.tooLarge) {
            while fed < stream.count {
                let end = min(stream.count, fed + step)
                defer { fed = end }
                try parser.append(stream[fed..<end])
            }
        }
        #expect(fed <= HTTPResponseParser.maximumBodyBytes + 2 * step)
    }

    /// A server that never ends a header line, or never ends the trailers after a chunked body: refused at the cap
    /// on what frames a body (64 KiB, lines of 8 KiB at most), not left to run until the deadline. What the server
    /// managed to send is counted: the cap, plus what the two sockets' buffers held.
    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Endless: ", String(repeating: "a", count: 1024)),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n", "X-Trailer: " + String(repeating: "t", count: 100) + "\r\n"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "1;note=" + String(repeating: "e", count: 4000) + "\r\n{\r\n"),
        ("HTTP/1.1 200 OK\r\n", "X-Many: " + String(repeating: "h", count: 100) + "\r\n"),
    ])
    func anEndlessHeadOrTrailerIsRefusedAtItsCap(head: String, repeating: String) async throws {
        let server = try LoopbackServer { _ in .endless(head: Data(head.utf8), repeating: Data(repeating.utf8)) }
        defer { server.stop() }
        await #expect(throws: Self.tooLarge) {
            try await SocketTransport(userAgent: Self.agent).get(URL(string: server.baseURL + "/x")!, timeout: 60)
        }
        // The server counts once the client has closed the connection and a write failed.
        #expect(await until { server.bytesSent > 0 })
        #expect(server.bytesSent > HTTPResponseParser.maximumLineBytes)
        #expect(server.bytesSent < 8 << 20, "\(server.bytesSent) bytes sent")
    }

    @Test func theLargestAcceptedAnswerParsesWithoutReservingPerObject() throws {
        let json = try JSONValue.parse(Self.emptyObjects(bytes: HTTPResponseParser.maximumBodyBytes))
        #expect(json.array?.count == 349_525)
        // Each `{}` holds no storage of its own; an object grows with its members.
        #expect(json.array?.allSatisfy { $0.object?.capacity == 0 } == true)
        #expect(try JSONValue.parse(#"{"a":1}"#).object!.capacity < 12)
    }

    @Test func nestingDeeperThanTheLimitIsOneClearError() throws {
        #expect(JSONValue.maximumDepth == 64)
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONValue.parse(deepest) }
        for text in [
            String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
            String(repeating: "{\"a\":", count: 65) + "1" + String(repeating: "}", count: 65),
            String(repeating: "[", count: 100_000),
        ] {
            #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(text) }
            do {
                _ = try JSONValue.parse(text)
            } catch {
                #expect(error.reason == .tooDeep)
                #expect(error.offset == 64 * (text.hasPrefix("{") ? 5 : 1))
            }
        }
        #expect(throws: JSONValue.SyntaxError(offset: 1, reason: .notJSON)) { try JSONValue.parse("[}") }
    }
}
