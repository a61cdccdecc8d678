import FoundationEssentials

extension JSONValue {
    /// Compact JSON, object keys sorted.
    package var serialized: String {
        var out = ""
        write(to: &out, indent: nil)
        return out
    }

    /// JSON with two-space indentation, object keys sorted.
    package var prettyPrinted: String {
        var out = ""
        write(to: &out, indent: "")
        return out
    }

    private func write(to out: inout String, indent: String?) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += Self.format(value)
        case .string(let value): Self.quote(value, into: &out)
        case .array(let values):
            writeMembers(values.map { (nil, $0) }, open: "[", close: "]", to: &out, indent: indent)
        case .object(let members):
            writeMembers(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, open: "{", close: "}", to: &out, indent: indent)
        }
    }

    private func writeMembers(
        _ members: [(String?, JSONValue)], open: String, close: String, to out: inout String, indent: String?
    ) {
        out += open
        guard !members.isEmpty else { return out += close }
        let inner = indent.map { $0 + "  " }
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { out += "," }
            if let inner { out += "\n" + inner }
            if let key {
                Self.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
            }
            value.write(to: &out, indent: inner)
        }
        if let indent { out += "\n" + indent }
        out += close
    }

    /// A number as JSON writes it: whole numbers without a decimal point ("804", not "804.0").
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.isUnsafeForTerminal:
                // Escaped rather than written raw: the document stays valid JSON and harmless on a terminal.
                appendEscape(scalar, to: &out)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `\u` and four hex digits: how JSON writes a scalar of the Basic Multilingual Plane.
    static func appendEscape(_ scalar: Unicode.Scalar, to out: inout String) {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension Unicode.Scalar {
    /// What no text from outside may carry to a terminal or a JSON reader raw: control characters (C0, DEL, C1: the
    /// whole of Unicode's "Cc", NUL and line breaks included), the line and paragraph separators, the bidirectional
    /// marks, embeddings, overrides and isolates, the zero-width characters and the replacement character. Plain
    /// arithmetic: Unicode property lookups cost far more.
    package var isUnsafeForTerminal: Bool {
        switch value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF, 0xFFFD: true
        default: false
        }
    }
}

extension String {
    /// JSON text with every scalar `isUnsafeForTerminal` calls unsafe written as a `\u` escape. Such a scalar can only
    /// stand inside a string (JSON's own syntax is ASCII), where the escape means the same: the document reads the
    /// same, and shows nothing harmful when printed (Foundation's encoder passes C1, bidirectional and zero-width
    /// characters raw).
    package var escapingUnsafeScalarsInJSON: String {
        guard unicodeScalars.contains(where: { $0.isUnsafeForTerminal }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            // Tab, line feed and carriage return may be white space between tokens; inside a string an encoder has
            // escaped them already.
            if scalar.isUnsafeForTerminal, !["\t", "\n", "\r"].contains(scalar) {
                JSONValue.appendEscape(scalar, to: &out)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
