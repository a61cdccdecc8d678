import WeatherCore

/// One command-line option, as `--help`, the man page and the completion scripts describe it.
package struct OptionSpec: Sendable {
    /// Its spellings, the long one last: `["-h", "--help"]`.
    package let names: [String]
    /// The value's name in the synopsis (`UNITS`), nil for a flag.
    package let value: String?
    /// The values a shell offers on Tab; empty when any value goes (a key, a number).
    package let choices: [String]
    /// A few words for a shell's completion menu.
    package let brief: String
    /// The paragraph `--help` and the man page give it.
    package let help: String

    package var long: String { names.last! }
    /// True for the options that do their one thing and ignore the rest of the line (help, version, the generators).
    package var standsAlone: Bool {
        ["--help", "--version", "--recent-cities", "--generate-completion-script", "--generate-man-page"].contains(long)
    }
    /// `--units UNITS`, `-h, --help`.
    package var synopsis: String { names.joined(separator: ", ") + (value.map { " " + $0 } ?? "") }
}

/// The command line's one description: `Options.parse` accepts exactly these options (a test holds them to it), and
/// `--help`, the man page and the completion scripts are made from them.
package enum CommandLineSpec {
    /// The shells `--generate-completion-script` writes for.
    package static let shells = ["bash", "zsh", "fish"]

    package static let options: [OptionSpec] = [
        OptionSpec(names: ["--hourly"], value: nil, choices: [], brief: "the next 24 hours", help: "print the next 24 hours (one-shot)"),
        OptionSpec(names: ["--five-day"], value: nil, choices: [], brief: "the next five days", help: "print the next five days (one-shot)"),
        OptionSpec(
            names: ["--json"], value: nil, choices: [], brief: "the views as JSON",
            help: "print the views as one JSON document, for scripts (one-shot)"),
        OptionSpec(
            names: ["--format"], value: "FORMAT", choices: ["1", "2", "3", "4"], brief: "one status line for bars",
            help: """
                print one status line and exit, for bars and prompts: 1 to 4 (wttr.in's presets) or text with \
                %c condition glyph, %C condition, %t temperature, %f feels like, %h humidity, %w wind, %l place, \
                %p precipitation and %o its chance in the next 3 hours, %P pressure, %S sunrise, %s sunset, \
                %% a percent sign. Fresh cached weather makes no request; when a refresh fails, the older copy is \
                printed with a trailing " *" (sample data: " (offline)"). No colour unless --color always; a value \
                the provider does not give is "–"
                """),
        OptionSpec(
            names: ["--units"], value: "UNITS", choices: UnitSystem.allCases.map(\.rawValue), brief: "units for this run",
            help: "metric, imperial or standard, for this run (:units saves one)"),
        OptionSpec(
            names: ["--clock"], value: "CLOCK", choices: ClockStyle.allCases.map(\.rawValue), brief: "12- or 24-hour times",
            help: "12 or 24, for this run (:clock saves one)"),
        OptionSpec(
            names: ["--lang"], value: "CODE", choices: Language.allCases.map(\.code), brief: "language for this run",
            help: """
                en, fr, de, es, pt-BR (or pt) or it, for this run (:lang saves one; default: the language of \
                LC_ALL, LC_MESSAGES or LANG, else English)
                """),
        OptionSpec(
            names: ["--offline"], value: nil, choices: [], brief: "bundled sample data, not real weather",
            help: "use the bundled sample data: no key, no network, not real weather"),
        OptionSpec(names: ["--ascii"], value: nil, choices: [], brief: "ASCII only", help: "ASCII only: no Unicode glyphs or graphs"),
        OptionSpec(
            names: ["--color"], value: "WHEN", choices: ColorChoice.allCases.map(\.rawValue), brief: "when to use colour",
            help: "auto (on a terminal, unless NO_COLOR is set), always or never"),
        OptionSpec(
            names: ["--provider"], value: "NAME", choices: ProviderID.allCases.map(\.rawValue), brief: "weather source for this run",
            help: """
                openweather, open-meteo or met-norway, for this run (default: $WEATHER_PROVIDER, else :provider's \
                choice, else OpenWeather with a key and Open-Meteo without)
                """),
        OptionSpec(
            names: ["--no-failover"], value: nil, choices: [], brief: "no other provider stands in",
            help: "only the chosen provider answers, even when it fails"),
        OptionSpec(
            names: ["--api-key"], value: "KEY", choices: [], brief: "OpenWeather API key",
            help: "OpenWeather API key (default: $OPENWEATHER_API_KEY, which is safer: arguments show in the process list)"),
        OptionSpec(
            names: ["--timeout"], value: "SECONDS", choices: [], brief: "how long to wait for a provider",
            help: "how long to wait for a provider, retries included (0.1 to 300, default 10)"),
        OptionSpec(
            names: ["--recent-cities"], value: nil, choices: [], brief: "the cities looked up before",
            help: "print the cities you looked up before, most recent first, one per line (what Tab completes)"),
        OptionSpec(
            names: ["--generate-completion-script"], value: "SHELL", choices: shells, brief: "a completion script",
            help: "print a completion script for bash, zsh or fish; it completes options, their values and your recent cities"),
        OptionSpec(
            names: ["--generate-man-page"], value: nil, choices: [], brief: "the manual page",
            help: "print the manual page weather-or-not(1), in roff"),
        OptionSpec(names: ["--version"], value: nil, choices: [], brief: "the version", help: "print the version and the data providers' attribution"),
        OptionSpec(names: ["-h", "--help"], value: nil, choices: [], brief: "the options", help: "print the help: what the program does and these options"),
    ]

    /// The option spelled `name`.
    package static func option(_ name: String) -> OptionSpec? { options.first { $0.names.contains(name) } }

    /// The options as `--help` lists them: the synopsis, then the text wrapped beside it.
    static func optionLines() -> [String] { definitionLines(options.map { ($0.synopsis, $0.help) }) }

    /// The exit statuses as `--help` lists them.
    static func exitStatusLines() -> [String] { definitionLines(ExitStatus.documented.map { ("\($0.status)", $0.meaning) }) }

    /// Terms at the left, each meaning wrapped beside it within 80 columns (below it when the term is long).
    private static func definitionLines(_ definitions: [(String, String)], width: Int = 80, indent: Int = 22) -> [String] {
        definitions.flatMap { term, meaning -> [String] in
            let left = "  " + term
            let text = Style.plain.paragraph(meaning, width: width - indent).map { Style.plain.render($0) }
            let pad = String(repeating: " ", count: indent)
            if left.count < indent - 1 {
                return [left + String(repeating: " ", count: indent - left.count) + text[0]] + text.dropFirst().map { pad + $0 }
            }
            return [left] + text.map { pad + $0 }
        }
    }
}
