import FoundationEssentials
import HTTPKit
import WeatherCore

/// EUMETNET's MeteoAlarm: one feed a country (`GET /api/v1/warnings/feeds-COUNTRY`), the national services'
/// warnings in CAP, each in the national language and usually English. Asked for the countries whose national
/// service has no source of its own here (Germany and Norway have theirs).
///
/// A feed names areas, not points: a warning is the place's when one of its areas is named like the place or its
/// region ("Gospic region" for Gospić; accents and case aside): a place named otherwise than its area gets none of
/// them (matching by the areas' EMMA_ID needs their outlines, which the program does not carry yet). The whole feed
/// is fetched (gzip), and only the alerts naming the place are kept: cut down to them before the answer is cached
/// (a few kB a place, not the country's few hundred), under a key that names the place's match keys.
package struct MeteoAlarm: WarningSource {
    package static let defaultBaseURL = "https://feeds.meteoalarm.org"
    package static let variable = "METEOALARM_BASE_URL"
    /// ISO 3166 code → the feed's name.
    package static let feeds: [(country: String, feed: String)] = [
        ("AT", "austria"), ("BE", "belgium"), ("BA", "bosnia-herzegovina"), ("BG", "bulgaria"), ("HR", "croatia"), ("CY", "cyprus"),
        ("CZ", "czechia"), ("DK", "denmark"), ("EE", "estonia"), ("FI", "finland"), ("FR", "france"), ("GR", "greece"),
        ("HU", "hungary"), ("IS", "iceland"), ("IE", "ireland"), ("IL", "israel"), ("IT", "italy"), ("LV", "latvia"),
        ("LT", "lithuania"), ("LU", "luxembourg"), ("MT", "malta"), ("MD", "moldova"), ("ME", "montenegro"), ("NL", "netherlands"),
        ("MK", "republic-of-north-macedonia"), ("PL", "poland"), ("PT", "portugal"), ("RO", "romania"), ("RS", "serbia"),
        ("SK", "slovakia"), ("SI", "slovenia"), ("ES", "spain"), ("SE", "sweden"), ("CH", "switzerland"), ("GB", "united-kingdom"),
        ("UA", "ukraine"),
    ]
    /// The largest feed taken (a busy country's is a few hundred kB as sent, more inflated).
    static let maximumBytes = 4 << 20

    let requester: WarningRequester

    package init(requester: WarningRequester) { self.requester = requester }

    package static func endpoint(_ environment: [String: String], timeout: Double = 10) -> WarningEndpoint {
        WarningEndpoint(name: "MeteoAlarm", variable: variable, defaultBaseURL: defaultBaseURL, environment: environment, timeout: timeout)
    }

    package var name: String { requester.endpoint.name }

    static func feed(for place: Place) -> String? {
        guard let country = WarningRequester.country(place) else { return nil }
        let code = country == "UK" ? "GB" : country
        return feeds.first { $0.country == code }?.feed
    }

    package func covers(_ place: Place) -> Bool { Self.feed(for: place) != nil }

    package func warnings(for place: Place, language: Language) async throws -> [Warning] {
        guard let feed = Self.feed(for: place) else { return [] }
        let names = Self.names(of: place)
        let alerts = try await requester.fetch(
            "/api/v1/warnings/feeds-\(feed)", maximumBytes: Self.maximumBytes, variant: "areas=" + names.joined(separator: "|"),
            keep: { data throws(WeatherError) in try Self.kept(data, naming: names) }, decode: Self.decode)
        return Self.matching(alerts, place: place, language: language)
    }

    /// What an area must be named like to be the place's: its name and its region's, as match keys.
    static func names(of place: Place) -> [String] {
        [place.name, place.state].compactMap { $0?.matchKey }.filter { !$0.isEmpty }
    }

    /// The feed cut down to the alerts with an area named like one of `names`, as compact JSON in the feed's own
    /// shape: what is cached. A feed that is not one is an error, as `decode` says.
    static func kept(_ data: Data, naming names: [String]) throws(WeatherError) -> Data {
        let json = try WarningJSON.parse(data)
        guard let entries = json["warnings"]?.array else { throw WarningJSON.unexpectedShape }
        let kept = entries.filter { entry in
            (entry["alert"]?["info"]?.array ?? []).contains { info in
                let keys = (info["area"]?.array ?? []).compactMap { $0["areaDesc"]?.string?.matchKey }
                return names.contains { Self.areas(keys, name: $0) }
            }
        }
        return Data(JSONValue.object(["warnings": .array(kept)]).serialized.utf8)
    }

    /// True when one of the areas (match keys) is named `name` (a match key), whole or as its first or last words
    /// ("Gospic region").
    static func areas(_ keys: [String], name: String) -> Bool {
        keys.contains { $0 == name || $0.hasPrefix(name + " ") || $0.hasSuffix(" " + name) || $0.contains(" " + name + " ") }
    }

    /// One alert of a feed: its info blocks (one a language) and the keys of the areas it names.
    struct Alert: Sendable {
        var infos: [Info]
    }

    struct Info: Sendable {
        var language: String
        var areas: [String]
        var areaKeys: [String]
        var warning: Warning
    }

    /// Every actual alert that is not a cancellation, with its info blocks that have a level and an end.
    static func decode(_ data: Data) throws(WeatherError) -> [Alert] {
        let json = try WarningJSON.parse(data)
        guard let entries = json["warnings"]?.array else { throw WarningJSON.unexpectedShape }
        return entries.compactMap { entry -> Alert? in
            guard let alert = entry["alert"], alert["status"]?.string ?? "Actual" == "Actual", alert["msgType"]?.string != "Cancel",
                let infos = alert["info"]?.array
            else { return nil }
            let decoded = infos.compactMap(info)
            return decoded.isEmpty ? nil : Alert(infos: decoded)
        }
    }

    static func info(_ info: JSONValue) -> Info? {
        let parameters = info["parameter"]?.array ?? []
        let awareness = parameters.first { $0["valueName"]?.string == "awareness_level" }?["value"]?.string
        guard let level = awareness.flatMap(WarningLevel.init(awarenessLevel:)) ?? info["severity"]?.string.flatMap(WarningLevel.init(capSeverity:)),
            let end = WarningJSON.date(info["expires"]), let event = info["event"]?.string
        else { return nil }
        let areas = (info["area"]?.array ?? []).compactMap { $0["areaDesc"]?.string }
        let language = (info["language"]?.string ?? "").lowercased()
        let warning = Warning(
            event: event, level: level, area: areas.joined(separator: ", "),
            onset: WarningJSON.date(info["onset"]) ?? WarningJSON.date(info["effective"]), expires: end,
            issuer: info["senderName"]?.string ?? "", headline: info["headline"]?.string ?? "",
            description: info["description"]?.string ?? "", instruction: info["instruction"]?.string ?? "", language: language)
        return Info(language: language, areas: areas, areaKeys: areas.map(\.matchKey), warning: warning)
    }

    /// The alerts naming the place's area, each in the reader's language when the feed carries it, else English,
    /// else the feed's first.
    static func matching(_ alerts: [Alert], place: Place, language: Language) -> [Warning] {
        let names = Self.names(of: place)
        let wanted = language.code.lowercased().split(separator: "-").first.map(String.init) ?? "en"
        return alerts.compactMap { alert -> Warning? in
            guard alert.infos.contains(where: { names.contains(where: $0.names) }) else { return nil }
            let pick = alert.infos.first { $0.language.hasPrefix(wanted) } ?? alert.infos.first { $0.language.hasPrefix("en") } ?? alert.infos[0]
            return pick.warning
        }
    }
}

extension MeteoAlarm.Info {
    /// True when one of its areas is named `name` (a match key), whole or as its first words ("Gospic region").
    func names(_ name: String) -> Bool { MeteoAlarm.areas(areaKeys, name: name) }
}
