import FoundationEssentials
import HTTPKit
import WeatherCore

/// The US National Weather Service's active alerts for a point (`GET /alerts/active?point=LAT,LON`, GeoJSON), in
/// the United States and its territories. NWS refuses a request without an identifying `User-Agent` (403); every
/// request of the program names it. Texts are English.
package struct NWSAlerts: CountryWarningSource {
    package static let defaultBaseURL = "https://api.weather.gov"
    package static let variable = "NWS_BASE_URL"
    /// The countries (ISO 3166 codes) where it publishes warnings: the states and the territories.
    package static let countries = ["US", "PR", "GU", "VI", "AS", "MP"]

    let requester: WarningRequester

    package init(requester: WarningRequester) { self.requester = requester }

    package static func endpoint(_ environment: [String: String], timeout: Double = 10) -> WarningEndpoint {
        WarningEndpoint(name: "NWS", variable: variable, defaultBaseURL: defaultBaseURL, environment: environment, timeout: timeout)
    }

    package func warnings(for place: Place, language: Language) async throws -> [Warning] {
        let point = WarningRequester.coordinate(place.latitude) + "," + WarningRequester.coordinate(place.longitude)
        return try await requester.fetch("/alerts/active", query: [("point", point)], accept: "application/geo+json", decode: Self.decode)
    }

    /// Every feature of the collection that is an actual alert (not a test or an exercise) and not a cancellation,
    /// with a known severity and an end; the rest are skipped. Its `ends` (the hazard's end) is its end when given,
    /// else its `expires` (the message's).
    static func decode(_ data: Data) throws(WeatherError) -> [Warning] {
        let json = try WarningJSON.parse(data)
        guard let features = json["features"]?.array else { throw WarningJSON.unexpectedShape }
        return features.compactMap { feature -> Warning? in
            guard let properties = feature["properties"], properties["status"]?.string ?? "Actual" == "Actual",
                properties["messageType"]?.string != "Cancel",
                let level = properties["severity"]?.string.flatMap(WarningLevel.init(capSeverity:)),
                let event = properties["event"]?.string,
                let end = WarningJSON.date(properties["ends"]) ?? WarningJSON.date(properties["expires"])
            else { return nil }
            return Warning(
                event: event, level: level, area: properties["areaDesc"]?.string ?? "",
                onset: WarningJSON.date(properties["onset"]) ?? WarningJSON.date(properties["effective"]), expires: end,
                issuer: properties["senderName"]?.string ?? "NWS", headline: properties["headline"]?.string ?? "",
                description: properties["description"]?.string ?? "", instruction: properties["instruction"]?.string ?? "",
                language: "en")
        }
    }
}
