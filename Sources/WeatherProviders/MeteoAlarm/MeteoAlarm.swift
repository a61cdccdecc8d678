import FoundationEssentials
import HTTPKit
import WeatherCore

/// EUMETNET's MeteoAlarm: one feed a country (`GET /api/v1/warnings/feeds-COUNTRY`), the national services'
/// warnings in CAP, each in the national language and usually English. Asked for the countries whose national
/// service has no source of its own here (Germany and Norway have theirs).
///
/// A feed names areas, not points: each area of a warning carries its EMMA_ID code ("FR064", Yvelines) and its name.
/// A warning is the place's when one of its areas is one the place lies in, by the areas' outlines built into the
/// program (`MeteoAlarmAreas`: Versailles is in Yvelines, whatever its region is called); an area whose code the
/// program does not know, or any area when the place lies in none of its country's outlines nor within 5 km of one
/// (or its country has none here: the United Kingdom, Switzerland), is matched by name: named like the place or its
/// region ("Gospic region" for Gospić; accents and case aside). The whole feed is fetched (gzip), and only the place's
/// alerts are kept: cut down to them before the answer is cached (a few kB a place, not the country's few hundred),
/// under a key that names the place's areas and match keys.
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
    /// The areas' outlines: the built-in ones, or a test's.
    let outlines: MeteoAlarmAreas

    package init(requester: WarningRequester, outlines: MeteoAlarmAreas = .shared) {
        self.requester = requester
        self.outlines = outlines
    }

    package static func endpoint(_ environment: [String: String], timeout: Double = 10) -> WarningEndpoint {
        WarningEndpoint(name: "MeteoAlarm", variable: variable, defaultBaseURL: defaultBaseURL, environment: environment, timeout: timeout)
    }

    package var name: String { requester.endpoint.name }

    static func feed(for place: Place) -> String? {
        guard let code = country(of: place) else { return nil }
        return feeds.first { $0.country == code }?.feed
    }

    /// The place's country as the feeds and the outlines name it ("GB" for "UK").
    static func country(of place: Place) -> String? {
        WarningRequester.country(place).map { $0 == "UK" ? "GB" : $0 }
    }

    package func covers(_ place: Place) -> Bool { Self.feed(for: place) != nil }

    package func warnings(for place: Place, language: Language) async throws -> [Warning] {
        guard let feed = Self.feed(for: place) else { return [] }
        let areas = Self.areas(of: place, outlines: outlines)
        let alerts = try await requester.fetch(
            "/api/v1/warnings/feeds-\(feed)", maximumBytes: Self.maximumBytes, variant: areas.variant,
            keep: { data throws(WeatherError) in try Self.kept(data, for: areas) }, decode: Self.decode)
        return Self.matching(alerts, areas: areas, language: language)
    }

    /// What a feed's area must be to be the place's: one of the EMMA_IDs it lies in, or, when its code is not one
    /// the outlines know or the place lies in none, named like the place or its region.
    struct PlaceAreas: Sendable {
        /// The place's name and its region's, as match keys.
        var names: [String]
        /// The codes of the areas the place lies in (or the nearest within 5 km); nil when none tells.
        var codes: Set<String>?
        var outlines: MeteoAlarmAreas

        /// True when the area named `name` (a match key) with the EMMA_ID `code` is one of the place's.
        func contain(name: String, code: String?) -> Bool {
            if let codes, let code, outlines.knows(code) { return codes.contains(code) }
            return names.contains { MeteoAlarm.areas([name], name: $0) }
        }

        /// What names them in the cache's key: a place in other areas, or named otherwise, has its own entry.
        var variant: String {
            "areas=" + names.joined(separator: "|") + (codes.map { "|emma=" + $0.sorted().joined(separator: ",") } ?? "")
        }
    }

    static func areas(of place: Place, outlines: MeteoAlarmAreas = .shared) -> PlaceAreas {
        let names = [place.name, place.state].compactMap { $0?.matchKey }.filter { !$0.isEmpty }
        let codes = country(of: place).flatMap { outlines.areas(latitude: place.latitude, longitude: place.longitude, country: $0) }
        return PlaceAreas(names: names, codes: codes, outlines: outlines)
    }

    /// The feed cut down to the place's alerts (`areas`), as compact JSON in the feed's own shape: what is cached. A
    /// feed that is not one is an error, as `decode` says.
    static func kept(_ data: Data, for areas: PlaceAreas) throws(WeatherError) -> Data {
        let json = try WarningJSON.parse(data)
        guard let entries = json["warnings"]?.array else { throw WarningJSON.unexpectedShape }
        let kept = entries.filter { entry in
            (entry["alert"]?["info"]?.array ?? []).contains { info in
                (info["area"]?.array ?? []).contains { area in
                    areas.contain(name: area["areaDesc"]?.string?.matchKey ?? "", code: code(of: area))
                }
            }
        }
        return Data(JSONValue.object(["warnings": .array(kept)]).serialized.utf8)
    }

    /// An area's EMMA_ID, among its geocodes.
    static func code(of area: JSONValue) -> String? {
        (area["geocode"]?.array ?? []).first { $0["valueName"]?.string == "EMMA_ID" }?["value"]?.string?.trimmingWhitespace
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
        /// Each area's EMMA_ID, beside `areaKeys`; nil for an area without one.
        var areaCodes: [String?] = []
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
        let described = (info["area"]?.array ?? []).filter { $0["areaDesc"]?.string != nil }
        let areas = described.compactMap { $0["areaDesc"]?.string }
        let language = (info["language"]?.string ?? "").lowercased()
        let warning = Warning(
            event: event, level: level, area: areas.joined(separator: ", "),
            onset: WarningJSON.date(info["onset"]) ?? WarningJSON.date(info["effective"]), expires: end,
            issuer: info["senderName"]?.string ?? "", headline: info["headline"]?.string ?? "",
            description: info["description"]?.string ?? "", instruction: info["instruction"]?.string ?? "", language: language)
        return Info(language: language, areas: areas, areaKeys: areas.map(\.matchKey), warning: warning, areaCodes: described.map(code))
    }

    /// The alerts naming the place's area, each in the reader's language when the feed carries it, else English,
    /// else the feed's first.
    static func matching(_ alerts: [Alert], place: Place, language: Language) -> [Warning] {
        matching(alerts, areas: areas(of: place), language: language)
    }

    static func matching(_ alerts: [Alert], areas: PlaceAreas, language: Language) -> [Warning] {
        let wanted = language.code.lowercased().split(separator: "-").first.map(String.init) ?? "en"
        return alerts.compactMap { alert -> Warning? in
            guard alert.infos.contains(where: { $0.lies(in: areas) }) else { return nil }
            let pick = alert.infos.first { $0.language.hasPrefix(wanted) } ?? alert.infos.first { $0.language.hasPrefix("en") } ?? alert.infos[0]
            return pick.warning
        }
    }
}

extension MeteoAlarm.Info {
    /// True when one of its areas is one of the place's.
    func lies(in areas: MeteoAlarm.PlaceAreas) -> Bool {
        areaKeys.indices.contains { areas.contain(name: areaKeys[$0], code: $0 < areaCodes.count ? areaCodes[$0] : nil) }
    }
}
