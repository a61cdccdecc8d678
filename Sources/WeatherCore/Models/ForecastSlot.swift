import Foundation

/// One 3-hour forecast step, in canonical metric units.
public struct ForecastSlot: Equatable, Sendable {
    public var time: Date
    public var condition: Condition
    public var temperature: Double
    public var humidity: Int
    public var windSpeed: Double
    public var windDegrees: Double?
    /// Probability of precipitation, 0…1.
    public var precipitationProbability: Double
    /// Rain plus snow expected in the 3 hours, in mm.
    public var precipitation: Double?
    /// True when the slot's precipitation is mostly snow.
    public var isSnow: Bool

    public init(
        time: Date, condition: Condition, temperature: Double, humidity: Int, windSpeed: Double,
        windDegrees: Double? = nil, precipitationProbability: Double, precipitation: Double? = nil, isSnow: Bool = false
    ) {
        self.time = time
        self.condition = condition
        self.temperature = temperature
        self.humidity = humidity
        self.windSpeed = windSpeed
        self.windDegrees = windDegrees
        self.precipitationProbability = precipitationProbability
        self.precipitation = precipitation
        self.isSnow = isSnow
    }
}
