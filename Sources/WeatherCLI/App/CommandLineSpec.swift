import WeatherCore

/// One command-line option, as `--help`, the man page and the completion scripts describe it.
package struct OptionSpec: Sendable {
    /// Its long spelling: `--help`.
    package let long: String
    /// Its spellings, the long one last: `["-h", "--help"]`.
    package let names: [String]
    /// The value's name in the synopsis (`UNITS`), nil for a flag.
    package let value: String?
    /// The values a shell offers on Tab; empty when any value goes (a key, a number).
    package let choices: [String]

    init(long: String, short: String? = nil, value: String?, choices: [String]) {
        self.long = long
        names = (short.map { [$0] } ?? []) + [long]
        self.value = value
        self.choices = choices
    }

    /// The paragraph `--help` and the man page give it, in the language of `strings` (`cli.option.<name>`).
    package func help(_ strings: Strings) -> String { strings["cli.option." + long.dropFirst(2)] }

    /// A few words for a shell's completion menu (`cli.brief.<name>`).
    package func brief(_ strings: Strings) -> String { strings["cli.brief." + long.dropFirst(2)] }
    /// True for the options that do their one thing and ignore the rest of the line (help, version, the generators).
    package var standsAlone: Bool {
        ["--help", "--version", "--recent-cities", "--generate-completion-script", "--generate-man-page"].contains(long)
    }
    /// `--units UNITS`, `-h, --help`.
    package func synopsis(_ strings: Strings) -> String { names.joined(separator: ", ") + (valueName(strings).map { " " + $0 } ?? "") }

    /// The value's name in the language of `strings` (`cli.value.UNITS`: "UNITÉS"); nil for a flag.
    package func valueName(_ strings: Strings) -> String? { value.map { strings["cli.value." + $0] } }
}

/// The command line's one description: `Options.parse` accepts exactly these options (a test holds them to it), and
/// `--help`, the man page and the completion scripts are made from them.
package enum CommandLineSpec {
    /// The shells `--generate-completion-script` writes for.
    package static let shells = ["bash", "zsh", "fish"]

    /// Every option, `--provider` taking the names of `providers`' services.
    package static func options(_ providers: ProviderCatalog) -> [OptionSpec] {
        [
            flag("--hourly"),
            flag("--five-day"),
            flag("--places"),
            flag("--map"),
            flag("--json"),
            valued("--format", "FORMAT", choices: ["1", "2", "3", "4"]),
            valued("--units", "UNITS", choices: UnitSystem.allCases.map(\.rawValue)),
            valued("--clock", "CLOCK", choices: ClockStyle.allCases.map(\.rawValue)),
            valued("--lang", "CODE", choices: Language.allCases.map(\.code)),
            flag("--offline"),
            flag("--ascii"),
            flag("--plain"),
            valued("--color", "WHEN", choices: ColorChoice.allCases.map(\.rawValue)),
            valued("--provider", "NAME", choices: providers.all.map(\.rawValue)),
            flag("--no-failover"),
            flag("--here"),
            flag("--locate"),
            valued("--api-key", "KEY"),
            valued("--timeout", "SECONDS"),
            flag("--recent-cities"),
            valued("--generate-completion-script", "SHELL", choices: shells),
            flag("--generate-man-page"),
            flag("--version"),
            flag("--help", short: "-h"),
        ]
    }

    private static func flag(_ long: String, short: String? = nil) -> OptionSpec {
        OptionSpec(long: long, short: short, value: nil, choices: [])
    }

    private static func valued(_ name: String, _ value: String, choices: [String] = []) -> OptionSpec {
        OptionSpec(long: name, value: value, choices: choices)
    }

    /// The options as `--help` lists them: the synopsis, then the text wrapped beside it.
    static func optionLines(_ strings: Strings, _ providers: ProviderCatalog, width: Int = 80) -> [String] {
        definitionLines(options(providers).map { ($0.synopsis(strings), $0.help(strings)) }, width: width)
    }

    /// The exit statuses as `--help` lists them.
    static func exitStatusLines(_ strings: Strings, width: Int = 80) -> [String] {
        definitionLines(ExitStatus.documented.map { ("\($0)", ExitStatus.meaning($0, strings)) }, width: width)
    }

    /// Terms at the left, each meaning wrapped beside it within `width` columns (below it when the term is long, and
    /// every meaning below its term when the width leaves too little beside it).
    private static func definitionLines(_ definitions: [(String, String)], width: Int = 80) -> [String] {
        let indent = width < 64 ? 6 : 22
        return definitions.flatMap { term, meaning -> [String] in
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
