import WeatherCore
/// The text of `--help` and `:help`, and the attribution shown with `--version`.
package enum Help {
    /// `--help`, in the language of `strings`: each paragraph wrapped within 80 columns.
    package static func commandLine(_ strings: Strings) -> String {
        func paragraph(_ key: String, indent: String = "") -> [String] {
            Style.plain.paragraph(strings[key], width: 80 - indent.count).map { indent + Style.plain.render($0) }
        }
        var lines = [strings["cli.title"], "", strings["cli.usage"]]
        lines += paragraph("cli.usage.prompt", indent: "  ") + paragraph("cli.usage.oneShot", indent: "  ")
        lines += ["", strings["cli.options"]] + CommandLineSpec.optionLines(strings)
        lines += ["", strings["cli.exitStatus"]] + CommandLineSpec.exitStatusLines(strings)
        lines += [""] + paragraph("cli.footer.oneShot") + paragraph("cli.footer.keys") + [attribution]
        return lines.joined(separator: "\n") + "\n"
    }

    package static let version = Project.version
    /// Every provider's attribution, one per line, as their terms ask.
    package static let attribution = ProviderID.allCases.map(\.attribution).joined(separator: "\n")

    /// `:help`'s first line.
    package static let intro = "Type a city to see its weather: London · Paris, FR · Springfield, IL, US · 48.8566, 2.3522"

    /// `:help`'s commands, one per line.
    package static let commands: [(String, String)] = [
        (":hourly [N]", "the next N 3-hour steps (default 8, at most 40)"),
        (":hourly 1h [N]", "hour by hour, N hours (default 24, at most 48)"),
        (":5day", "five days, starting today"),
        (":rain", "when it next rains or snows, for how long and how much"),
        (":compare A; B", "two places side by side"),
        (":units [NAME]", "metric, imperial or standard (no name: the units in force)"),
        (":clock [12|24]", "12- or 24-hour times (no value: the clock in force)"),
        (":lang [CODE]", "en, fr, de, es, pt-BR or it (no code: the one in force)"),
        (":recent", "cities you looked up"),
        (":pick N", "switch to place N of the last search"),
        (":offline on|off", "bundled sample data instead of live weather"),
        (":provider [NAME]", "weather source: openweather, open-meteo, met-norway"),
        (":help", "these commands"),
        (":quit, :q", "leave (or Ctrl-D)"),
    ]

    /// `:help`'s closing lines.
    package static let footer = ["Tab completes cities you looked up before, and commands. Ctrl-C cancels a request."]
        + ProviderID.allCases.map(\.attribution)
}
