import Foundation
@testable import HTTPKit
import Testing

/// The HTTP/1.1 response reader, fed whole and a byte at a time.
struct HTTPResponseParserTests {
    /// Feeds `text` whole and byte by byte; both must agree. Returns the response, or the failure.
    func parse(_ text: String, atEOF: Bool = false) -> Result<HTTPResponse, HTTPResponseParser.Failure> {
        let bytes = Array(text.utf8)
        var results: [Result<HTTPResponse, HTTPResponseParser.Failure>] = []
        for step in [bytes.count, 1] {
            var parser = HTTPResponseParser()
            results.append(Result { () throws(HTTPResponseParser.Failure) -> HTTPResponse in
                var offset = 0
                while offset < bytes.count {
                    let end = min(bytes.count, offset + max(step, 1))
                    if try parser.append(bytes[offset..<end]) { return parser.response! }
                    offset = end
                }
                guard atEOF else { throw .truncated }
                return try parser.finish()
            })
        }
        #expect(results[0].map(\.body) == results[1].map(\.body))
        return results[0]
    }

    @Test func contentLengthFramesTheBody() throws {
        let response = try parse("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}").get()
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"a\":1}")
    }

    @Test func chunkedBodiesWithExtensionsAndTrailers() throws {
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3;name=value\r\n:1}\r\n0\r\nExpires: never\r\n\r\n"
        #expect(String(decoding: try parse(text).get().body, as: UTF8.self) == "{\"a\":1}")
    }

    @Test func interimResponsesAreSkipped() throws {
        let response = try parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 429 Too Many\r\nRetry-After: 7\r\nContent-Length: 0\r\n\r\n").get()
        #expect(response.status == 429)
        #expect(response.headers["retry-after"] == "7")
    }

    @Test func withoutLengthTheBodyRunsToTheEnd() throws {
        #expect(try parse("HTTP/1.0 200 OK\r\n\r\n[1,2]", atEOF: true).get().body == Data("[1,2]".utf8))
        var parser = HTTPResponseParser()
        _ = try parser.append(Array("HTTP/1.0 200 OK\r\n\r\n[1".utf8))
        #expect(parser.closesConnection)
    }

    @Test func bareLineFeedsAreAccepted() throws {
        #expect(try parse("HTTP/1.1 204 No Content\n\n").get().status == 204)
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{\"a\"", HTTPResponseParser.Failure.truncated),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", .truncated),
        ("", .truncated),
        ("SSH-2.0-OpenSSH\r\n\r\n", .malformed),
        ("HTTP/1.1 2000 OK\r\n\r\n", .malformed),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nab", .malformed),
        ("HTTP/1.1 200 OK\r\nContent-Length: +2\r\n\r\nab", .malformed),
        ("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", .malformed),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .malformed),
        ("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 1\r\n\r\nx", .notGzip),
        ("HTTP/1.1 200 OK\r\nContent-Encoding: br\r\nContent-Length: 1\r\n\r\nx", .unsupportedCoding),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .unsupportedCoding),
        ("HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\n", .tooLarge),
        ("HTTP/1.1 200 OK\r\nContent-Length: 1048577\r\n\r\n", .tooLarge),
        ("HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 9000) + "\r\n\r\n", .tooLarge),
    ])
    func brokenAnswersFailClearly(text: String, failure: HTTPResponseParser.Failure) {
        #expect(throws: failure) { try parse(text, atEOF: true).get() }
    }

    @Test func trailersAndChunkExtensionsCountTowardsTheHeadLimit() throws {
        let trailers = (0..<10).map { "X-\($0): " + String(repeating: "a", count: 7000) + "\r\n" }.joined()
        let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(throws: HTTPResponseParser.Failure.tooLarge) { try parse(chunked + "2\r\n{}\r\n0\r\n" + trailers + "\r\n").get() }
        let extensions = String(repeating: "1;x=" + String(repeating: "e", count: 7000) + "\r\n{\r\n", count: 10)
        #expect(throws: HTTPResponseParser.Failure.tooLarge) { try parse(chunked + extensions + "0\r\n\r\n").get() }
        // A few of each, as a real server may send, are read.
        let few = "1;a=b\r\n{\r\n1\r\n}\r\n0\r\nX-Checksum: 1\r\n\r\n"
        #expect(try parse(chunked + few).get().body == Data("{}".utf8))
    }

    @Test func headersAddUpToALimit() {
        let many = (0..<10).map { "X-\($0): " + String(repeating: "a", count: 7000) + "\r\n" }.joined()
        #expect(throws: HTTPResponseParser.Failure.tooLarge) { try parse("HTTP/1.1 200 OK\r\n" + many + "\r\n").get() }
    }

    @Test func theConnectionIsReusableUnlessTheServerSaysClose() throws {
        for (header, reusable) in [("", true), ("Connection: close\r\n", false), ("Connection: Keep-Alive, Close\r\n", false)] {
            var parser = HTTPResponseParser()
            #expect(try parser.append(Array("HTTP/1.1 200 OK\r\n\(header)Content-Length: 0\r\n\r\n".utf8)))
            #expect(parser.closesConnection == !reusable)
        }
    }
}
