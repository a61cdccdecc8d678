import Foundation

/// Turns OpenWeather's JSON into domain models (canonical metric units), tolerating the API's quirks.
public enum ResponseDecoding {
    /// Current conditions and the place's UTC offset in seconds.
    public static func current(_ data: Data) throws(WeatherError) -> (conditions: CurrentConditions, utcOffset: Int) {
        let dto: CurrentWeatherResponse = try decode(data)
        let conditions = CurrentConditions(
            observedAt: Date(timeIntervalSince1970: dto.dt),
            condition: condition(dto.weather?.first),
            temperature: dto.main.temp,
            feelsLike: dto.main.feels_like ?? dto.main.temp,
            humidity: percent(dto.main.humidity),
            pressure: dto.main.pressure ?? 0,
            windSpeed: max(0, dto.wind?.speed ?? 0),
            windDegrees: dto.wind?.deg,
            windGust: dto.wind?.gust,
            visibility: dto.visibility,
            cloudCover: dto.clouds?.all.map { percent($0) },
            rain: precipitation(dto.rain),
            snow: precipitation(dto.snow),
            sunrise: dto.sys?.sunrise.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0) : nil },
            sunset: dto.sys?.sunset.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0) : nil }
        )
        return (conditions, dto.timezone ?? 0)
    }

    /// The 3-hour slots in time order, and the UTC offset the forecast gives (if any).
    public static func forecast(_ data: Data) throws(WeatherError) -> (slots: [ForecastSlot], utcOffset: Int?) {
        let dto: ForecastResponse = try decode(data)
        let slots = dto.list.map { item in
            let rain = item.rain?.threeHours ?? 0
            let snow = item.snow?.threeHours ?? 0
            return ForecastSlot(
                time: Date(timeIntervalSince1970: item.dt),
                condition: condition(item.weather?.first, podIsNight: item.sys?.pod == "n"),
                temperature: item.main.temp,
                humidity: percent(item.main.humidity),
                windSpeed: max(0, item.wind?.speed ?? 0),
                windDegrees: item.wind?.deg,
                precipitationProbability: min(1, max(0, item.pop ?? 0)),
                precipitation: item.rain == nil && item.snow == nil ? nil : rain + snow,
                isSnow: snow > rain
            )
        }
        return (slots.sorted { $0.time < $1.time }, dto.city?.timezone)
    }

    /// Geocoding matches, duplicates (same name, state and country) removed.
    public static func places(_ data: Data) throws(WeatherError) -> [Place] {
        let results: [GeocodingResult] = try decode(data)
        var places: [Place] = []
        for result in results where (-90...90).contains(result.lat) && (-180...180).contains(result.lon) {
            let place = Place(
                name: result.name ?? "", state: result.state.flatMap { $0.isEmpty ? nil : $0 },
                country: result.country.flatMap { $0.isEmpty ? nil : $0 }, latitude: result.lat, longitude: result.lon)
            if !places.contains(where: { $0.name == place.name && $0.state == place.state && $0.country == place.country }) {
                places.append(place)
            }
        }
        return places
    }

    static func decode<T: Decodable>(_ data: Data) throws(WeatherError) -> T {
        guard !data.isEmpty else { throw .badResponse("the answer was empty") }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch DecodingError.dataCorrupted {
            throw .badResponse("it was not valid JSON")
        } catch {
            throw .badResponse("it was JSON of an unexpected shape")
        }
    }

    static func condition(_ entry: WeatherEntry?, podIsNight: Bool? = nil) -> Condition {
        guard let entry else { return Condition(code: 0, main: "Unknown", description: "unknown", isNight: podIsNight ?? false) }
        let night = entry.icon.map { $0.hasSuffix("n") } ?? podIsNight ?? false
        let description = (entry.description ?? entry.main ?? "unknown").sanitizedForTerminal
        return Condition(code: entry.id, main: (entry.main ?? "").sanitizedForTerminal, description: description, isNight: night)
    }

    /// Humidity and cloud cover, clamped to 0…100 (the API has sent 101).
    static func percent(_ value: Double?) -> Int {
        guard let value, value.isFinite else { return 0 }
        return Int(min(100, max(0, value)).rounded())
    }

    static func precipitation(_ amounts: PrecipitationAmounts?) -> Precipitation? {
        if let hour = amounts?.oneHour { return Precipitation(millimetres: hour, hours: 1) }
        if let three = amounts?.threeHours { return Precipitation(millimetres: three, hours: 3) }
        return nil
    }
}
