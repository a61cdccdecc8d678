import FoundationEssentials
import HTTPKit
import WeatherCore

/// A Locationforecast 2.0 answer as this program reads it: one entry per time step, in time order, in MET's
/// units (°C, %, hPa, m/s, degrees, mm). Hourly steps for about two and a half days, then 6-hourly ones.
package struct Locationforecast: Equatable, Sendable {
    /// The weather over the hours after an entry's time (`next_1_hours`, `next_6_hours`, `next_12_hours`).
    package struct Period: Equatable, Sendable {
        /// MET's symbol code ("lightrainshowers_day"), if given.
        package var symbol: String?
        /// Precipitation over the period, in mm.
        package var precipitation: Double?
        /// Chance of precipitation, 0…1 (the complete product has it, where MET forecasts one; compact never does).
        package var probability: Double?

        package init(symbol: String?, precipitation: Double? = nil, probability: Double? = nil) {
            self.symbol = symbol
            self.precipitation = precipitation
            self.probability = probability
        }
    }

    /// One time step: the values at that instant, and the periods that start there.
    package struct Entry: Equatable, Sendable {
        package var time: Date
        package var temperature: Double
        package var humidity: Double?
        package var pressure: Double?
        package var windSpeed: Double?
        /// Where the wind comes from, degrees.
        package var windDirection: Double?
        package var windGust: Double?
        package var cloudCover: Double?
        /// The UV index for a cloudless sky (`ultraviolet_index_clear_sky`, the complete product's, in its hourly part).
        package var uvIndexClearSky: Double?
        package var nextHour: Period?
        package var nextSixHours: Period?
        package var nextTwelveHours: Period?

        package init(
            time: Date, temperature: Double, humidity: Double? = nil, pressure: Double? = nil, windSpeed: Double? = nil,
            windDirection: Double? = nil, windGust: Double? = nil, cloudCover: Double? = nil, uvIndexClearSky: Double? = nil,
            nextHour: Period? = nil, nextSixHours: Period? = nil, nextTwelveHours: Period? = nil
        ) {
            self.time = time
            self.temperature = temperature
            self.humidity = humidity
            self.pressure = pressure
            self.windSpeed = windSpeed
            self.windDirection = windDirection
            self.windGust = windGust
            self.cloudCover = cloudCover
            self.uvIndexClearSky = uvIndexClearSky
            self.nextHour = nextHour
            self.nextSixHours = nextSixHours
            self.nextTwelveHours = nextTwelveHours
        }
    }

    /// In time order, one per time.
    package var entries: [Entry]

    package init(entries: [Entry]) {
        self.entries = entries
    }

    /// Reads `properties.timeseries`, tolerating what MET leaves out: an entry without a time or an air
    /// temperature is skipped, any other value may be missing. Throws when no entry is left.
    package static func decode(_ data: Data) throws(WeatherError) -> Locationforecast {
        guard let series = try ResponseDecoding.parse(data)["properties"]?["timeseries"]?.array else {
            throw .badResponse(Phrase("detail.unexpectedShape"))
        }
        var entries: [Entry] = []
        entries.reserveCapacity(series.count)
        for item in series {
            let data = item["data"]
            let details = data?["instant"]?["details"]
            // Every figure checked where it enters (`PhysicalRange`): one out of range is missing, and an entry
            // whose time or temperature is, is skipped.
            guard let time = PhysicalRange.moment(item["time"]?.string.flatMap(WireDate.iso8601)),
                let temperature = PhysicalRange.temperature(details?["air_temperature"]?.double)
            else { continue }
            entries.append(Entry(
                time: time, temperature: temperature,
                humidity: PhysicalRange.percentage(details?["relative_humidity"]?.double),
                pressure: PhysicalRange.pressure(details?["air_pressure_at_sea_level"]?.double),
                windSpeed: PhysicalRange.windSpeed(details?["wind_speed"]?.double),
                windDirection: PhysicalRange.direction(details?["wind_from_direction"]?.double),
                windGust: PhysicalRange.windSpeed(details?["wind_speed_of_gust"]?.double),
                cloudCover: PhysicalRange.percentage(details?["cloud_area_fraction"]?.double),
                uvIndexClearSky: PhysicalRange.uvIndex(details?["ultraviolet_index_clear_sky"]?.double),
                nextHour: period(data?["next_1_hours"]),
                nextSixHours: period(data?["next_6_hours"]),
                nextTwelveHours: period(data?["next_12_hours"])))
        }
        entries.sort { $0.time < $1.time }
        var unique: [Entry] = []
        unique.reserveCapacity(entries.count)
        for entry in entries where unique.last?.time != entry.time { unique.append(entry) }
        guard !unique.isEmpty else { throw .badResponse(Phrase("detail.noForecast")) }
        return Locationforecast(entries: unique)
    }

    /// The entries no more than a year from `now` (MET forecasts from the present hour, and the current conditions
    /// are picked by the clock); throws when none is left, as such an answer has no usable time.
    package func near(_ now: Date) throws(WeatherError) -> Locationforecast {
        let kept = entries.filter { PhysicalRange.moment($0.time, near: now) != nil }
        guard !kept.isEmpty else { throw .badResponse(Phrase("detail.badTime")) }
        return Locationforecast(entries: kept)
    }

    /// A `next_…_hours` object; nil when it is absent or says nothing.
    private static func period(_ json: JSONValue?) -> Period? {
        guard let json else { return nil }
        let details = json["details"]
        let period = Period(
            symbol: json["summary"]?["symbol_code"]?.string,
            precipitation: PhysicalRange.precipitation(details?["precipitation_amount"]?.double),
            probability: PhysicalRange.percentage(details?["probability_of_precipitation"]?.double).map { $0 / 100 })
        return period.symbol == nil && period.precipitation == nil && period.probability == nil ? nil : period
    }
}
