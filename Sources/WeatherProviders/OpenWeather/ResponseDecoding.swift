import FoundationEssentials
import HTTPKit
import WeatherCore

/// Turns OpenWeather's JSON into domain models (canonical metric units), tolerating the API's quirks: fields it
/// omits are optional, and only what the views use is read.
package enum ResponseDecoding {
    /// Current conditions and the place's UTC offset in seconds, from `/data/2.5/weather`.
    package static func current(_ data: Data) throws(WeatherError) -> (conditions: CurrentConditions, utcOffset: Int) {
        let json = try parse(data)
        let main = json["main"]
        guard let observed = json["dt"]?.double, let temperature = main?["temp"]?.double else { throw unexpectedShape }
        let wind = json["wind"]
        let sys = json["sys"]
        let conditions = CurrentConditions(
            observedAt: Date(timeIntervalSince1970: observed),
            condition: try condition(json["weather"]),
            temperature: temperature,
            feelsLike: main?["feels_like"]?.double ?? temperature,
            humidity: percent(main?["humidity"]?.double),
            pressure: main?["pressure"]?.double,
            windSpeed: wind?["speed"]?.double,
            windDegrees: wind?["deg"]?.double,
            windGust: wind?["gust"]?.double,
            visibility: json["visibility"]?.double,
            cloudCover: percent(json["clouds"]?["all"]?.double),
            rain: precipitation(json["rain"]),
            snow: precipitation(json["snow"]),
            sunrise: sys?["sunrise"]?.double.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0) : nil },
            sunset: sys?["sunset"]?.double.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0) : nil }
        )
        return (try conditions.checked(), PhysicalRange.utcOffset(json["timezone"]?.double) ?? 0)
    }

    /// The 3-hour slots in time order, and the UTC offset the forecast gives (if any), from `/data/2.5/forecast`.
    ///
    /// OpenWeather documents an entry's `rain.3h` and `snow.3h` as the volume of the *last* three hours; its
    /// condition and `pop` describe the same three hours. So the entry at `dt` makes the slot that covers
    /// `dt − 3 h … dt` (``ForecastSlot``'s interval), with that interval's instant values (temperature, humidity,
    /// wind) from the entry at its start: the previous entry, or for the first slot, which covers now, the entry
    /// itself.
    package static func forecast(_ data: Data) throws(WeatherError) -> (slots: [ForecastSlot], utcOffset: Int?) {
        let json = try parse(data)
        guard let list = json["list"]?.array else { throw unexpectedShape }
        var entries: [(time: Double, item: JSONValue, temperature: Double)] = []
        entries.reserveCapacity(list.count)
        for item in list {
            guard let time = item["dt"]?.double, let temperature = item["main"]?["temp"]?.double else { throw unexpectedShape }
            entries.append((time, item, temperature))
        }
        entries.sort { $0.time < $1.time }
        var slots: [ForecastSlot] = []
        slots.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let item = entry.item
            let start = index > 0 && entries[index - 1].time == entry.time - 10_800 ? entries[index - 1] : entry
            let rain = item["rain"]?["3h"]?.double
            let snow = item["snow"]?["3h"]?.double
            var condition = try condition(item["weather"], podIsNight: item["sys"]?["pod"]?.string == "n")
            // Day or night at the slot's start, like its other instant values.
            if start.time != entry.time { condition.isNight = try Self.condition(start.item["weather"], podIsNight: start.item["sys"]?["pod"]?.string == "n").isNight }
            slots.append(ForecastSlot(
                time: Date(timeIntervalSince1970: entry.time - 10_800),
                condition: condition,
                temperature: start.temperature,
                humidity: percent(start.item["main"]?["humidity"]?.double),
                windSpeed: start.item["wind"]?["speed"]?.double,
                windDegrees: start.item["wind"]?["deg"]?.double,
                precipitationProbability: item["pop"]?.double ?? 0,
                // OpenWeather leaves `rain` and `snow` out of a dry step: nothing falls, as Open-Meteo's 0 says.
                precipitation: (rain ?? 0) + (snow ?? 0),
                isSnow: (snow ?? 0) > (rain ?? 0)
            ))
        }
        return (slots.compactMap { $0.checked() }.sorted { $0.time < $1.time }, PhysicalRange.utcOffset(json["city"]?["timezone"]?.double))
    }

    /// Geocoding matches from `/geo/1.0/direct` or `/reverse`, duplicates (same name, state and country) removed.
    /// Each is named in `language` (OpenWeather's code, "fr", "pt_br") where its `local_names` has it.
    package static func places(_ data: Data, language: String = "en") throws(WeatherError) -> [Place] {
        // local_names is keyed by ISO 639-1: "pt", not "pt_br". In English the default name stands: it is already
        // the one OpenWeather shows in English, and keeps a place's own accents ("Zürich", not local_names' "Zurich").
        let key = String(language.prefix { $0 != "_" && $0 != "-" })
        let localized = key != "en"
        guard let results = try parse(data).array else { throw unexpectedShape }
        var places: [Place] = []
        for result in results {
            guard let lat = result["lat"]?.double, let lon = result["lon"]?.double else { throw unexpectedShape }
            guard (-90...90).contains(lat), (-180...180).contains(lon) else { continue }
            var place = Place(
                name: (localized ? nonEmpty(result["local_names"]?[key]?.string) : nil) ?? result["name"]?.string ?? "",
                state: nonEmpty(result["state"]?.string),
                country: nonEmpty(result["country"]?.string), latitude: lat, longitude: lon)
            place.names = names(result["local_names"], asked: Language(code: language), name: place.name)
            if !places.contains(where: { $0.name == place.name && $0.state == place.state && $0.country == place.country }) {
                places.append(place)
            }
        }
        // Places, every one off the map: not an answer that found nothing (which is cached), but one to refuse.
        guard places.count > 0 || results.isEmpty else { throw .badResponse(Phrase("detail.offMap")) }
        return places
    }

    /// The place's names in the languages this program speaks, from `local_names` (keyed by ISO 639-1: "pt" for
    /// Brazilian Portuguese); in the language asked, the name chosen for it (in English the default, with its accents).
    static func names(_ localNames: JSONValue?, asked: Language?, name: String) -> [Language: String] {
        var names: [Language: String] = [:]
        for language in Language.allCases {
            let key = String(language.code.prefix { $0 != "-" })
            if let local = nonEmpty(localNames?[key]?.string) { names[language] = local }
        }
        if let asked, !name.isEmpty { names[asked] = name }
        return names
    }

    /// The `message` of an error body (`{"cod": 400 | "400", "message": …}`), sanitised, if there is one.
    static func errorMessage(_ data: Data) -> String? {
        ((try? JSONValue.parse(data))?["message"]?.text).map(\.sanitizedForTerminal)
    }

    static func parse(_ data: Data) throws(WeatherError) -> JSONValue {
        guard !data.isEmpty else { throw .badResponse(Phrase("detail.empty")) }
        do {
            return try JSONValue.parse(data)
        } catch {
            throw .badResponse(Phrase("detail.notJSON"))
        }
    }

    private static let unexpectedShape = WeatherError.badResponse(Phrase("detail.unexpectedShape"))

    /// The first `weather[]` entry; an entry must carry its condition code. A code the conditions table words
    /// (`owm.<id>`, every code OpenWeather documents) is keyed, worded when shown in the language in force, so the
    /// answer (asked for with no `lang`) holds no language; an unknown code keeps OpenWeather's English words.
    static func condition(_ entries: JSONValue?, podIsNight: Bool? = nil) throws(WeatherError) -> Condition {
        guard let entry = entries?.array?.first else {
            return Condition(code: 0, main: "Unknown", description: "unknown", isNight: podIsNight ?? false)
        }
        guard let code = entry["id"]?.int else { throw unexpectedShape }
        let main = entry["main"]?.string
        let night = entry["icon"]?.string.map { $0.hasSuffix("n") } ?? podIsNight ?? false
        let description = entry["description"]?.string ?? main ?? "unknown"
        let key = "owm.\(code)"
        return Condition(
            code: code, main: main ?? "", description: description, isNight: night,
            key: Strings.table(.english)[key] == nil ? nil : key)
    }

    /// Humidity and cloud cover as whole percentages (101, which the API has sent, is 100); nil when the figure is
    /// missing or out of range (`PhysicalRange.percent`).
    static func percent(_ value: Double?) -> Int? {
        PhysicalRange.percent(value)
    }

    /// `rain` or `snow`: `{"1h": …}` or `{"3h": …}`.
    static func precipitation(_ amounts: JSONValue?) -> Precipitation? {
        if let hour = amounts?["1h"]?.double { return Precipitation(millimetres: hour, hours: 1) }
        if let three = amounts?["3h"]?.double { return Precipitation(millimetres: three, hours: 3) }
        return nil
    }

    private static func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.isEmpty ? nil : $0 }
    }
}
