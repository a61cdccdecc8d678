import FoundationEssentials
import HTTPKit

/// What weather-or-not remembers between launches.
package struct Preferences: Equatable, Sendable {
    /// 2: `units` is written only once chosen (version 1 wrote "metric" whether chosen or not).
    package static let currentVersion = 2
    /// How many recent cities are kept, most recent first.
    package static let recentLimit = 20

    package var version: Int = currentVersion
    /// The city shown last, with its coordinates so resuming needs no geocoding.
    package var lastCity: Place?
    /// The home set with `:home CITY`: shown at launch when there is no last city, and by `:here`.
    package var home: Place?
    /// Past cities, most recent first, no two at the same location.
    package var recentCities: [Place] = []
    /// The units chosen with `:units`; nil: the region's (imperial for a US, Liberian or Myanmar locale, else metric).
    package var units: UnitSystem?
    /// The clock chosen with `:clock`; nil: the language's (12-hour for en-US, 24-hour elsewhere).
    package var clock: ClockStyle?
    /// The language chosen with `:lang`; nil: the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`, `LANGUAGE`).
    package var language: Language?
    /// The provider chosen with `:provider`; nil: the default (OpenWeather with a key, else Open-Meteo).
    package var provider: ProviderID?
    /// Whether another provider may answer when the chosen one fails.
    package var failover = true
    /// The provider the prompt last said it uses: it says so again only when that changes.
    package var announcedProvider: ProviderID?
    /// The air quality scale chosen with `:aqi us|eu`; nil (`:aqi auto`): the place's own.
    package var airScale: AQIScale?
    /// Plain mode chosen with `:plain on|off`; nil: off, unless the terminal is dumb (`TERM=dumb`).
    package var plain: Bool?

    package init() {}

    /// Not preferences: JSON of another shape, or a field of the wrong type.
    package struct FormatError: Error {}

    /// Reads the preferences file. Missing fields take their defaults and unknown ones are ignored; a field of
    /// the wrong type makes the whole file invalid.
    package init(data: Data) throws {
        let json = try JSONValue.parse(data)
        guard case .object = json else { throw FormatError() }
        func field<Value>(_ key: String, _ read: (JSONValue) -> Value?) throws(FormatError) -> Value? {
            guard let value = json[key], value != .null else { return nil }
            guard let read = read(value) else { throw FormatError() }
            return read
        }
        version = try field("version", \.int) ?? Self.currentVersion
        lastCity = try field("lastCity", Place.init(json:))
        home = try field("home", Place.init(json:))
        recentCities = try field("recentCities") { $0.array.flatMap { list in
            let places = list.compactMap(Place.init(json:))
            return places.count == list.count ? places : nil
        } } ?? []
        let units = try field("units") { $0.string.flatMap(UnitSystem.init(rawValue:)) }
        // Version 1 wrote "metric" before anyone chose: only another system was a choice.
        self.units = version < 2 && units == .metric ? nil : units
        clock = try field("clock") { $0.string.flatMap(ClockStyle.init(rawValue:)) }
        language = try field("language") { $0.string.flatMap(Language.init(rawValue:)) }
        provider = try field("provider") { $0.string.flatMap(ProviderID.init(rawValue:)) }
        failover = try field("failover", \.bool) ?? true
        announcedProvider = try field("announcedProvider") { $0.string.flatMap(ProviderID.init(rawValue:)) }
        airScale = try field("airScale") { $0.string.flatMap(AQIScale.init(rawValue:)) }
        plain = try field("plain", \.bool)
    }

    /// The file's contents: indented JSON, keys sorted.
    package var data: Data {
        var members: [String: JSONValue] = [
            "version": .number(Double(max(version, Self.currentVersion))), "recentCities": .array(recentCities.map(\.json)),
        ]
        if let units { members["units"] = .string(units.rawValue) }
        if let clock { members["clock"] = .string(clock.rawValue) }
        if let language { members["language"] = .string(language.code) }
        if let lastCity { members["lastCity"] = lastCity.json }
        if let home { members["home"] = home.json }
        if let provider { members["provider"] = .string(provider.rawValue) }
        if !failover { members["failover"] = .bool(false) }
        if let announcedProvider { members["announcedProvider"] = .string(announcedProvider.rawValue) }
        if let airScale { members["airScale"] = .string(airScale.rawValue) }
        if let plain { members["plain"] = .bool(plain) }
        return Data((JSONValue.object(members).prettyPrinted + "\n").utf8)
    }

    /// The recent cities as Tab offers them, most recent first.
    package var recentNames: [String] { recentCities.map(\.displayName) }

    /// Takes a place off the recent list (`:forget`): every entry at its location. The last city stays what the next
    /// launch resumes.
    package mutating func forget(_ place: Place) {
        recentCities.removeAll { $0.isSameLocation(as: place) }
    }

    /// Makes `place` the last city and the first recent one.
    /// The same town found another way (on the machine, then by a provider: `Place.isSamePlace`) is one entry, which
    /// keeps the names in other languages the older one knew.
    package mutating func remember(_ place: Place) {
        var place = place
        for old in recentCities where old.isSamePlace(as: place) || old.displayName == place.displayName {
            place.names.merge(old.names) { mine, _ in mine }
            place.states.merge(old.states) { mine, _ in mine }
        }
        lastCity = place
        recentCities.removeAll { $0.isSameLocation(as: place) || $0.isSamePlace(as: place) || $0.displayName == place.displayName }
        recentCities.insert(place, at: 0)
        if recentCities.count > Self.recentLimit { recentCities.removeLast(recentCities.count - Self.recentLimit) }
    }
}
