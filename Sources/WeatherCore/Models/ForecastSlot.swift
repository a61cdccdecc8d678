import Foundation

/// One 3-hour forecast step, in canonical metric units.
package struct ForecastSlot: Equatable, Sendable {
    package var time: Date
    package var condition: Condition
    package var temperature: Double
    package var humidity: Int
    package var windSpeed: Double
    package var windDegrees: Double?
    /// Probability of precipitation, 0…1.
    package var precipitationProbability: Double
    /// Rain plus snow expected in the 3 hours, in mm.
    package var precipitation: Double?
    /// True when the slot's precipitation is mostly snow.
    package var isSnow: Bool

    package init(
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
