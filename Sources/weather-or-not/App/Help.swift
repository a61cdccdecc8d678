/// The text of `--help` and `:help`, and the attribution shown with `--version`.
enum Help {
    static let usageLine = "Usage: weather-or-not [options] [city]"

    static let commandLine = """
        weather-or-not: the weather at a prompt. Type a city, then :hourly or :5day.

        \(usageLine)
          With no city, starts the prompt (or reads commands from piped input).
          With a city ("London", "Paris, FR", "48.85, 2.35"), prints its weather and exits.

        Options:
          --hourly            print the next 24 hours (with a city)
          --five-day          print the next five days (with a city)
          --json              print the views as JSON, for scripts (with a city)
          --units UNITS       metric, imperial or standard (saved as the preference)
          --clock CLOCK       12 or 24 (saved as the preference)
          --offline           use the bundled sample data: no key, no network, not real weather
          --ascii             ASCII only: no Unicode glyphs or graphs
          --color WHEN        auto (on a terminal, unless NO_COLOR is set), always or never
          --api-key KEY       OpenWeather API key (default: $OPENWEATHER_API_KEY, which is safer:
                              arguments show in the process list)
          --timeout SECONDS   how long to wait for OpenWeather, retries included (default 10)
          --version           the version
          -h, --help          this text

        Set OPENWEATHER_API_KEY (or --api-key); --offline needs no key.
        \(attribution)

        """

    static let version = "0.1.0"
    static let attribution = "Weather data by OpenWeather (https://openweathermap.org), CC BY-SA 4.0."

    static let text = """
        Type a city to see its weather: London · Paris, FR · Springfield, IL, US · 48.8566, 2.3522
        Commands:
          :hourly [N]      the next N 3-hour steps (default 8, at most 40)
          :5day            five days, starting today
          :rain            when it next rains or snows, for how long and how much
          :compare A; B    two places side by side
          :units metric|imperial|standard
          :clock 12|24
          :recent          cities you looked up
          :pick N          switch to place N of the last search
          :offline on|off  bundled sample data instead of live weather
          :help            this text
          :quit, :q        leave (or Ctrl-D)
        Tab completes cities you looked up before, and commands. Ctrl-C cancels a request.
        \(attribution)
        """
}
