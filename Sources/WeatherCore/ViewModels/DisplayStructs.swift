import Foundation

/// The current conditions, every figure a string ready to print.
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
    /// Today's high and low from the forecast (and the current reading).
    package var high: String?
    package var low: String?
    package var humidity: String
    package var pressure: String
    package var wind: String
    /// "NE" and "↗", when the API gave a bearing.
    package var windDirection: String?
    package var windArrow: String?
    package var gusts: String?
    package var visibility: String?
    package var cloudCover: String?
    /// "Rain 1.5 mm in the last hour".
    package var precipitation: String?
    package var sunrise: String?
    package var sunset: String?
    /// Said above the figures when they are not live: sample data, or a stale copy and its age.
    package var notice: String?
}

/// One row of the hourly view.
package struct HourlyRow: Codable, Equatable, Sendable {
    /// "Now", or the slot's local clock time.
    package var time: String
    package var condition: String
    package var conditionCode: Int
    package var conditionGroup: ConditionGroup
    package var isNight: Bool
    package var temperature: String
    package var temperatureCelsius: Double
    /// "40%"; nil for the "Now" row, which is an observation.
    package var precipitationChance: String?
    /// "1.2 mm" when the API gave an amount.
    package var precipitationAmount: String?
    /// "85%", only when above 0.
    package var humidity: String?
    package var wind: String
    /// The day's name ("Mon") when the row starts a new local calendar day.
    package var startsDay: String?
    /// "Sunrise" or "Sunset" for a row that marks the sun, inserted in time order; nil for a weather row.
    package var event: String?
}

/// The hourly view: "Now" and the coming 3-hour slots.
package struct HourlyDisplay: Codable, Equatable, Sendable {
    package var place: String
    /// One line written from the data: "Rain from 15:00 to 21:00, then dry".
    package var summary: String
    /// How many hours the rows cover.
    package var hours: Int
    package var rows: [HourlyRow]
    package var notice: String?
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
    package var precipitationChance: String
    package var precipitationAmount: String?
}

/// The 5-day view.
package struct DailyDisplay: Codable, Equatable, Sendable {
    package var place: String
    /// One line written from the data: "Dry all week, highs 12–16°".
    package var summary: String
    package var rows: [DayRow]
    package var notice: String?
}
