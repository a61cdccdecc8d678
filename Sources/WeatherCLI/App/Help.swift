import WeatherCore
/// The text of `--help` and `:help`, and the attribution shown with `--version`.
package enum Help {
    package static let usageLine = "Usage: weather-or-not [options] [city]"

    package static let commandLine = """
        weather-or-not: the weather at a prompt. Type a city, then :hourly or :5day.

        \(usageLine)
          With no city, starts the prompt (or reads commands from piped input).
          With a city ("London", "Paris, FR", "48.85, 2.35"), prints its weather and
          exits; --hourly, --five-day, --json and --format without a city use the last
          city.

        Options:
        \(CommandLineSpec.optionLines().joined(separator: "\n"))

        Exit status:
        \(CommandLineSpec.exitStatusLines().joined(separator: "\n"))

        One-shot runs read your preferences and change none of them.
        Open-Meteo and MET Norway need no key; OpenWeather needs OPENWEATHER_API_KEY
        (or --api-key). When the chosen provider fails, the next keyless one answers and
        says so. See also: man weather-or-not.
        \(attribution)

        """

    package static let version = Project.version
    /// Every provider's attribution, one per line, as their terms ask.
    package static let attribution = ProviderID.allCases.map(\.attribution).joined(separator: "\n")

    /// `:help`'s first line, in English (the manual page's).
    package static let intro = intro(Strings(.english))

    /// `:help`'s first line.
    package static func intro(_ strings: Strings) -> String { strings["help.intro"] }

    /// The prompt's commands as `:help` writes them, and the key of each one's meaning in the `messages` table.
    static let commandKeys: [(String, String)] = [
        (":hourly [N]", "help.hourly"),
        (":hourly 1h [N]", "help.hourByHour"),
        (":5day", "help.daily"),
        (":rain", "help.rain"),
        (":compare A; B", "help.compare"),
        (":units [NAME]", "help.units"),
        (":clock [12|24]", "help.clock"),
        (":lang [CODE]", "help.lang"),
        (":recent", "help.recent"),
        (":pick N", "help.pick"),
        (":offline on|off", "help.offline"),
        (":provider [NAME]", "help.provider"),
        (":help", "help.help"),
        (":quit, :q", "help.quit"),
    ]

    /// `:help`'s commands, one per line, in English (the manual page's).
    package static let commands = commands(Strings(.english))

    /// `:help`'s commands, one per line.
    package static func commands(_ strings: Strings) -> [(String, String)] {
        commandKeys.map { ($0.0, strings[$0.1]) }
    }

    /// `:help`'s closing lines, in English (the manual page's).
    package static let footer = footer(Strings(.english))

    /// `:help`'s closing lines: the keys, then each provider's attribution as its terms word it.
    package static func footer(_ strings: Strings) -> [String] {
        [strings["help.footer"]] + ProviderID.allCases.map(\.attribution)
    }
}
