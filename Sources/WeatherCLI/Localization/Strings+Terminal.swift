import WeatherCore

extension Strings {
    /// The words the terminal says, in `language`: the core's tables (conditions, dates, display, summaries) and the
    /// terminal's own (the command line, the manual page, help, messages, the views' labels), English behind both.
    package static func terminal(_ language: Language) -> Strings { Strings(language, adding: terminalTable) }

    /// A language made up for tests, over both tables: English with every value changed by `transform`.
    package static func terminal(testing transform: (String) -> String) -> Strings {
        Strings(testing: transform, adding: terminalTable)
    }

    private static let terminalTables = TableCache(EmbeddedStrings.table)

    /// One language's terminal tables alone (compiled into WeatherCLI by `scripts/embed-assets.py`), made once per
    /// process.
    package static func terminalTable(_ language: Language) -> [String: String] { terminalTables(language) }
}
