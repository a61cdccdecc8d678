import Foundation

/// Observed weather at a moment, in canonical metric units (°C, m/s, hPa, m, mm).
public struct CurrentConditions: Equatable, Sendable {
    public var observedAt: Date
    public var condition: Condition
    public var temperature: Double
    public var feelsLike: Double
    public var humidity: Int
    public var pressure: Double
    public var windSpeed: Double
    public var windDegrees: Double?
    public var windGust: Double?
    public var visibility: Double?
    public var cloudCover: Int?
    /// Rain in the last hour, or else the last three hours, with the span it covers.
    public var rain: Precipitation?
    public var snow: Precipitation?
    public var sunrise: Date?
    public var sunset: Date?

    public init(
        observedAt: Date, condition: Condition, temperature: Double, feelsLike: Double, humidity: Int,
        pressure: Double, windSpeed: Double, windDegrees: Double? = nil, windGust: Double? = nil,
        visibility: Double? = nil, cloudCover: Int? = nil, rain: Precipitation? = nil, snow: Precipitation? = nil,
        sunrise: Date? = nil, sunset: Date? = nil
    ) {
        self.observedAt = observedAt
        self.condition = condition
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.humidity = humidity
        self.pressure = pressure
        self.windSpeed = windSpeed
        self.windDegrees = windDegrees
        self.windGust = windGust
        self.visibility = visibility
        self.cloudCover = cloudCover
        self.rain = rain
        self.snow = snow
        self.sunrise = sunrise
        self.sunset = sunset
    }
}

/// An amount of rain or snow over a span of hours.
public struct Precipitation: Equatable, Sendable {
    public var millimetres: Double
    public var hours: Int

    public init(millimetres: Double, hours: Int) {
        self.millimetres = millimetres
        self.hours = hours
    }
}
