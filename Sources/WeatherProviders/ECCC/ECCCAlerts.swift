import FoundationEssentials
import HTTPKit
import WeatherCore

/// Environment and Climate Change Canada's alerts through its OGC API (`GET /collections/weather-alerts/items?bbox=`),
/// in Canada: GeoJSON features, one for each forecast zone an alert covers, each with its texts in English and
/// French. French for a French reader, English for the others. The box asked is a few hundred metres around the
/// place, so only the zones the place lies in answer; `skipGeometry` leaves the zones' polygons out of the answer.
package struct ECCCAlerts: CountryWarningSource {
    package static let defaultBaseURL = "https://api.weather.gc.ca"
    package static let variable = "ECCC_BASE_URL"
    package static let countries = ["CA"]

    /// Half the side of the box asked, in degrees (about 500 m of latitude).
    static let halfBox = 0.005
    /// The most features one answer brings (a place lies in a few zones, each with a few alerts).
    static let limit = 100

    let requester: WarningRequester

    package init(requester: WarningRequester) { self.requester = requester }

    package static func endpoint(_ environment: [String: String], timeout: Double = 10) -> WarningEndpoint {
        WarningEndpoint(name: "ECCC", variable: variable, defaultBaseURL: defaultBaseURL, environment: environment, timeout: timeout)
    }

    package func warnings(for place: Place, language: Language) async throws -> [Warning] {
        let box = [place.longitude - Self.halfBox, place.latitude - Self.halfBox, place.longitude + Self.halfBox, place.latitude + Self.halfBox]
        let code = language == .french ? "fr" : "en"
        let query = [
            ("bbox", box.map(WarningRequester.coordinate).joined(separator: ",")), ("skipGeometry", "true"), ("limit", String(Self.limit)),
            ("f", "json"),
        ]
        return try await requester.fetch("/collections/weather-alerts/items", query: query, accept: "application/geo+json, application/json") {
            data throws(WeatherError) in
            try Self.decode(data, language: code)
        }
    }

    /// ECCC's colour when the alert has one; else its type: a warning orange, a watch, an advisory or a statement
    /// yellow. An alert that ends one ("ending") is none.
    static func level(colour: String?, type: String?) -> WarningLevel? {
        switch colour?.trimmingWhitespace.lowercased() {
        case "yellow", "jaune": return .yellow
        case "orange": return .orange
        case "red", "rouge": return .red
        default: break
        }
        switch type?.trimmingWhitespace.lowercased() {
        case "warning": return .orange
        case "watch", "advisory", "statement": return .yellow
        default: return nil
        }
    }

    /// Each feature still in force with a name, a level and an end, its texts in `language` ("en" or "fr"), else in
    /// the other.
    static func decode(_ data: Data, language: String) throws(WeatherError) -> [Warning] {
        let json = try WarningJSON.parse(data)
        guard let features = json["features"]?.array else { throw WarningJSON.unexpectedShape }
        let other = language == "fr" ? "en" : "fr"
        return features.compactMap { feature -> Warning? in
            guard let properties = feature["properties"] else { return nil }
            func text(_ field: String, _ code: String) -> String? {
                properties["\(field)_\(code)"]?.string.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 }
            }
            let status = properties["status_en"]?.string?.lowercased() ?? ""
            guard !["ended", "cancelled", "canceled"].contains(status),
                let code = [language, other].first(where: { text("alert_name", $0) != nil }), let name = text("alert_name", code),
                let level = level(colour: properties["risk_colour_en"]?.string, type: properties["alert_type"]?.string),
                let end = WarningJSON.date(properties["expiration_datetime"])
            else { return nil }
            return Warning(
                event: name.capitalizedFirst, level: level, area: text("feature_name", code) ?? "",
                onset: WarningJSON.date(properties["validity_datetime"]), expires: end,
                issuer: code == "fr" ? "Environnement et Changement climatique Canada" : "Environment and Climate Change Canada",
                description: text("alert_text", code) ?? "", language: code)
        }
    }
}
