import FoundationEssentials

extension JSONValue {
    /// Not JSON, or nested too deeply to be read: why, and where.
    package struct SyntaxError: Error, Equatable {
        package enum Reason: Equatable, Sendable {
            /// Not JSON (RFC 8259).
            case notJSON
            /// Arrays and objects nested deeper than `JSONValue.maximumDepth`.
            case tooDeep
        }

        package let offset: Int
        package var reason = Reason.notJSON
    }

    /// How deeply arrays and objects may nest: real answers use 4 or 5 levels. Each level is a recursive call,
    /// so the bound also bounds the stack.
    package static let maximumDepth = 64

    /// Parses a whole document; nesting is limited to `maximumDepth` levels.
    package static func parse(_ data: Data) throws(SyntaxError) -> JSONValue {
        let parsed: Result<JSONValue, SyntaxError> = data.withUnsafeBytes { bytes in
            var parser = Parser(bytes: bytes.bindMemory(to: UInt8.self))
            return Result { () throws(SyntaxError) -> JSONValue in try parser.document() }
        }
        return try parsed.get()
    }

    package static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        try parse(Data(text.utf8))
    }
}

/// A recursive-descent JSON reader over bytes (RFC 8259; a leading byte-order mark is skipped).
private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    }

    mutating func document() throws(JSONValue.SyntaxError) -> JSONValue {
        let value = try self.value()
        skipSpace()
        guard offset == bytes.count else { throw failure }
        return value
    }

    private var failure: JSONValue.SyntaxError { JSONValue.SyntaxError(offset: offset) }

    private mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private mutating func value() throws(JSONValue.SyntaxError) -> JSONValue {
        skipSpace()
        guard offset < bytes.count else { throw failure }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return .number(try number())
        }
    }

    private mutating func nest() throws(JSONValue.SyntaxError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else { throw JSONValue.SyntaxError(offset: offset, reason: .tooDeep) }
        offset += 1
        skipSpace()
    }

    private mutating func object() throws(JSONValue.SyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        // Grown as members arrive: room reserved ahead would be paid for every object, even `{}` in a hostile
        // `[{},{},…]` (12 members reserved for each made 1 MiB of it take 260 MB; now 20 MB, 24 bytes an element).
        var members: [String: JSONValue] = [:]
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure }
            let key = try string()
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw failure }
            offset += 1
            members[key] = try value()
            skipSpace()
            guard offset < bytes.count else { throw failure }
            let separator = bytes[offset]
            offset += 1
            if separator == UInt8(ascii: "}") { return .object(members) }
            guard separator == UInt8(ascii: ",") else { throw failure }
        }
    }

    private mutating func array() throws(JSONValue.SyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        var values: [JSONValue] = []
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(values)
        }
        while true {
            values.append(try value())
            skipSpace()
            guard offset < bytes.count else { throw failure }
            let separator = bytes[offset]
            offset += 1
            if separator == UInt8(ascii: "]") { return .array(values) }
            guard separator == UInt8(ascii: ",") else { throw failure }
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONValue.SyntaxError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw failure }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { throw failure }
        offset += count
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    private mutating func number() throws(JSONValue.SyntaxError) -> Double {
        let start = offset
        let negative = offset < bytes.count && bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        let integerStart = offset
        var mantissa: UInt64 = 0
        var digits = 0
        readDigits(into: &mantissa, count: &digits)
        // No empty integer part, and no leading zero before more digits.
        guard offset > integerStart, bytes[integerStart] != UInt8(ascii: "0") || offset == integerStart + 1 else { throw failure }
        var fractionDigits = 0
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            let fraction = offset
            readDigits(into: &mantissa, count: &digits)
            fractionDigits = offset - fraction
            guard fractionDigits > 0 else { throw failure }
        }
        var simple = true
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            simple = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let exponent = offset
            var ignored: UInt64 = 0
            var count = 0
            readDigits(into: &ignored, count: &count)
            guard offset > exponent else { throw failure }
        }
        // Up to 15 digits and 22 decimals: both numbers are exact doubles, so one division rounds correctly.
        if simple, digits <= 15, fractionDigits <= 22 {
            let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)),
            value.isFinite
        else { throw failure }
        return value
    }

    /// Reads decimal digits; the first 19 accumulate into `mantissa`, all are counted.
    private mutating func readDigits(into mantissa: inout UInt64, count: inout Int) {
        while offset < bytes.count {
            let digit = bytes[offset] &- 48
            guard digit < 10 else { return }
            if count < 19 { mantissa = mantissa &* 10 &+ UInt64(digit) }
            count += 1
            offset += 1
        }
    }

    /// A string starting at the opening quote; escapes decoded, invalid UTF-8 replaced.
    private mutating func string() throws(JSONValue.SyntaxError) -> String {
        offset += 1
        var start = offset
        var decoded: [UInt8] = []
        var escaped = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                defer { offset += 1 }
                guard escaped else { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self) }
                decoded.append(contentsOf: bytes[start..<offset])
                return String(decoding: decoded, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw failure }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                decoded.append(contentsOf: bytes[start..<offset])
                offset += 1
                try escape(into: &decoded)
                start = offset
            } else {
                offset += 1
            }
        }
        throw failure
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(JSONValue.SyntaxError) {
        guard offset < bytes.count else { throw failure }
        let code = bytes[offset]
        offset += 1
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(code)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar), offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                bytes[offset + 1] == UInt8(ascii: "u")
            {
                offset += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            decoded.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        default:
            throw failure
        }
    }

    private mutating func hex4() throws(JSONValue.SyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 65...70: digit = byte - 55
            case 97...102: digit = byte - 87
            default: throw failure
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }
}
