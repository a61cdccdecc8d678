import FoundationEssentials

/// One forecast step (3 hours, or 1 for providers' hour-by-hour steps), in canonical metric units.
///
/// A step stands for the interval `time ..< time + hours`, whatever each provider's own convention (OpenWeather
/// and Open-Meteo give amounts for the hours *before* their time stamp, MET Norway for the hours after it): the
/// condition, the chance and the amount are the interval's; temperature, humidity and wind are the values at its
/// start. Every provider maps its answer to this one meaning, so one weather reads the same from each.
package struct ForecastSlot: Equatable, Sendable {
    /// The start of the interval the step stands for.
    package var time: Date
    package var condition: Condition
    /// Nil when the provider left it out for the step's start (Open-Meteo's `null`): the row is shown with "–".
    package var temperature: Double?
    /// Nil when the provider left the figure out.
    package var humidity: Int?
    package var windSpeed: Double?
    package var windDegrees: Double?
    /// Probability of precipitation, 0…1; nil when the provider does not say (MET Norway's compact forecast).
    package var precipitationProbability: Double?
    /// Rain plus snow expected over the step, in mm.
    package var precipitation: Double?
    /// How many hours the step covers.
    package var hours: Double = 3
    /// True when the slot's precipitation is mostly snow.
    package var isSnow: Bool
    /// The UV index at the step's start (a longer step made of hours: the highest of them); nil when not given.
    package var uvIndex: Double?

    package init(
        time: Date, condition: Condition, temperature: Double?, humidity: Int?, windSpeed: Double?,
        windDegrees: Double? = nil, precipitationProbability: Double?, precipitation: Double? = nil, isSnow: Bool = false,
        hours: Double = 3, uvIndex: Double? = nil
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
        self.hours = hours
        self.uvIndex = uvIndex
    }
}
