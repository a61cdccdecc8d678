import FoundationEssentials
import Synchronization

/// The words of one language, from the tables in `Assets/strings/<code>/*.strings` (compiled into the binary, already
/// parsed: nothing is read or parsed at run time). A key the language lacks is taken from English; a test holds every
/// language to English's keys and placeholders.
///
/// A table line is `key = value` (`scripts/embed-assets.py` reads them; a test reads them the same way and compares);
/// `#` starts a comment line. In a value, `{name}` is a placeholder, `\n` a line
/// break, `\s` a space kept at either end, `\\` a backslash. Plural forms are two keys, `key.one` and `key.other`.
package struct Strings: Sendable {
    package let language: Language
    private let table: [String: String]
    private let english: [String: String]

    /// The tables of `language`, English behind them.
    package init(_ language: Language) {
        self.language = language
        english = Self.table(.english)
        table = language == .english ? english : Self.table(language)
    }

    /// A language made up for tests: English with every value changed by `transform` (lengthened, say).
    package init(testing transform: (String) -> String) {
        language = .english
        english = Self.table(.english).mapValues(transform)
        table = english
    }

    /// The text for `key`; the key itself when no table has it (a test makes sure none is missing).
    package subscript(_ key: String) -> String { table[key] ?? english[key] ?? key }

    /// The text for `key` with each `{name}` replaced by its value.
    package func callAsFunction(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        Self.fill(self[key], values)
    }

    /// The text for `key` with each `{name}` replaced by its value (a `Phrase`'s).
    package func callAsFunction(_ key: String, _ values: [String: String]) -> String { Self.fill(self[key], values) }

    private static func fill(_ text: String, _ values: some Sequence<(key: String, value: String)>) -> String {
        var text = text
        for (name, value) in values { text = text.replacing("{\(name)}", with: value) }
        return text
    }

    /// `key.one` or `key.other` for `count`, with `{count}` and `values` filled in. French counts 0 and 1 as one.
    package func plural(_ key: String, _ count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let one = language == .french ? count == 0 || count == 1 : count == 1
        var text = callAsFunction(key + (one ? ".one" : ".other"), values)
        text = text.replacing("{count}", with: String(count))
        return text
    }

    // MARK: Tables

    private static let cache = Mutex<[Language: [String: String]]>([:])

    /// One language's tables (parsed when the binary was built: `scripts/embed-assets.py` writes them into
    /// `EmbeddedStrings`), made once per process.
    package static func table(_ language: Language) -> [String: String] {
        if let table = cache.withLock({ $0[language] }) { return table }
        let table = EmbeddedStrings.table(language)
        cache.withLock { $0[language] = table }
        return table
    }
}
