import FoundationEssentials
import HTTPKit
import WeatherCore

/// Offline mode's transport: answers OpenWeather's four endpoints from the bundled samples, with no network and no key.
///
/// Sample times are shifted so the observation is ten minutes old and the forecast's slots lie ahead on the
/// real clock, on the UTC 3-hour grid, as the live API's do; day and night and temperatures follow the shifted times
/// (`SampleTimeline`). The service marks every report from it as sample data.
package struct SampleDataTransport: HTTPTransport {
    struct Sample: Sendable {
        var name: String
        /// `Assets/samples/<folder>/`.
        var folder: String
        var geocoding: Data
        var latitude: Double
        var longitude: Double
        var searchNames: Set<String>
        var country: String
    }

    /// The API key offline mode passes to the client, which requires one; it goes nowhere.
    package static let placeholderKey = "offline"

    let samples: [Sample]
    let now: @Sendable () -> Date

    /// Reads only the small geocoding files; a request reads the one answer it needs.
    package init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
        samples = Assets.paths(under: "samples").filter { $0.hasSuffix("/geocoding.json") }.compactMap { path in
            guard let data = Assets.data(path), let geo = try? JSONValue.parse(data), let name = geo["name"]?.string,
                let lat = geo["lat"]?.double, let lon = geo["lon"]?.double
            else { return nil }
            let localNames = geo["local_names"]?.object?.values.compactMap(\.string) ?? []
            return Sample(
                name: name, folder: String(path.dropLast("geocoding.json".count)), geocoding: data, latitude: lat, longitude: lon,
                searchNames: Set(([name] + localNames).map(\.matchKey)), country: geo["country"]?.string ?? "")
        }
    }

    /// The sample places' names, for messages and completion.
    package var placeNames: [String] { samples.map(\.name) }

    package func get(_ url: URL, headers: [String: String], timeout: Double, maximumBytes: Int) async throws -> HTTPResponse {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        let lat = value("lat").flatMap(Double.init), lon = value("lon").flatMap(Double.init)
        switch url.path {
        case "/geo/1.0/direct":
            let parts = (value("q") ?? "").split(separator: ",").map(\.matchKey)
            let found = samples.filter { sample in
                guard let first = parts.first, sample.searchNames.contains(first) else { return false }
                return parts.count < 2 || parts.last == sample.country.matchKey || parts.count == 3
            }
            return json("[" + found.map { String(decoding: $0.geocoding, as: UTF8.self).trimmingWhitespace }.joined(separator: ",") + "]")
        case "/geo/1.0/reverse":
            let found = nearest(lat, lon, within: 0.5)
            return json("[" + (found.map { String(decoding: $0.geocoding, as: UTF8.self).trimmingWhitespace } ?? "") + "]")
        case "/data/2.5/weather", "/data/2.5/forecast":
            guard let sample = nearest(lat, lon, within: 0.05) else {
                return HTTPResponse(status: 404, body: Data(#"{"cod":"404","message":"city not found"}"#.utf8))
            }
            // Both answers follow the forecast's day: its sun times and its temperatures.
            guard let forecastData = Assets.data(sample.folder + "forecast.json") else { return HTTPResponse(status: 500, body: Data()) }
            let forecast = try JSONValue.parse(forecastData)
            let answer: JSONValue
            if url.path.hasSuffix("weather") {
                guard let current = Assets.data(sample.folder + "current.json") else { return HTTPResponse(status: 500, body: Data()) }
                answer = try JSONValue.parse(current)
            } else {
                answer = forecast
            }
            // Asked without `lang`, as OpenWeather is: the conditions are worded from their codes at display time.
            let shifted = SampleTimeline(forecast: forecast, now: now()).shifted(answer)
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(shifted.serialized.utf8))
        default:
            return HTTPResponse(status: 404, body: Data(#"{"cod":"404","message":"Internal error"}"#.utf8))
        }
    }

    /// The answer with each `weather[]` entry's description in the language of `strings` (`owm.<id>`), where the
    /// conditions table has the code: what OpenWeather answers when asked with `lang` (ProviderViewsTests feeds it to
    /// show the words come from the codes, not the descriptions).
    package static func worded(_ value: JSONValue, _ strings: Strings) -> JSONValue {
        switch value {
        case .object(var members):
            if let id = members["id"]?.int, members["description"] != nil, strings["owm.\(id)"] != "owm.\(id)" {
                members["description"] = .string(strings["owm.\(id)"])
            }
            return .object(members.mapValues { worded($0, strings) })
        case .array(let items): return .array(items.map { worded($0, strings) })
        default: return value
        }
    }

    private func nearest(_ lat: Double?, _ lon: Double?, within degrees: Double) -> Sample? {
        guard let lat, let lon else { return nil }
        return samples
            .map { ($0, abs($0.latitude - lat) + abs($0.longitude - lon)) }
            .filter { $0.1 <= degrees }
            .min { $0.1 < $1.1 }?.0
    }

    private func json(_ text: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(text.utf8))
    }
}
