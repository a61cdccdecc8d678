import Foundation

/// Both geocoders over one list of places (`Tests/Fixtures/gazetteer.json`), each searching as its server does:
///
/// - OpenWeather's `/geo/1.0/direct?q=Name[,State][,CC]`: the exact name (case and accents aside); a second part is a
///   country code; with three, the state counts only in the US; at most `limit`, largest first.
/// - Open-Meteo's `/v1/search?name=…&countryCode=…&count=…`: names starting with the one asked (three letters or more;
///   fewer match exactly), in the country when one is given, at most `count`, largest first, regions named in the
///   `language` asked where the gazetteer has it.
///
/// Every other path goes to `FakeProviders`, so one server answers a whole session through any provider.
public enum FakeGazetteer {
    struct Entry {
        var name: String
        var admin1: String
        /// The region in other languages ("fr": "Australie-Occidentale"), as Open-Meteo names it in them.
        var admin1Names: [String: String]
        var admin1Code: String
        var countryCode: String
        var latitude: Double
        var longitude: Double
        var timezone: String
        var population: Int
    }

    static let entries: [Entry] = {
        let list = (try? JSONSerialization.jsonObject(with: Fixtures.data("gazetteer.json"))) as? [[String: Any]] ?? []
        return list.compactMap { item in
            guard let name = item["name"] as? String, let admin1 = item["admin1"] as? String,
                let code = item["admin1_code"] as? String, let country = item["country_code"] as? String,
                let latitude = item["latitude"] as? Double, let longitude = item["longitude"] as? Double,
                let timezone = item["timezone"] as? String, let population = item["population"] as? Int
            else { return nil }
            return Entry(
                name: name, admin1: admin1, admin1Names: item["admin1_names"] as? [String: String] ?? [:], admin1Code: code, countryCode: country, latitude: latitude, longitude: longitude,
                timezone: timezone, population: population)
        }
    }()

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).trimmingCharacters(in: .whitespaces)
    }

    /// OpenWeather's direct geocoding of `q`.
    public static func openWeather(q: String, limit: Int = 5) -> [[String: Any]] {
        let parts = q.split(separator: ",", omittingEmptySubsequences: false).map { fold(String($0)) }
        guard let name = parts.first, !name.isEmpty, parts.count <= 3 else { return [] }
        let country = parts.count >= 2 ? parts[parts.count - 1] : nil
        let state = parts.count == 3 && country == "us" ? parts[1] : nil
        return entries
            .filter { fold($0.name) == name && (country == nil || fold($0.countryCode) == country) }
            .filter { entry in state.map { fold(entry.admin1Code) == $0 || fold(entry.admin1) == $0 } ?? true }
            .sorted { $0.population > $1.population }
            .prefix(limit)
            .map { entry in
                [
                    "name": entry.name, "local_names": ["en": entry.name], "lat": entry.latitude, "lon": entry.longitude,
                    "country": entry.countryCode, "state": entry.admin1,
                ]
            }
    }

    /// Open-Meteo's search for `name`.
    public static func openMeteo(name: String, countryCode: String?, count: Int = 10, language: String = "en") -> [[String: Any]] {
        let key = fold(name)
        guard key.count >= 2 else { return [] }
        return entries
            .filter { key.count < 3 ? fold($0.name) == key : fold($0.name).hasPrefix(key) }
            .filter { entry in countryCode.map { fold(entry.countryCode) == fold($0) } ?? true }
            .sorted { $0.population > $1.population }
            .prefix(count)
            .enumerated()
            .map { index, entry in
                [
                    "id": index + 1, "name": entry.name, "latitude": entry.latitude, "longitude": entry.longitude,
                    "country_code": entry.countryCode, "admin1": entry.admin1Names[language] ?? entry.admin1, "timezone": entry.timezone,
                    "population": entry.population,
                ]
            }
    }

    public static func route(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        switch request.path {
        case "/geo/1.0/direct":
            guard let key = request.value("appid"), !key.isEmpty else { return FakeOpenWeather.route(request) }
            let limit = request.value("limit").flatMap(Int.init) ?? 5
            return json(openWeather(q: request.value("q") ?? "", limit: limit))
        case "/v1/search":
            let count = request.value("count").flatMap(Int.init) ?? 10
            let results = openMeteo(
                name: request.value("name") ?? "", countryCode: request.value("countryCode"), count: count,
                language: request.value("language") ?? "en")
            // An answer without results has no `results` key, as the real server's.
            var body: [String: Any] = ["generationtime_ms": 0.1]
            if !results.isEmpty { body["results"] = results }
            return json(body)
        default:
            return FakeProviders.route(request)
        }
    }

    public static func start() throws -> LoopbackServer {
        try LoopbackServer(handler: route)
    }

    private static func json(_ value: Any) -> LoopbackServer.Reply {
        .json((try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("[]".utf8))
    }
}
