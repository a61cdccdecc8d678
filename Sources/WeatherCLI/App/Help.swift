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
