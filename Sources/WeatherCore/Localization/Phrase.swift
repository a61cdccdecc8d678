import FoundationEssentials

/// Words WeatherCore has to say (a hint for a mistyped command, why an answer could not be read), kept as a key of
/// the `messages` table and the values of its placeholders: the terminal layer says them in the person's language,
/// from its own tables (WeatherCore compiles in no `messages` table: `Strings.terminal` in WeatherCLI reads it).
/// Words that come already written (a server's own, a transport's) are `verbatim`, said as they are.
package struct Phrase: Hashable, Sendable, CustomStringConvertible {
    /// A key of the `messages` table; empty for verbatim words.
    package var key: String
    /// The placeholders' values, by name (for verbatim words, "text").
    package var values: [String: String]

    package init(_ key: String, _ values: [String: String] = [:]) {
        self.key = key
        self.values = values
    }

    /// Words said as they are, in no table.
    package static func verbatim(_ text: String) -> Phrase { Phrase("", ["text": text]) }

    /// The phrase in the language of `strings`.
    package func words(_ strings: Strings) -> String {
        key.isEmpty ? values["text"] ?? "" : strings(key, values)
    }

    /// The key and its values, for logs and test failures: `error.pick.range(count: 3)`; verbatim words as they are.
    /// (The words are the terminal's: `words(.terminal(.english))` in WeatherCLI.)
    package var description: String {
        guard !key.isEmpty else { return values["text"] ?? "" }
        guard !values.isEmpty else { return key }
        return key + "(" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
    }
}
