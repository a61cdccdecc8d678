import FoundationEssentials
import HTTPKit
import WeatherCore

/// MET Norway's MetAlerts 2.0 for a point (`GET /weatherapi/metalerts/2.0/current.json?lat=&lon=&lang=en`), in
/// Norway and Svalbard; its base URL follows `METNO_BASE_URL`, as the forecast's does. MET publishes each warning in
/// Norwegian and English: English is asked, as none of the program's languages is Norwegian and it is the one of the
/// two most readers of the others read.
package struct MetAlerts: CountryWarningSource {
    package static let path = "/weatherapi/metalerts/2.0/current.json"
    package static let countries = ["NO", "SJ"]

    let requester: WarningRequester

    package init(requester: WarningRequester) { self.requester = requester }

    package static func endpoint(_ environment: [String: String], timeout: Double = 10) -> WarningEndpoint {
        WarningEndpoint(
            name: "MET Norway", variable: "METNO_BASE_URL", defaultBaseURL: METNorwayConfiguration.defaultBaseURL, environment: environment,
            timeout: timeout)
    }

    package func warnings(for place: Place, language: Language) async throws -> [Warning] {
        let query = [
            ("lat", WarningRequester.coordinate(place.latitude)), ("lon", WarningRequester.coordinate(place.longitude)), ("lang", "en"),
        ]
        return try await requester.fetch(Self.path, query: query, decode: Self.decode)
    }

    /// Each feature with an awareness level (yellow, orange, red) and an interval; its event named by
    /// `eventAwarenessName` ("Gale"), its headline the `title`, and its consequences after the description.
    static func decode(_ data: Data) throws(WeatherError) -> [Warning] {
        let json = try WarningJSON.parse(data)
        guard let features = json["features"]?.array else { throw WarningJSON.unexpectedShape }
        let language = json["lang"]?.string ?? "en"
        return features.compactMap { feature -> Warning? in
            guard let properties = feature["properties"],
                let level = properties["awareness_level"]?.string.flatMap(WarningLevel.init(awarenessLevel:))
                    ?? properties["severity"]?.string.flatMap(WarningLevel.init(capSeverity:)),
                let interval = feature["when"]?["interval"]?.array, interval.count == 2, let end = WarningJSON.date(interval[1]),
                let event = properties["eventAwarenessName"]?.string ?? properties["event"]?.string
            else { return nil }
            let description = [properties["description"]?.string, properties["consequences"]?.string].compactMap { $0 }
                .joined(separator: " ")
            return Warning(
                event: event, level: level, area: properties["area"]?.string ?? "", onset: WarningJSON.date(interval[0]), expires: end,
                issuer: "MET Norway", headline: properties["title"]?.string ?? "", description: description,
                instruction: properties["instruction"]?.string ?? "", language: language)
        }
    }
}
