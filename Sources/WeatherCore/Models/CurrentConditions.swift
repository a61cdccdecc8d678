import FoundationEssentials

/// Observed weather at a moment, in canonical metric units (°C, m/s, hPa, m, mm).
package struct CurrentConditions: Equatable, Sendable {
    package var observedAt: Date
    package var condition: Condition
    package var temperature: Double
    package var feelsLike: Double
    /// Nil when the provider left the figure out: the views say nothing rather than 0.
    package var humidity: Int?
    package var pressure: Double?
    package var windSpeed: Double?
    package var windDegrees: Double?
    package var windGust: Double?
    package var visibility: Double?
    package var cloudCover: Int?
    /// Rain in the last hour, or else the last three hours, with the span it covers.
    package var rain: Precipitation?
    package var snow: Precipitation?
    package var sunrise: Date?
    package var sunset: Date?
    /// The UV index now (nil when the provider gives none, at night too when it says nothing then).
    package var uvIndex: Double?

    package init(
        observedAt: Date, condition: Condition, temperature: Double, feelsLike: Double, humidity: Int?,
        pressure: Double?, windSpeed: Double?, windDegrees: Double? = nil, windGust: Double? = nil,
        visibility: Double? = nil, cloudCover: Int? = nil, rain: Precipitation? = nil, snow: Precipitation? = nil,
        sunrise: Date? = nil, sunset: Date? = nil, uvIndex: Double? = nil
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
        self.uvIndex = uvIndex
    }
}

/// An amount of rain or snow over a span of hours.
package struct Precipitation: Equatable, Sendable {
    package var millimetres: Double
    package var hours: Int

    package init(millimetres: Double, hours: Int) {
        self.millimetres = millimetres
        self.hours = hours
    }
}
