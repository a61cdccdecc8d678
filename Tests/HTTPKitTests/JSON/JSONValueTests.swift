import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing

/// The JSON reader and writer.
struct JSONValueTests {
    @Test func readsEveryKindOfValue() throws {
        let json = try JSONValue.parse(#" {"a": [1, -2.5e2, true, false, null], "b": {"c": "d"}, "e": 0.1} "#)
        #expect(json["a"] == .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
        #expect(json["b"]?["c"]?.string == "d")
        #expect(json["e"]?.double == 0.1)
        #expect(json["missing"] == nil)
        #expect(json["a"]?["not an object"] == nil)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let json = try JSONValue.parse(#""a\"b\\c\/d\n\t\u00e9\u4e2d\ud83c\udf27""#)
        #expect(json.string == "a\"b\\c/d\n\té中🌧")
    }

    @Test func numbersAsIntegersOnlyWhenWhole() throws {
        #expect(try JSONValue.parse("804").int == 804)
        #expect(try JSONValue.parse("804.5").int == nil)
        #expect(try JSONValue.parse(#""401""#).text == "401")
        #expect(try JSONValue.parse("401").text == "401")
    }

    @Test func numbersReadExactlyAsSwiftReadsThem() throws {
        var texts = [
            "0", "-0", "0.1", "12.345", "1795321553.0611815", "-0.000123", "123456789012345", "1234567890123456789",
            "9007199254740993", "0.30000000000000004", "1.7976931348623157e308", "5e-324", "-33.8688", "0.0000000000000000000000001",
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let digits = String((0..<Int.random(in: 1...20, using: &random)).map { _ in "0123456789".randomElement(using: &random)! })
            let integer = digits.drop { $0 == "0" }
            let point = Int.random(in: 0...integer.count, using: &random)
            let whole = integer.prefix(point).isEmpty ? "0" : String(integer.prefix(point))
            let fraction = integer.dropFirst(point)
            texts.append((Bool.random(using: &random) ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction))
        }
        for text in texts {
            #expect(try JSONValue.parse(text).double == Double(text), "\(text)")
        }
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "1e", "+1", "tru", "nul", "\"abc", "\"a\u{01}b\"",
        "\"\\x\"", "\"\\u12\"", "{\"a\" 1}", "{1:2}", "[1 2]", "1 2", "NaN", "1e999",
        String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
    ])
    func rejectsWhatIsNotJSON(text: String) {
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(text) }
    }

    @Test func acceptsDeepButBoundedNesting() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONValue.parse(text) }
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        for name in ["forecast_testford.json", "current_daytown.json", "geo_springfield.json"] {
            let json = try JSONValue.parse(Fixtures.data(name))
            #expect(try JSONValue.parse(json.serialized) == json, "\(name)")
            #expect(try JSONValue.parse(json.prettyPrinted) == json, "\(name)")
        }
        let awkward = JSONValue.object(["q\"\\\n\u{1}": .array([.number(1e300), .number(-0.000123), .string("")]), "e": .object([:])])
        #expect(try JSONValue.parse(awkward.serialized) == awkward)
        #expect(awkward.serialized == #"{"e":{},"q\"\\\n\u0001":[1e+300,-0.000123,""]}"#)

        // What could act on a terminal (DEL, a C1 control, a bidirectional override) is escaped, never written raw.
        let hostile = JSONValue.string("a\u{7F}b\u{9B}31mc\u{202E}d é")
        #expect(hostile.serialized == #""a\u007fb\u009b31mc\u202ed é""#)
        #expect(try JSONValue.parse(hostile.serialized) == hostile)
        let invisible = JSONValue.string("a\u{200E}b\u{200B}c\u{2028}d\u{FEFF}e")
        #expect(invisible.serialized == #""a\u200eb\u200bc\u2028d\ufeffe""#)
    }

    /// Another encoder's text (Foundation's passes C1, bidirectional and zero-width characters raw) made as safe as
    /// this writer's, and still the same document.
    @Test func unsafeScalarsInAnotherEncodersTextAreEscaped() throws {
        let raw = "{\n  \"name\" : \"a\u{9B}31m\u{202E}b\u{200B}\\u0007\"\n}"
        let escaped = raw.escapingUnsafeScalarsInJSON
        #expect(escaped == "{\n  \"name\" : \"a\\u009b31m\\u202eb\\u200b\\u0007\"\n}")
        #expect(try JSONValue.parse(escaped) == JSONValue.parse(raw))
        #expect("{\"a\": 1}".escapingUnsafeScalarsInJSON == "{\"a\": 1}")
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try JSONValue.parse(Data([0xEF, 0xBB, 0xBF]) + Data("[]".utf8)) == .array([]))
    }
}
