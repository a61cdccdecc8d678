/// The text of `:help` and the attribution shown with `--version`.
enum Help {
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
