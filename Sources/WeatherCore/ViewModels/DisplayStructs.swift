import Foundation

/// The current conditions, every figure a string ready to print.
public struct CurrentWeatherDisplay: Codable, Equatable, Sendable {
    public var place: String
    /// Observation time in the place's local time, with its offset: "Sun 14:37 (UTC+05:45)".
    public var observedAt: String
    public var condition: String
    public var conditionCode: Int
    public var conditionGroup: ConditionGroup
    public var isNight: Bool
    public var temperature: String
    /// The temperature in °C, unformatted, for a colour scale.
    public var temperatureCelsius: Double
    public var feelsLike: String
    /// Today's high and low from the forecast (and the current reading).
    public var high: String?
    public var low: String?
    public var humidity: String
    public var pressure: String
    public var wind: String
    /// "NE" and "↗", when the API gave a bearing.
    public var windDirection: String?
    public var windArrow: String?
    public var gusts: String?
    public var visibility: String?
    public var cloudCover: String?
    /// "Rain 1.5 mm in the last hour".
    public var precipitation: String?
    public var sunrise: String?
    public var sunset: String?
    /// Said above the figures when they are not live: sample data, or a stale copy and its age.
    public var notice: String?
}

/// One row of the hourly view.
public struct HourlyRow: Codable, Equatable, Sendable {
    /// "Now", or the slot's local clock time.
    public var time: String
    public var condition: String
    public var conditionCode: Int
    public var conditionGroup: ConditionGroup
    public var isNight: Bool
    public var temperature: String
    public var temperatureCelsius: Double
    /// "40%"; nil for the "Now" row, which is an observation.
    public var precipitationChance: String?
    /// "1.2 mm" when the API gave an amount.
    public var precipitationAmount: String?
    /// "85%", only when above 0.
    public var humidity: String?
    public var wind: String
    /// The day's name ("Mon") when the row starts a new local calendar day.
    public var startsDay: String?
    /// "Sunrise" or "Sunset" for a row that marks the sun, inserted in time order; nil for a weather row.
    public var event: String?
}

/// The hourly view: "Now" and the coming 3-hour slots.
public struct HourlyDisplay: Codable, Equatable, Sendable {
    public var place: String
    /// One line written from the data: "Rain from 15:00 to 21:00, then dry".
    public var summary: String
    /// How many hours the rows cover.
    public var hours: Int
    public var rows: [HourlyRow]
    public var notice: String?
}

/// One day of the 5-day view.
public struct DayRow: Codable, Equatable, Sendable {
    /// "Today", then weekday names.
    public var day: String
    public var condition: String
    public var conditionCode: Int
    public var conditionGroup: ConditionGroup
    public var high: String
    public var low: String
    public var highCelsius: Double
    public var lowCelsius: Double
    public var precipitationChance: String
    public var precipitationAmount: String?
}

/// The 5-day view.
public struct DailyDisplay: Codable, Equatable, Sendable {
    public var place: String
    /// One line written from the data: "Dry all week, highs 12–16°".
    public var summary: String
    public var rows: [DayRow]
    public var notice: String?
}
