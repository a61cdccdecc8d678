import FoundationEssentials
import Synchronization

/// The words of one language, from the tables in `Assets/strings/<code>/*.strings` (compiled into the binary, already
/// parsed: nothing is read or parsed at run time). A key the language lacks is taken from English; a test holds every
/// language to English's keys and placeholders.
///
/// WeatherCore compiles in only the tables it phrases words from itself (conditions, dates, display, summaries:
/// `scripts/embed-assets.py` names them); the terminal's tables are compiled into WeatherCLI, whose
/// `Strings.terminal(_:)` reads both.
///
/// A table line is `key = value` (`scripts/embed-assets.py` reads them; a test reads them the same way and compares);
/// `#` starts a comment line. In a value, `{name}` is a placeholder, `\n` a line
/// break, `\s` a space kept at either end, `\\` a backslash. Plural forms are two keys, `key.one` and `key.other`.
package struct Strings: Sendable {
    /// More tables to read beside the core's, by language: the terminal's (`Strings.terminal` in WeatherCLI).
    package typealias Tables = @Sendable (Language) -> [String: String]

    package let language: Language
    /// The language's tables, then English's: a key is taken from the first that has it.
    private let tables: [[String: String]]

    /// The core's tables of `language`, English behind them: the words WeatherCore phrases itself.
    package init(_ language: Language) { self.init(language, adding: nil) }

    /// The core's tables of `language` and `more` of them, English's behind both.
    package init(_ language: Language, adding more: Tables?) {
        self.language = language
        let languages = language == .english ? [language] : [language, .english]
        tables = languages.flatMap { language in [Self.table(language)] + (more.map { [$0(language)] } ?? []) }
    }

    /// A language made up for tests: English with every value changed by `transform` (lengthened, say).
    package init(testing transform: (String) -> String, adding more: Tables? = nil) {
        language = .english
        tables = [Self.table(.english).mapValues(transform)] + (more.map { [$0(.english).mapValues(transform)] } ?? [])
    }

    /// The text for `key`; the key itself when no table has it (a test makes sure none is missing).
    package subscript(_ key: String) -> String {
        for table in tables { if let text = table[key] { return text } }
        return key
    }

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

    private static let core = TableCache(EmbeddedStrings.table)

    /// One language's core tables (parsed when the binary was built: `scripts/embed-assets.py` writes them into
    /// `EmbeddedStrings`), made once per process.
    package static func table(_ language: Language) -> [String: String] { core(language) }
}

/// Each language's tables from a compiled-in `EmbeddedStrings`, made the first time a language is asked for and kept.
package final class TableCache: Sendable {
    private let make: @Sendable (Language) -> [String: String]
    private let tables = Mutex<[Language: [String: String]]>([:])

    package init(_ make: @escaping @Sendable (Language) -> [String: String]) { self.make = make }

    package func callAsFunction(_ language: Language) -> [String: String] {
        if let table = tables.withLock({ $0[language] }) { return table }
        let table = make(language)
        tables.withLock { $0[language] = table }
        return table
    }
}
