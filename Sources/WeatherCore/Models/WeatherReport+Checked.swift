import FoundationEssentials

/// The decoders' last step: every figure of an answer checked against `PhysicalRange`, so nothing a view, a
/// summary or `--json` reads from a report can be nonsense or make a conversion trap.
extension CurrentConditions {
    /// The same conditions with every figure outside its range missing; throws (naming what) when the time or the
    /// temperature is unusable, as the answer then cannot be shown. A feels-like temperature out of range is the
    /// temperature, as when a provider sends none.
    package func checked() throws(WeatherError) -> CurrentConditions {
        guard let observedAt = PhysicalRange.moment(observedAt) else { throw .badResponse(Phrase("detail.badTime")) }
        guard let temperature = PhysicalRange.temperature(temperature) else {
            throw .badResponse(Phrase("detail.badTemperature"))
        }
        var checked = self
        checked.observedAt = observedAt
        checked.temperature = temperature
        checked.feelsLike = PhysicalRange.temperature(feelsLike) ?? temperature
        checked.humidity = PhysicalRange.percent(humidity.map(Double.init))
        checked.pressure = PhysicalRange.pressure(pressure)
        checked.windSpeed = PhysicalRange.windSpeed(windSpeed)
        checked.windDegrees = PhysicalRange.direction(windDegrees)
        checked.windGust = PhysicalRange.windSpeed(windGust)
        checked.visibility = PhysicalRange.visibility(visibility)
        checked.cloudCover = PhysicalRange.percent(cloudCover.map(Double.init))
        checked.rain = rain?.checked
        checked.snow = snow?.checked
        checked.sunrise = PhysicalRange.moment(sunrise, near: observedAt)
        checked.sunset = PhysicalRange.moment(sunset, near: observedAt)
        checked.uvIndex = PhysicalRange.uvIndex(uvIndex)
        return checked
    }
}

extension Precipitation {
    /// Nil when the amount is out of range or the span is not one to three hours.
    var checked: Precipitation? {
        guard let millimetres = PhysicalRange.precipitation(millimetres), (1...3).contains(hours) else { return nil }
        return Precipitation(millimetres: millimetres, hours: hours)
    }
}

extension ForecastSlot {
    /// The same step with every figure outside its range missing (a temperature too: the row is shown with "–");
    /// nil (the step left out) when its time is unusable, or more than a year from `anchor`.
    package func checked(near anchor: Date? = nil) -> ForecastSlot? {
        guard let time = PhysicalRange.moment(time, near: anchor), (0...24).contains(hours) else { return nil }
        var checked = self
        checked.time = time
        checked.temperature = PhysicalRange.temperature(temperature)
        checked.humidity = PhysicalRange.percent(humidity.map(Double.init))
        checked.windSpeed = PhysicalRange.windSpeed(windSpeed)
        checked.windDegrees = PhysicalRange.direction(windDegrees)
        checked.precipitationProbability = PhysicalRange.probability(precipitationProbability)
        checked.precipitation = PhysicalRange.precipitation(precipitation)
        checked.uvIndex = PhysicalRange.uvIndex(uvIndex)
        return checked
    }
}

extension DayForecast {
    /// The same day with every figure outside its range missing; nil (the day left out, as one without a high and
    /// a low is) when its date, high or low is unusable, or its date more than a year from `anchor`.
    package func checked(near anchor: Date? = nil) -> DayForecast? {
        guard let date = PhysicalRange.moment(date, near: anchor), let high = PhysicalRange.temperature(high),
            let low = PhysicalRange.temperature(low)
        else { return nil }
        var checked = self
        checked.date = date
        checked.high = high
        checked.low = low
        checked.sunrise = PhysicalRange.moment(sunrise, near: date)
        checked.sunset = PhysicalRange.moment(sunset, near: date)
        checked.precipitation = PhysicalRange.precipitation(precipitation)
        checked.precipitationProbability = PhysicalRange.probability(precipitationProbability)
        checked.uvIndexMax = PhysicalRange.uvIndex(uvIndexMax)
        return checked
    }
}
