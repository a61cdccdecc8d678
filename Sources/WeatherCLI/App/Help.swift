import FoundationEssentials
import WeatherCore

/// The text of `--help` and `:help`, and the attribution shown with `--version`.
package enum Help {
    /// `--help`, in the language of `strings`, for the services of `providers`: each paragraph wrapped within
    /// `width` columns (80, or a narrower terminal's, from 40).
    package static func commandLine(_ strings: Strings, providers: ProviderCatalog, width: Int = 80) -> String {
        let width = min(80, max(40, width))
        func wrapped(_ text: String, indent: String = "") -> [String] {
            Style.plain.paragraph(text, width: width - indent.count).map { indent + Style.plain.render($0) }
        }
        func paragraph(_ key: String, indent: String = "") -> [String] { wrapped(strings[key], indent: indent) }
        var lines = paragraph("cli.title") + ["", strings["cli.usage"]]
        lines += paragraph("cli.usage.prompt", indent: "  ") + paragraph("cli.usage.oneShot", indent: "  ")
        lines += ["", strings["cli.options"]] + CommandLineSpec.optionLines(strings, providers, width: width)
        lines += ["", strings["cli.exitStatus"]] + CommandLineSpec.exitStatusLines(strings, width: width)
        lines += [""] + paragraph("cli.footer.oneShot") + paragraph("cli.footer.keys")
        lines += providers.all.flatMap { wrapped($0.attribution) }
        return lines.joined(separator: "\n") + "\n"
    }

    package static let version = Project.version
    /// Every provider's attribution, one per line, as their terms ask.
    package static func attribution(_ providers: ProviderCatalog) -> String {
        providers.all.map(\.attribution).joined(separator: "\n")
    }

    /// `:help`'s first line.
    package static func intro(_ strings: Strings) -> String { strings["help.intro"] }

    /// The prompt's commands as `:help` writes them, and the key of each one's meaning in the `messages` table.
    static let commandKeys: [(String, String)] = [
        (":hourly [N]", "help.hourly"),
        (":hourly 1h [N]", "help.hourByHour"),
        (":5day", "help.daily"),
        (":rain", "help.rain"),
        (":compare A; B", "help.compare"),
        (":air", "help.air"),
        (":aqi [us|eu]", "help.aqi"),
        (":alerts [N]", "help.alerts"),
        (":units [NAME]", "help.units"),
        (":clock [12|24]", "help.clock"),
        (":lang [CODE]", "help.lang"),
        (":recent", "help.recent"),
        (":pick N", "help.pick"),
        (":places", "help.places"),
        (":map", "help.map"),
        (":forget N|NAME", "help.forget"),
        (":offline on|off", "help.offline"),
        (":plain [on|off]", "help.plain"),
        (":provider [NAME]", "help.provider"),
        (":home [CITY]", "help.home"),
        (":here", "help.here"),
        (":locate", "help.locate"),
        (":help", "help.help"),
        (":quit, :q", "help.quit"),
    ]

    /// `:help`'s commands, one per line.
    package static func commands(_ strings: Strings) -> [(String, String)] {
        // NAME and CODE stand for what is typed: in the language's words (NOM, CÓDIGO).
        commandKeys.map { syntax, key in
            let words = syntax.replacing("NAME", with: strings["help.arg.name"])
                .replacing("CODE", with: strings["help.arg.code"])
                .replacing("CITY", with: strings["help.arg.city"])
            return (words, strings[key])
        }
    }

    /// `:help`'s closing lines: the keys, then each provider's attribution as its terms word it.
    package static func footer(_ strings: Strings, _ providers: ProviderCatalog) -> [String] {
        [strings["help.footer"]] + providers.all.map(\.attribution)
    }
}
