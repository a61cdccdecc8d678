import FoundationEssentials

/// Words WeatherCore has to say (a hint for a mistyped command, why an answer could not be read), kept as a key of
/// the `messages` table and the values of its placeholders: the terminal layer says them in the person's language.
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

    /// English, for logs and test failures.
    package var description: String { words(Strings(.english)) }
}
