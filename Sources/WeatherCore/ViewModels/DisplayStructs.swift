import FoundationEssentials

/// What a view was made from, as typed values for `--json`: the place, who answered (and who was chosen, when
/// another answered for it), how fresh the data is, and the units and moment the view was made in.
package struct ViewContext: Equatable, Sendable {
    package var place: Place
    package var provider: ProviderID
    package var failover: Failover?
    package var source: DataSource
    /// The place's time zone, whose offset each time is written in.
    package var zone: PlaceTimeZone
    package var units: UnitSystem
    /// When the view was made: a copy's age is counted to it.
    package var now: Date

    package init(place: Place, provider: ProviderID, failover: Failover?, source: DataSource, zone: PlaceTimeZone, units: UnitSystem, now: Date) {
        self.place = place
        self.provider = provider
        self.failover = failover
        self.source = source
        self.zone = zone
        self.units = units
        self.now = now
    }

    /// The place's offset from UTC at `date`, in seconds: what a time is written in.
    package func offset(at date: Date) -> Int { zone.offset(at: date) }
}

/// The current conditions: each figure as text in the person's units, beside the typed values a view needs to
/// style or draw it (so no view ever reads a number back out of the text).
package struct CurrentWeatherDisplay: Equatable, Sendable {
    package var place: String
    /// Observation time in the place's local time, with its offset: "Sun 14:37 (UTC+05:45)".
    package var observedAt: String
    package var condition: String
    package var conditionCode: Int
    package var conditionGroup: ConditionGroup
    package var isNight: Bool
    package var temperature: String
    /// The temperature in °C, unformatted, for a colour scale.
    package var temperatureCelsius: Double
    package var feelsLike: String
    package var feelsLikeCelsius: Double
    /// Today's high and low from the forecast (and the current reading).
    package var high: String?
    package var low: String?
    package var highCelsius: Double?
    package var lowCelsius: Double?
    /// What `high` and `low` span: "High / low" for the whole of today (a provider's own day), "24 h high / low"
    /// for the coming 24 hours (a forecast that starts now cannot know today's earlier hours).
    package var highLowLabel: String = Strings(.english)["label.highLow"]
    /// Nil when the provider left the figure out (the view then has no such line).
    package var humidity: String?
    package var pressure: String?
    package var wind: String?
    /// The compass point the wind comes from ("SW"), when the API gave a bearing.
    package var windDirection: String?
    /// The bearing the wind comes from, in degrees (meteorological convention).
    package var windDegrees: Double?
    package var gusts: String?
    package var visibility: String?
    package var cloudCover: String?
    /// "Rain 1.5 mm in the last hour".
    package var precipitation: String?
    package var sunrise: String?
    package var sunset: String?
    /// The precipitation forecast for the 3-hour step that covers now (else the next one), "0 mm" included: nil when
    /// the provider gives no amount. For one-line status (`--format`'s `%p`).
    package var comingPrecipitation: String? = nil
    /// The chance of precipitation in that step ("40%"); nil when the provider gives none (`%o`).
    package var comingPrecipitationChance: String? = nil
    /// Said above the figures when they are not live: sample data, or a stale copy and its age.
    package var notice: Notice?
    /// The provider that answered, when it is not the default one (or another answered for it).
    package var provider: String? = nil
    /// The typed values behind the text, for `--json`: what the view is of, the observation, and the coming step.
    package var context: ViewContext? = nil
    package var conditions: CurrentConditions? = nil
    package var comingStep: ForecastSlot? = nil
    /// True when `high` and `low` are today's (the provider's own day), false for the coming 24 hours'.
    package var highLowCoversToday: Bool? = nil
    /// The UV index now, unrounded (the terminal writes it and words its category); nil when the report has none.
    package var uvIndex: Double? = nil
    /// Who the UV index comes from and what it measures (MET Norway's is for a clear sky).
    package var uvOrigin: UVOrigin? = nil
    /// The name of the provider the UV index comes from when it is not the one that answered (Open-Meteo's for
    /// OpenWeather), for its attribution; nil otherwise.
    package var uvProvider: String? = nil
    /// The air index, when the air source answered before the weather did ("Air: good (AQI 32)").
    package var air: AirIndex? = nil
    /// Who the air index comes from, for its attribution.
    package var airSource: ProviderID? = nil
    /// The official warnings, when they were in by the time the view was drawn: drawn above it (`WeatherApp+Warnings`).
    package var warnings: WarningsDisplay? = nil
    /// The next two hours minute by minute, when a source with real minute-level data answered before the weather did.
    package var nowcast: Nowcast? = nil
    /// Its sentence: "Light rain from about 14:25, stopping around 15:10 (MET Norway radar, 5-minute steps)."
    package var nowcastSentence: String? = nil
}

/// One row of the hourly view: a forecast step, the observation ("Now"), or a sunrise or sunset.
package struct HourlyRow: Equatable, Sendable {
    /// What the row shows.
    package enum Kind: String, Sendable {
        case weather, sunrise, sunset
    }

    package var kind: Kind
    /// "Now", or the local clock time.
    package var time: String
    package var condition: String
    package var conditionCode: Int
    package var conditionGroup: ConditionGroup
    package var isNight: Bool
    package var temperature: String
    /// Nil when the provider left the step's temperature out (its text is then "–").
    package var temperatureCelsius: Double?
    /// "40%"; nil for the "Now" row, which is an observation, and for the sun's rows.
    package var precipitationChance: String?
    /// The same chance, 0…1.
    package var precipitationProbability: Double?
    /// "1.2 mm" when the API gave an amount above zero.
    package var precipitationAmount: String?
    /// "85%", only when above 0.
    package var humidity: String?
    package var wind: String?
    /// The day's name ("Mon") when the row starts a new local calendar day.
    package var startsDay: String?
    /// The UV index the row shows, in daylight only: nil when it is zero (night) or not given, and for the sun's rows.
    package var uvIndex: Double? = nil
    /// The typed values behind the text, for `--json`: the moment the row is at (the observation's, the step's
    /// start, the sunrise's or sunset's), and the forecast step it shows (nil for "Now" and the sun's rows).
    package var date: Date? = nil
    package var slot: ForecastSlot? = nil
}

/// The hourly view: "Now" and the coming 3-hour slots.
package struct HourlyDisplay: Equatable, Sendable {
    package var place: String
    /// One line written from the data: "Rain from 15:00 to 21:00, then dry".
    package var summary: String
    /// How many hours the rows cover.
    package var hours: Int
    package var rows: [HourlyRow]
    package var notice: Notice?
    /// The provider that answered, when it is not the default one (or another answered for it).
    package var provider: String? = nil
    /// The typed values behind the text, for `--json`: what the view is of, and the observation "Now" shows.
    package var context: ViewContext? = nil
    package var observation: CurrentConditions? = nil
    /// Who the UV index comes from; nil when the report has none (the view then has no UV column).
    package var uvOrigin: UVOrigin? = nil
}

/// One day of the 5-day view.
package struct DayRow: Equatable, Sendable {
    /// "Today", then weekday names.
    package var day: String
    package var condition: String
    package var conditionCode: Int
    package var conditionGroup: ConditionGroup
    package var high: String
    package var low: String
    package var highCelsius: Double
    package var lowCelsius: Double
    /// "40%", or "–" when the provider gives no chance.
    package var precipitationChance: String
    /// The same chance, 0…1; nil when the provider gives none.
    package var precipitationProbability: Double?
    package var precipitationAmount: String?
    /// The typed day behind the text, for `--json`, with its sunrise and sunset where the provider gives them.
    package var summary: DailySummary? = nil
    package var sunrise: Date? = nil
    package var sunset: Date? = nil
    /// The day's highest UV index, unrounded; nil when not given.
    package var uvIndexMax: Double? = nil
}

/// The 5-day view.
package struct DailyDisplay: Equatable, Sendable {
    package var place: String
    /// One line written from the data: "Dry all week, highs 12–16°".
    package var summary: String
    package var rows: [DayRow]
    package var notice: Notice?
    /// The provider that answered, when it is not the default one (or another answered for it).
    package var provider: String? = nil
    /// What the view is of, typed, for `--json`.
    package var context: ViewContext? = nil
    /// Who the UV index comes from; nil when the report has none (the view then has no UV column).
    package var uvOrigin: UVOrigin? = nil
}

/// The `:rain` answer: when it next rains or snows at a place.
package struct RainDisplay: Equatable, Sendable {
    package var place: String
    /// From the hourly forecast, saying so ("… From the hourly forecast."), or from the minutes when there are.
    package var outlook: String
    /// The next two hours minute by minute, when a source with real minute-level data has them: drawn as a strip.
    package var nowcast: Nowcast? = nil
    /// The minutes' sentence, drawn first: "Light rain from about 14:25, stopping around 15:10 (MET Norway radar,
    /// 5-minute steps)."
    package var minutes: String? = nil
    /// The strip's first step's start and last step's end, in the place's local time and the user's clock.
    package var nowcastStart: String? = nil
    package var nowcastEnd: String? = nil
    /// The place's time zone, which the minutes' times are written in (plain mode says them from the steps).
    package var zone: PlaceTimeZone? = nil
    package var notice: Notice?
    /// The provider that answered, when it is not the default one (or another answered for it).
    package var provider: String? = nil
}
