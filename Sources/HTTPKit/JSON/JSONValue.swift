import FoundationEssentials

/// A parsed JSON document: what answers and files are read into and written from.
///
/// Used instead of Codable for the files and answers every run reads: JSONDecoder looks up protocol conformances
/// for each decoded type the first time, and in the static release build each lookup scans every conformance in
/// the binary, which made decoding a few small answers at start-up cost about 4 ms (docs/PERFORMANCE.md).
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A member of an object; nil for anything else. Setting it on anything but an object does nothing.
    package subscript(key: String) -> JSONValue? {
        get {
            if case .object(let members) = self { members[key] } else { nil }
        }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }

    package var object: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    package var double: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// A whole number that fits in an Int.
    package var int: Int? {
        guard let value = double, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    package var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    package var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    package var array: [JSONValue]? {
        if case .array(let values) = self { values } else { nil }
    }

    /// A number or a string, as text (some APIs send the same member as either).
    package var text: String? {
        switch self {
        case .string(let value): value
        case .number(let value): Self.format(value)
        default: nil
        }
    }
}
