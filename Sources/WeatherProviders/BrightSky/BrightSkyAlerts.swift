import FoundationEssentials
import HTTPKit
import WeatherCore

/// The Deutscher Wetterdienst's warnings through Bright Sky (`GET /alerts?lat=&lon=`), in Germany: each in German
/// and English, German for a German reader and English for the others.
package struct BrightSkyAlerts: CountryWarningSource {
    package static let defaultBaseURL = "https://api.brightsky.dev"
    package static let variable = "BRIGHTSKY_BASE_URL"
    package static let countries = ["DE"]

    let requester: WarningRequester

    package init(requester: WarningRequester) { self.requester = requester }

    package static func endpoint(_ environment: [String: String], timeout: Double = 10) -> WarningEndpoint {
        WarningEndpoint(name: "DWD", variable: variable, defaultBaseURL: defaultBaseURL, environment: environment, timeout: timeout)
    }

    package func warnings(for place: Place, language: Language) async throws -> [Warning] {
        let query = [("lat", WarningRequester.coordinate(place.latitude)), ("lon", WarningRequester.coordinate(place.longitude))]
        let code = language == .german ? "de" : "en"
        // A point the DWD does not cover (near a border) is answered 404 "not covered": no warning there.
        return try await requester.fetch("/alerts", query: query, notFoundMeans: Data(#"{"alerts": []}"#.utf8)) { data throws(WeatherError) in
            try Self.decode(data, language: code)
        }
    }

    /// DWD's four levels on the one scale: minor (level 1) yellow, moderate (2) orange, severe (3) and extreme (4)
    /// red.
    static func level(_ severity: String) -> WarningLevel? {
        switch severity.trimmingWhitespace.lowercased() {
        case "minor": .yellow
        case "moderate": .orange
        case "severe", "extreme": .red
        default: nil
        }
    }

    /// Each alert with a severity, an event and an end, its texts in `language` ("de" or "en"), else in the other.
    static func decode(_ data: Data, language: String) throws(WeatherError) -> [Warning] {
        let json = try WarningJSON.parse(data)
        guard let alerts = json["alerts"]?.array else { throw WarningJSON.unexpectedShape }
        let area = json["location"]?["name_short"]?.string ?? json["location"]?["name"]?.string ?? ""
        let other = language == "de" ? "en" : "de"
        return alerts.compactMap { alert -> Warning? in
            func text(_ field: String) -> (String, String)? {
                for code in [language, other] {
                    if let value = alert["\(field)_\(code)"]?.string, !value.trimmingWhitespace.isEmpty { return (value, code) }
                }
                return nil
            }
            guard let level = alert["severity"]?.string.flatMap(Self.level), let (event, code) = text("event"),
                let end = WarningJSON.date(alert["expires"])
            else { return nil }
            // German events are written in capitals ("STARKE HITZE"): each word as a heading writes it ("Starke Hitze").
            let named = event == event.uppercased()
                ? event.lowercased().split(separator: " ").map { String($0).capitalizedFirst }.joined(separator: " ") : event.capitalizedFirst
            return Warning(
                event: named, level: level, area: area, onset: WarningJSON.date(alert["onset"]) ?? WarningJSON.date(alert["effective"]),
                expires: end, issuer: "Deutscher Wetterdienst", headline: alert["headline_\(code)"]?.string ?? "",
                description: alert["description_\(code)"]?.string ?? "", instruction: alert["instruction_\(code)"]?.string ?? "",
                language: code)
        }
    }
}

extension String {
    /// The first letter in capitals, the rest as it is ("strong heat" is "Strong heat").
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
