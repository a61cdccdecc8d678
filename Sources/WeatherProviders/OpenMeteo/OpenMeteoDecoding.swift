import FoundationEssentials
import HTTPKit
import WeatherCore

/// Turns Open-Meteo's JSON (asked for in metric units and `timeformat=unixtime`) into domain models. Only the
/// current time and temperature and the hourly times and temperatures are required; anything else missing, null
/// or unknown is left out rather than failing.
package enum OpenMeteoDecoding {
    /// Current conditions, 1-hour steps and days from `/v1/forecast`.
    ///
    /// `precipitation`, `snowfall`, `precipitation_probability` and the `weather_code` made from them are for the hour
    /// *before* their time, so the step for an hour (``ForecastSlot``'s interval) takes them from the next hour's
    /// entry and its instant values from its own; the current conditions' "last hour" comes from the current hour's.
    /// Steps start with the UTC 3-hour block holding the observation (the answer has the day's earlier hours), so
    /// the 3-hour step that covers now can be made as OpenWeather's is.
    package static func forecast(_ data: Data) throws(WeatherError) -> OpenMeteoForecast {
        try forecast(json: ResponseDecoding.parse(data))
    }

    /// The same from an answer already parsed (one place of a multi-location answer).
    package static func forecast(json: JSONValue) throws(WeatherError) -> OpenMeteoForecast {
        let current = json["current"]
        guard let observed = current?["time"]?.double, let temperature = current?["temperature_2m"]?.double else {
            throw unexpectedShape
        }
        let zone = zone(name: json["timezone"]?.string, offset: PhysicalRange.utcOffset(json["utc_offset_seconds"]?.double))
        let hours = try Hours(json["hourly"])
        // The hour holding the observation: the last one starting at or before it.
        let now = hours.times.lastIndex { ($0 ?? .infinity) <= observed } ?? 0
        let anchor = Date(timeIntervalSince1970: observed)
        let days = days(json["daily"], zone: zone)?.compactMap { $0.checked(near: anchor) }
        let today = days?.last { $0.date.timeIntervalSince1970 <= observed }
        let lastHour = hours.amounts(at: now)
        let conditions = CurrentConditions(
            observedAt: Date(timeIntervalSince1970: observed),
            condition: WMOCodes.condition(current?["weather_code"]?.int, isNight: current?["is_day"]?.int == 0),
            temperature: temperature,
            feelsLike: current?["apparent_temperature"]?.double ?? temperature,
            humidity: ResponseDecoding.percent(current?["relative_humidity_2m"]?.double),
            pressure: current?["pressure_msl"]?.double,
            windSpeed: current?["wind_speed_10m"]?.double,
            windDegrees: current?["wind_direction_10m"]?.double,
            windGust: current?["wind_gusts_10m"]?.double,
            visibility: hours.value("visibility", now),
            cloudCover: ResponseDecoding.percent(current?["cloud_cover"]?.double),
            rain: lastHour.map { Precipitation(millimetres: hundredths(max(0, $0.total - $0.snow)), hours: 1) },
            snow: lastHour.flatMap { $0.snow > 0 ? Precipitation(millimetres: hundredths($0.snow), hours: 1) : nil },
            sunrise: today?.sunrise,
            sunset: today?.sunset,
            uvIndex: current?["uv_index"]?.double
        )
        let slots = (hours.blockStart(now)..<hours.times.count).compactMap { hours.slot($0)?.checked(near: anchor) }
        return OpenMeteoForecast(
            current: try conditions.checked(), hourly: slots, days: days?.isEmpty == false ? days : nil, zone: zone)
    }

    /// A `.forecasts` answer cut into each place's own answer, in the order asked: the JSON array's objects (placed
    /// by their `location_id` when they carry one), each as the body a `.forecast` request for that place gets, so it
    /// decodes and is cached as one, beside it parsed. Nil for a place the answer leaves out. A single object (one
    /// place asked) is the first place's. Throws for an answer that is not JSON, or neither an array nor an object.
    package static func forecastBodies(_ data: Data, count: Int) throws(WeatherError) -> [(body: Data, json: JSONValue)?] {
        let json = try ResponseDecoding.parse(data)
        var bodies = [(body: Data, json: JSONValue)?](repeating: nil, count: count)
        if json.object != nil {
            if count > 0 { bodies[0] = (data, json) }
            return bodies
        }
        guard let elements = json.array else { throw unexpectedShape }
        for (index, element) in elements.enumerated() where element.object != nil {
            let position = element["location_id"]?.int ?? index
            guard bodies.indices.contains(position), bodies[position] == nil else { continue }
            bodies[position] = (Data(element.serialized.utf8), element)
        }
        return bodies
    }

    /// The UV index from a `.uvIndex` request's answer: now, and each hour's (at its start), every figure checked.
    /// Throws only for an answer that is not JSON or not an object.
    package static func uvIndex(_ data: Data) throws(WeatherError) -> OpenMeteoUVIndex {
        let json = try ResponseDecoding.parse(data)
        guard json.object != nil else { throw unexpectedShape }
        let times = json["hourly"]?["time"]?.array ?? []
        let values = json["hourly"]?["uv_index"]?.array ?? []
        let hours = zip(times, values).compactMap { time, value -> OpenMeteoUVIndex.Hour? in
            guard let time = PhysicalRange.moment(time.double), let index = PhysicalRange.uvIndex(value.double) else { return nil }
            return OpenMeteoUVIndex.Hour(time: time, index: index)
        }
        return OpenMeteoUVIndex(now: PhysicalRange.uvIndex(json["current"]?["uv_index"]?.double), hours: hours)
    }

    /// The answer's zone (`timezone`, asked for as `auto`: the zone where the place lies) when the system knows it,
    /// else its offset now (`utc_offset_seconds`), else unknown.
    static func zone(name: String?, offset: Int?, files: ZoneFiles = .system) -> PlaceTimeZone {
        if let name, let rules = files.rules(name) { return .zone(rules) }
        guard let offset, (-18 * 3600...18 * 3600).contains(offset) else { return .unknown }
        return .fixed(offset)
    }

    /// A geocoding result: the place and its IANA time zone ("Europe/London"), when given.
    package struct Match: Equatable, Sendable {
        package var place: Place
        /// The place's time zone, which the place itself carries.
        package var timeZone: String? { place.timeZone }
    }

    /// Geocoding results from `/v1/search`, largest population first (those without one last, the API's order
    /// kept among equals), duplicates (same name, admin1 and country) removed. No `results` key means none.
    package static func places(_ data: Data) throws(WeatherError) -> [Match] {
        let json = try ResponseDecoding.parse(data)
        guard json.object != nil else { throw unexpectedShape }
        let results = json["results"]?.array ?? []
        let ranked = results.enumerated().compactMap { index, result -> (match: Match, population: Double, index: Int)? in
            guard let lat = result["latitude"]?.double, let lon = result["longitude"]?.double,
                (-90...90).contains(lat), (-180...180).contains(lon),
                let name = nonEmpty(result["name"]?.string)
            else { return nil }
            let timeZone = nonEmpty(result["timezone"]?.string)
            let place = Place(
                name: name, state: nonEmpty(result["admin1"]?.string), country: nonEmpty(result["country_code"]?.string),
                latitude: lat, longitude: lon, timeZone: timeZone)
            return (Match(place: place), result["population"]?.double ?? -1, index)
        }
        .sorted { $0.population != $1.population ? $0.population > $1.population : $0.index < $1.index }
        // Places, every one off the map: not an answer that found nothing (which is cached), but one to refuse.
        let offMap = results.contains { result in
            guard let lat = result["latitude"]?.double, let lon = result["longitude"]?.double else { return false }
            return !(-90...90).contains(lat) || !(-180...180).contains(lon)
        }
        guard !ranked.isEmpty || !offMap else { throw .badResponse(Phrase("detail.offMap")) }
        var matches: [Match] = []
        for (match, _, _) in ranked {
            let place = match.place
            guard !matches.contains(where: { $0.place.name == place.name && $0.place.state == place.state && $0.place.country == place.country })
            else { continue }
            matches.append(match)
        }
        return matches
    }

    /// The `reason` of an error body (`{"error": true, "reason": …}`), sanitised, if there is one.
    static func errorReason(_ data: Data) -> String? {
        ((try? JSONValue.parse(data))?["reason"]?.string).map(\.sanitizedForTerminal)
    }

    /// Days from `daily`, each dated at its local midnight; a day without both a high and a low is left out.
    static func days(_ daily: JSONValue?, zone: PlaceTimeZone) -> [DayForecast]? {
        guard let times = daily?["time"]?.array else { return nil }
        let column = { (name: String, index: Int) -> Double? in
            guard let values = daily?[name]?.array, index < values.count else { return nil }
            return values[index].double
        }
        let days = times.indices.compactMap { index -> DayForecast? in
            guard let time = times[index].double, let high = column("temperature_2m_max", index),
                let low = column("temperature_2m_min", index)
            else { return nil }
            return DayForecast(
                date: localMidnight(near: time, zone: zone), high: high, low: low,
                condition: column("weather_code", index).map { WMOCodes.condition(Int(saturating: $0), isNight: false) },
                sunrise: column("sunrise", index).flatMap(date), sunset: column("sunset", index).flatMap(date),
                precipitation: column("precipitation_sum", index),
                precipitationProbability: column("precipitation_probability_max", index).map(probability),
                uvIndexMax: column("uv_index_max", index))
        }
        return days.isEmpty ? nil : days
    }

    /// The local midnight nearest `time`: a day's time may be off by the hour a daylight-saving change moves it,
    /// or by the half hour Open-Meteo shifts a half-hour zone's hours.
    static func localMidnight(near time: Double, zone: PlaceTimeZone) -> Date {
        let instant = Date(timeIntervalSince1970: time.rounded())
        let local = Int(saturating: time.rounded()) + zone.offset(at: instant) + 43_200
        return zone.midnight(day: Int(floorDivide(Int64(local), 86_400)))
    }

    /// The `hourly` columns, read by index.
    private struct Hours {
        let columns: [String: JSONValue]
        let times: [Double?]

        init(_ hourly: JSONValue?) throws(WeatherError) {
            guard let columns = hourly?.object, let times = columns["time"]?.array, columns["temperature_2m"]?.array != nil
            else { throw OpenMeteoDecoding.unexpectedShape }
            self.columns = columns
            self.times = times.map(\.double)
        }

        func value(_ name: String, _ index: Int) -> Double? {
            guard index >= 0, let values = columns[name]?.array, index < values.count else { return nil }
            return values[index].double
        }

        /// Precipitation and its snow (as water, mm) over the hour before `index`'s time; nil when not given.
        func amounts(at index: Int) -> (total: Double, snow: Double)? {
            let snow = value("snowfall", index).map(OpenMeteoDecoding.snowWater) ?? 0
            guard let total = value("precipitation", index) ?? (snow > 0 ? snow : nil) else { return nil }
            return (max(total, 0), min(max(snow, 0), max(total, 0)))
        }

        /// The first index of the UTC 3-hour block `index` is in (a :30 or :15 hour counts as the hour it starts in).
        func blockStart(_ index: Int) -> Int {
            var first = index
            while first > max(0, index - 2), let time = times[first], let before = times[first - 1], time - before == 3_600,
                (Int(time) - ((Int(time) % 3_600) + 3_600) % 3_600) % 10_800 != 0
            {
                first -= 1
            }
            return first
        }

        /// The step for the hour starting at `index`'s time; nil without a time or the next hour's entry. A null
        /// temperature is a step without one (shown as "–"), never a step left out: its 3-hour row would go with it.
        func slot(_ index: Int) -> ForecastSlot? {
            guard let time = times[index], index + 1 < times.count else { return nil }
            let temperature = value("temperature_2m", index)
            let next = amounts(at: index + 1)
            return ForecastSlot(
                time: Date(timeIntervalSince1970: time),
                condition: WMOCodes.condition(value("weather_code", index + 1).map { Int(saturating: $0) }, isNight: value("is_day", index) == 0),
                temperature: temperature,
                humidity: ResponseDecoding.percent(value("relative_humidity_2m", index)),
                windSpeed: value("wind_speed_10m", index),
                windDegrees: value("wind_direction_10m", index),
                precipitationProbability: value("precipitation_probability", index + 1).map(probability),
                precipitation: next.map(\.total),
                isSnow: next.map { $0.snow > 0 && $0.snow * 2 >= $0.total } ?? false,
                hours: 1,
                uvIndex: value("uv_index", index)
            )
        }
    }

    /// Snowfall (cm of snow) as millimetres of water: Open-Meteo's own ratio, 7 cm of snow to 10 mm.
    static func snowWater(_ centimetres: Double) -> Double {
        centimetres * 10 / 7
    }

    /// A percentage as 0…1.
    /// A percentage as 0…1, unchecked: `ForecastSlot.checked` leaves one out of range out.
    private static func probability(_ percent: Double) -> Double {
        percent / 100
    }

    private static func date(_ seconds: Double) -> Date? {
        seconds > 0 ? Date(timeIntervalSince1970: seconds) : nil
    }

    /// To 0.01 mm: what is left after taking the snow out of a total rounded to 0.1 mm.
    private static func hundredths(_ millimetres: Double) -> Double {
        (millimetres * 100).rounded() / 100
    }

    private static func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 }
    }

    static let unexpectedShape = WeatherError.badResponse(Phrase("detail.unexpectedShape"))
}
