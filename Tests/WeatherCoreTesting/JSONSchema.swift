import Foundation
import HTTPKit

/// A JSON Schema (draft 2020-12) validator for the part of it that docs/weather-or-not.schema.json uses: `type`
/// (one or a list; "integer" is a number without a fraction), `const`, `enum`, `properties`, `required`,
/// `additionalProperties` (false or a schema), `minProperties`, `items`, `minimum`, `maximum`, `pattern`, `format`
/// ("date-time" as RFC 3339 with a numeric offset, "date"), `oneOf`, `anyOf`, and `$ref` to "#/$defs/NAME".
/// A schema using any other keyword is refused, so that no rule of it goes unchecked. Annotations (`$schema`,
/// `title`, `description`, `$comment`) and `$defs` are read past.
package struct JSONSchema {
    package struct UnsupportedSchema: Error, CustomStringConvertible {
        package var description: String
    }

    private let root: JSONValue

    package init(_ text: String) throws {
        root = try JSONValue.parse(text)
        try check(root, at: "#")
    }

    package init(contentsOf url: URL) throws {
        try self.init(String(contentsOf: url, encoding: .utf8))
    }

    /// The schema kept in the repository: docs/weather-or-not.schema.json.
    package static func repository() throws -> JSONSchema {
        try JSONSchema(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/weather-or-not.schema.json"))
    }

    /// Every way `document` (JSON text) breaks the schema, each with where ("$.hourly.rows[2].wind.speed"); empty when
    /// it conforms. A document that is not JSON is one error.
    package func errors(in document: String) -> [String] {
        guard let value = try? JSONValue.parse(document) else { return ["$: not JSON"] }
        var errors: [String] = []
        validate(value, against: root, at: "$", into: &errors)
        return errors
    }

    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$comment", "$defs"]
    private static let keywords: Set<String> = [
        "type", "const", "enum", "properties", "required", "additionalProperties", "minProperties", "items", "minimum", "maximum",
        "pattern", "format", "oneOf", "anyOf", "$ref",
    ]

    /// Refuses a schema with a keyword this validator does not check, a `$ref` it cannot follow, or a pattern that is
    /// not a regular expression.
    private func check(_ schema: JSONValue, at path: String) throws {
        if case .bool = schema { return }
        guard let members = schema.object else { throw UnsupportedSchema(description: "\(path): a schema is an object or a boolean") }
        for (key, value) in members {
            guard Self.annotations.contains(key) || Self.keywords.contains(key) else {
                throw UnsupportedSchema(description: "\(path): keyword \(key) is not supported")
            }
            switch key {
            case "properties", "$defs":
                for (name, member) in value.object ?? [:] { try check(member, at: "\(path)/\(key)/\(name)") }
            case "items", "additionalProperties": try check(value, at: "\(path)/\(key)")
            case "oneOf", "anyOf":
                for (index, member) in (value.array ?? []).enumerated() { try check(member, at: "\(path)/\(key)/\(index)") }
            case "$ref":
                guard let reference = value.string, resolve(reference) != nil else {
                    throw UnsupportedSchema(description: "\(path): cannot follow $ref \(value)")
                }
            case "pattern":
                guard let pattern = value.string, (try? Regex(pattern)) != nil else {
                    throw UnsupportedSchema(description: "\(path): pattern \(value) is not a regular expression")
                }
            case "format":
                guard ["date-time", "date"].contains(value.string) else { throw UnsupportedSchema(description: "\(path): format \(value)") }
            default: break
            }
        }
    }

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/$defs/") else { return nil }
        return root["$defs"]?[String(reference.dropFirst("#/$defs/".count))]
    }

    private func validate(_ value: JSONValue, against schema: JSONValue, at path: String, into errors: inout [String]) {
        if case .bool(let accepts) = schema {
            if !accepts { errors.append("\(path): not allowed") }
            return
        }
        guard let rules = schema.object else { return }
        if let reference = rules["$ref"]?.string, let target = resolve(reference) {
            validate(value, against: target, at: path, into: &errors)
        }
        if let type = rules["type"] {
            let allowed = type.array?.compactMap(\.string) ?? type.string.map { [$0] } ?? []
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                errors.append("\(path): \(Self.describe(value)) is not of type \(allowed.joined(separator: " or "))")
            }
        }
        if let constant = rules["const"], value != constant {
            errors.append("\(path): \(Self.describe(value)) is not \(constant.serialized)")
        }
        if let choices = rules["enum"]?.array, !choices.contains(value) {
            errors.append("\(path): \(Self.describe(value)) is not one of \(JSONValue.array(choices).serialized)")
        }
        if let number = value.double {
            if let minimum = rules["minimum"]?.double, number < minimum { errors.append("\(path): \(number) is below \(minimum)") }
            if let maximum = rules["maximum"]?.double, number > maximum { errors.append("\(path): \(number) is above \(maximum)") }
        }
        if let text = value.string {
            if let pattern = rules["pattern"]?.string, let regex = try? Regex(pattern), (try? regex.firstMatch(in: text)) == nil {
                errors.append("\(path): \"\(text)\" does not match \(pattern)")
            }
            if let format = rules["format"]?.string, !Self.conforms(text, to: format) {
                errors.append("\(path): \"\(text)\" is not a \(format)")
            }
        }
        if let members = value.object {
            let properties = rules["properties"]?.object ?? [:]
            for name in rules["required"]?.array?.compactMap(\.string) ?? [] where members[name] == nil {
                errors.append("\(path): \(name) is missing")
            }
            if let minimum = rules["minProperties"]?.int, members.count < minimum {
                errors.append("\(path): fewer than \(minimum) members")
            }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let rule = properties[name] {
                    validate(member, against: rule, at: "\(path).\(name)", into: &errors)
                } else if let rule = rules["additionalProperties"] {
                    validate(member, against: rule, at: "\(path).\(name)", into: &errors)
                }
            }
        }
        if let items = value.array, let rule = rules["items"] {
            for (index, item) in items.enumerated() { validate(item, against: rule, at: "\(path)[\(index)]", into: &errors) }
        }
        for (keyword, wanted) in [("oneOf", 1...1), ("anyOf", 1...Int.max)] {
            guard let choices = rules[keyword]?.array else { continue }
            var failures: [[String]] = []
            for choice in choices {
                var found: [String] = []
                validate(value, against: choice, at: path, into: &found)
                failures.append(found)
            }
            let passed = failures.filter(\.isEmpty).count
            guard !wanted.contains(passed) else { continue }
            if passed == 0, let closest = failures.min(by: { Self.misses($0, at: path) < Self.misses($1, at: path) }) {
                errors += closest  // the nearest miss says most
            } else {
                errors.append("\(path): matches \(passed) of \(keyword), not \(wanted.lowerBound)")
            }
        }
    }

    /// How far a failed choice is from matching at `path`: its errors there or one member down (a missing or unknown
    /// member, another `view`) first, then all of them. The choice meant for a document misses only deeper down.
    private static func misses(_ errors: [String], at path: String) -> (Int, Int) {
        let depth = { (error: String) in error.prefix { $0 != ":" }.filter { $0 == "." || $0 == "[" }.count }
        let near = errors.filter { depth($0) <= depth(path) + 1 }.count
        return (near, errors.count)
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        let text = value.serialized
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    /// "date-time": RFC 3339 (`2026-11-25T18:00:00+00:00`, fractions of a second and `Z` allowed); "date": its date.
    package static func conforms(_ text: String, to format: String) -> Bool {
        let characters = Array(text)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count else { return nil }
            let digits = characters[range]
            guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
            return Int(String(digits))
        }
        func separator(_ index: Int, _ allowed: Set<Character>) -> Bool { index < characters.count && allowed.contains(characters[index]) }
        guard let year = number(0..<4), separator(4, ["-"]), let month = number(5..<7), separator(7, ["-"]), let day = number(8..<10),
            (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return false }
        if format == "date" { return characters.count == 10 }
        guard separator(10, ["T", "t"]), let hour = number(11..<13), separator(13, [":"]), let minute = number(14..<16), separator(16, [":"]),
            let second = number(17..<19), hour < 24, minute < 60, second <= 60
        else { return false }
        var index = 19
        if separator(index, ["."]) {
            index += 1
            let start = index
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
            guard index > start else { return false }
        }
        if separator(index, ["Z", "z"]) { return index + 1 == characters.count }
        guard separator(index, ["+", "-"]), let offsetHours = number(index + 1..<index + 3), separator(index + 3, [":"]),
            let offsetMinutes = number(index + 4..<index + 6), offsetHours < 24, offsetMinutes < 60
        else { return false }
        return index + 6 == characters.count
    }
}
