import Foundation

/// The current conditions: each figure as text in the person's units, beside the typed values a view needs to
/// style or draw it (so no view ever reads a number back out of the text).
package struct CurrentWeatherDisplay: Codable, Equatable, Sendable {
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
    package var highLowLabel: String = "High / low"
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
}

/// One row of the hourly view: a forecast step, the observation ("Now"), or a sunrise or sunset.
package struct HourlyRow: Codable, Equatable, Sendable {
    /// What the row shows.
    package enum Kind: String, Codable, Sendable {
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
    package var temperatureCelsius: Double
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
}

/// The hourly view: "Now" and the coming 3-hour slots.
package struct HourlyDisplay: Codable, Equatable, Sendable {
    package var place: String
    /// One line written from the data: "Rain from 15:00 to 21:00, then dry".
    package var summary: String
    /// How many hours the rows cover.
    package var hours: Int
    package var rows: [HourlyRow]
    package var notice: Notice?
    /// The provider that answered, when it is not the default one (or another answered for it).
    package var provider: String? = nil
}

/// One day of the 5-day view.
package struct DayRow: Codable, Equatable, Sendable {
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
}

/// The 5-day view.
package struct DailyDisplay: Codable, Equatable, Sendable {
    package var place: String
    /// One line written from the data: "Dry all week, highs 12–16°".
    package var summary: String
    package var rows: [DayRow]
    package var notice: Notice?
    /// The provider that answered, when it is not the default one (or another answered for it).
    package var provider: String? = nil
}

/// The `:rain` answer: when it next rains or snows at a place.
package struct RainDisplay: Codable, Equatable, Sendable {
    package var place: String
    package var outlook: String
    package var notice: Notice?
    /// The provider that answered, when it is not the default one (or another answered for it).
    package var provider: String? = nil
}
