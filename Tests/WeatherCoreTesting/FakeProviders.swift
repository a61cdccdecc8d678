import CZlib
import Foundation

/// Routes Open-Meteo's endpoints to the fixtures in `Tests/Fixtures/openmeteo`, as the real servers would answer.
///
/// A search for "London" (in any case) finds `geocoding_london.json` (whatever the country asked for: the filtering is the
/// client's); any other name finds nothing. The forecast is Kolkata's at 22.5726, Kathmandu's at 27.7017, and
/// Testford's elsewhere. A request carrying a key is refused: Open-Meteo must never be sent one.
public enum FakeOpenMeteo {
    public static func fixture(_ name: String) -> Data { Fixtures.data("openmeteo/\(name)") }

    public static func route(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        if request.query.contains(where: { ["appid", "apikey", "key"].contains($0.0.lowercased()) }) {
            return .json("{\"error\":true,\"reason\":\"No key was expected\"}", status: 401)
        }
        switch request.path {
        case "/v1/search":
            return .json(fixture(request.value("name")?.lowercased() == "london" ? "geocoding_london.json" : "geocoding_empty.json"))
        case "/v1/forecast" where request.value("latitude")?.contains(",") == true:
            guard let body = forecasts(latitudes: request.value("latitude") ?? "", longitudes: request.value("longitude") ?? "") else {
                return .json("{\"error\":true,\"reason\":\"Parameter 'latitude' and 'longitude' must have the same number of elements\"}", status: 400)
            }
            return .json(body)
        case "/v1/forecast":
            switch request.value("latitude") {
            case "22.5726": return .json(fixture("forecast_kolkata.json"))
            case "27.7017": return .json(fixture("forecast_kathmandu.json"))
            default: return .json(fixture("forecast_testford.json"))
            }
        default:
            return .json("{\"error\":true,\"reason\":\"Not found\"}", status: 404)
        }
    }

    public static func start() throws -> LoopbackServer {
        try LoopbackServer(handler: route)
    }

    /// A multi-location answer, as Open-Meteo gives one for comma-separated coordinates: a JSON array, one object a
    /// place in the order asked, each Testford's forecast at the coordinates asked, with `location_id` after the first
    /// (the server writes it when it is not 0) and the current temperature set to its index (mod 30), so a test can
    /// tell the places apart. Nil for coordinate lists of different lengths (Open-Meteo answers 400).
    public static func forecasts(latitudes: String, longitudes: String) -> Data? {
        let lats = latitudes.split(separator: ","), lons = longitudes.split(separator: ",")
        guard lats.count == lons.count,
            let one = try? JSONSerialization.jsonObject(with: fixture("forecast_testford.json")) as? [String: Any]
        else { return nil }
        let places = zip(lats, lons).enumerated().map { index, coordinates -> [String: Any] in
            var place = one
            place["latitude"] = Double(coordinates.0) ?? 0
            place["longitude"] = Double(coordinates.1) ?? 0
            if index > 0 { place["location_id"] = index }
            var current = place["current"] as? [String: Any] ?? [:]
            current["temperature_2m"] = Double(index % 30)
            place["current"] = current
            return place
        }
        return try? JSONSerialization.data(withJSONObject: places)
    }
}

/// MET Norway's locationforecast: Fjordby's forecast (compact's fields, which complete answers have too) for any coordinates, moved to start at the present hour,
/// fresh for 30 minutes (`Expires`), with `Last-Modified`; a request without a User-Agent gets 403, as the real server answers.
public enum FakeMETNorway {
    public static let path = "/weatherapi/locationforecast/2.0/complete"
    public static let lastModified = "Mon, 13 Nov 2023 23:30:00 GMT"

    public static func route(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        guard request.headers["user-agent"]?.isEmpty == false else { return .respond(status: 403, body: Data("Forbidden".utf8)) }
        guard request.path == path else { return .respond(status: 404, body: Data("Not found".utf8)) }
        if request.query.contains(where: { ["appid", "apikey", "key"].contains($0.0.lowercased()) }) {
            return .respond(status: 400, body: Data("Unexpected parameter".utf8))
        }
        return .json(Data(current().utf8), headers: ["Expires": httpDate(Date().addingTimeInterval(1_800)), "Last-Modified": lastModified])
    }

    /// "Tue, 14 Nov 2023 00:05:00 GMT".
    public static func httpDate(_ date: Date) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return format.string(from: date)
    }

    /// Fjordby's forecast moved to start at the present hour, as the real server's always does (the program picks
    /// its current conditions by the clock, which a test of the built binary cannot set).
    public static func current(now: Date = Date()) -> String {
        let text = String(decoding: Fixtures.data("metno/compact_fjordby.json"), as: UTF8.self)
        let format = ISO8601DateFormatter()
        let pattern = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/
        guard let first = text.firstMatch(of: /"time"\s*:\s*"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)"/),
            let start = format.date(from: String(first.1))
        else { return text }
        let hour = (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        let shift = hour - start.timeIntervalSince1970
        return text.replacing(pattern) { match in
            format.date(from: String(match.output)).map { format.string(from: $0.addingTimeInterval(shift)) } ?? String(match.output)
        }
    }
}

/// All three providers on one loopback server: OpenWeather's paths, Open-Meteo's (`/v1/…`) and MET Norway's
/// (`/weatherapi/…`), so one base URL serves `OPENWEATHER_BASE_URL`, `OPENMETEO_BASE_URL` and `METNO_BASE_URL`.
public enum FakeProviders {
    public static func route(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        if let warnings = FakeWarnings.route(request) { return warnings }
        if request.path.hasPrefix("/v1/") { return FakeOpenMeteo.route(request) }
        if request.path.hasPrefix("/weatherapi/") { return FakeMETNorway.route(request) }
        return FakeOpenWeather.route(request)
    }

    public static func start() throws -> LoopbackServer {
        try LoopbackServer(handler: route)
    }

    /// As `route`, but every name is a place of its own, as the real geocoders find every town: OpenWeather's direct
    /// geocoding and Open-Meteo's search answer the name asked with coordinates drawn from it (its CRC-32), so that each
    /// new name costs a program a new geocoding and new weather. What `weather-loopback` serves the benchmark.
    public static func anyPlace(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        // Rain to the minute, for the places in the regions that have it: a dry two hours from now.
        if request.asksForNowcast, let body = FakeNowcast.dry(path: request.path) { return .json(body) }
        switch request.path {
        // Open-Meteo's air quality, as it answers in real use: without it every row would also measure the air's
        // fallback to OpenWeather's air_pollution, on the connections the next view needs.
        case "/v1/air-quality":
            guard let body = try? FakeAirQuality.answer() else { return .respond(status: 500, body: Data()) }
            return .json(body)
        case "/geo/1.0/direct" where request.value("appid")?.isEmpty == false:
            let name = request.value("q") ?? ""
            let parts = name.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let country = parts.count > 1 ? parts[parts.count - 1].uppercased() : nil
            let (latitude, longitude) = coordinates(of: name, in: country)
            let place: [String: Any] = [
                "name": parts.first ?? "", "lat": latitude, "lon": longitude, "country": country == "NO" ? "NO" : "GB",
            ]
            return .json(OneWeather.json([place]))
        case "/v1/search":
            let name = request.value("name") ?? ""
            let country = request.value("countryCode")?.uppercased()
            let (latitude, longitude) = coordinates(of: name, in: country)
            let place: [String: Any] = [
                "id": checksum(name), "name": name, "latitude": latitude, "longitude": longitude,
                "country_code": country == "NO" ? "NO" : "GB", "admin1": country == "NO" ? "Oslo" : "England",
                "timezone": country == "NO" ? "Europe/Oslo" : "Europe/London", "population": 1000,
            ]
            return .json(OneWeather.json(["results": [place]]))
        default:
            return route(request)
        }
    }

    static func checksum(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        return Int(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) })
    }

    /// Latitude −85…85 and longitude −175…175 from `name`, in hundredths of a degree; with a country asked (`in`),
    /// within a degree of its capital for the two whose places have rain to the minute, Norway's (MET Norway's
    /// nowcast, around Oslo) and Britain's (Open-Meteo's 15 minutes, around London): "New City 3, NO".
    static func coordinates(of name: String, in country: String? = nil) -> (Double, Double) {
        let h = checksum(name)
        let (dLat, dLon) = (Double(h % 100) / 100, Double(h / 100 % 100) / 100)
        switch country {
        case "NO": return (59.5 + dLat, 10.25 + dLon)
        case "GB": return (51.0 + dLat, -0.6 + dLon)
        default: return (Double(h % 17_000) / 100 - 85, Double(h / 17_000 % 35_000) / 100 - 175)
        }
    }
}

/// The warning services' paths (NWS, MET Norway's MetAlerts, Bright Sky, ECCC, MeteoAlarm), each answering that there is
/// no warning, so the weather's own tests see none; nil for any other path.
public enum FakeWarnings {
    public static func route(_ request: LoopbackServer.Request) -> LoopbackServer.Reply? {
        switch request.path {
        case "/alerts/active": .json(Fixtures.data("nws/alerts_none.json"))
        case "/weatherapi/metalerts/2.0/current.json": .json(Fixtures.data("metalerts/current_none.json"))
        case "/alerts": .json(Fixtures.data("brightsky/alerts_none.json"))
        case "/collections/weather-alerts/items": .json(Fixtures.data("eccc/alerts_none.json"))
        case let path where path.hasPrefix("/api/v1/warnings/feeds-"): .json(Fixtures.data("meteoalarm/feeds-croatia_none.json"))
        default: nil
        }
    }
}
