import Foundation

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
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension Unicode.Scalar {
    /// Control characters (C0, DEL, C1: the whole of Unicode's "Cc"), the bidirectional embeddings, overrides and
    /// isolates, and the replacement character. Plain arithmetic: Unicode property lookups cost far more.
    package var isUnsafeForTerminal: Bool {
        switch value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFFFD: true
        default: false
        }
    }
}
