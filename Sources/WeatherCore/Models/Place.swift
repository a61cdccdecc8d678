import FoundationEssentials
import Glibc
import HTTPKit

/// A geocoded place: what a search resolves to and what the preferences remember.
package struct Place: Equatable, Hashable, Sendable {
    package var name: String
    package var state: String?
    package var country: String?
    package var latitude: Double
    package var longitude: Double
    /// The place's time zone ("Asia/Kathmandu") when the geocoding gave one (Open-Meteo's does): lets a provider
    /// without time zones (MET Norway) find local days without another request.
    package var timeZone: String?
    /// The place's name in each language it is known in (a provider's localized names: OpenWeather's `local_names`,
    /// Open-Meteo's geocoder asked in the language); `name` is its default, shown in a language not listed here.
    package var names: [Language: String] = [:]
    /// The state's name in each language a geocoder gave it in; `state` is its default.
    package var states: [Language: String] = [:]

    package init(
        name: String, state: String? = nil, country: String? = nil, latitude: Double, longitude: Double, timeZone: String? = nil
    ) {
        // Names come from servers and files: sanitised here, where they enter, once for every view and output.
        self.name = Place.clean(name) ?? ""
        self.state = state.flatMap(Place.clean)
        self.country = country.flatMap(Place.clean)
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone.flatMap(Place.clean)
    }

    /// A name part as text from outside may hold it, sanitised; nil when nothing printable is left.
    private static func clean(_ text: String) -> String? {
        let clean = text.sanitizedForTerminal.trimmingWhitespace
        return clean.isEmpty ? nil : clean
    }

    /// A place as the preferences store it; nil unless the name and coordinates are there with the right types,
    /// and the coordinates on the map (a file that says otherwise is not valid preferences).
    init?(json: JSONValue) {
        guard let name = json["name"]?.string, let latitude = json["latitude"]?.double,
            let longitude = json["longitude"]?.double, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.init(
            name: name, state: json["state"]?.string, country: json["country"]?.string, latitude: latitude, longitude: longitude,
            timeZone: json["timeZone"]?.string)
        // Files written before places kept names per language have neither field: the default name alone.
        names = Place.languageTable(json["names"])
        states = Place.languageTable(json["states"])
    }

    /// `{"fr": "Londres", …}`, languages this program does not speak and values that are not names left out.
    private static func languageTable(_ json: JSONValue?) -> [Language: String] {
        guard case .object(let members)? = json else { return [:] }
        var table: [Language: String] = [:]
        for (code, value) in members {
            if let language = Language(rawValue: code), let name = value.string.flatMap(Place.clean) { table[language] = name }
        }
        return table
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["name": .string(name), "latitude": .number(latitude), "longitude": .number(longitude)]
        if let state { members["state"] = .string(state) }
        if let country { members["country"] = .string(country) }
        if let timeZone { members["timeZone"] = .string(timeZone) }
        if !names.isEmpty { members["names"] = .object(Dictionary(uniqueKeysWithValues: names.map { ($0.key.code, .string($0.value)) })) }
        if !states.isEmpty { members["states"] = .object(Dictionary(uniqueKeysWithValues: states.map { ($0.key.code, .string($0.value)) })) }
        return .object(members)
    }

    /// "Springfield, Illinois, US"; "London, GB"; "Lisbon, PT", its region left out where it has the city's name
    /// (accents and case aside); a place without a name is named by its coordinates.
    package var displayName: String {
        let parts = [name, region, country].compactMap { part -> String? in
            guard let part, !part.isEmpty else { return nil }
            return part
        }
        return parts.isEmpty ? Place.coordinateName(latitude, longitude) : parts.joined(separator: ", ")
    }

    /// The state, province or region as a place's name shows it: nil where it only says the city's name again
    /// ("Lisbon" in Lisbon, "São Paulo" in Sao Paulo).
    package var region: String? {
        guard let state, state.matchKey != name.matchKey else { return nil }
        return state
    }

    /// "48.8566, 2.3522": how a place without a name is shown.
    package static func coordinateName(_ latitude: Double, _ longitude: Double) -> String {
        "\(Place.trim(latitude)), \(Place.trim(longitude))"
    }

    private static func trim(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? String(Int(saturating: rounded)) : String(rounded)
    }

    /// The place as it is named in `language`: its name and state there where known, else its defaults.
    package func named(in language: Language) -> Place {
        var place = self
        if let name = names[language] { place.name = name }
        if let state = states[language] { place.state = state }
        return place
    }

    /// Sets the name (and the state, when given) `language` calls the place, cleaned as every name is.
    package mutating func setName(_ name: String, state: String? = nil, in language: Language) {
        if let name = Place.clean(name) { names[language] = name }
        if let state = state.flatMap(Place.clean) { states[language] = state }
    }

    /// Every name the place is known by, its default first.
    package var allNames: [String] { [name] + names.values.sorted() }

    /// The place with what `other` (the same town, found another way) knows of it: its names in other languages,
    /// and its state where this one has none. Coordinates, time zone and default name stay this one's.
    package func merging(_ other: Place) -> Place {
        var place = self
        place.names.merge(other.names) { _, theirs in theirs }
        place.states.merge(other.states) { _, theirs in theirs }
        if place.state == nil { place.state = other.state }
        if place.timeZone == nil { place.timeZone = other.timeZone }
        return place
    }

    /// The great-circle distance to another place, in kilometres.
    package func kilometres(to other: Place) -> Double {
        let radians = Double.pi / 180
        let (north, otherNorth) = (latitude * radians, other.latitude * radians)
        let halfNorth = sin((otherNorth - north) / 2)
        let halfEast = sin((other.longitude - longitude) * radians / 2)
        let haversine = halfNorth * halfNorth + cos(north) * cos(otherNorth) * halfEast * halfEast
        return 2 * 6371 * asin(min(1, haversine.squareRoot()))
    }

    /// How far apart two records of one town may lie when they share a name: the gazetteer's and a geocoder's
    /// coordinates for a city differ by up to a few kilometres (which point of the town each took: 6 km for Tokyo).
    package static let sameNameKilometres = 10.0

    /// True when both are the same town, found on the machine or by a provider: in the same country (when both say
    /// one), and at the same spot (`isSameLocation`), or within `sameNameKilometres` with a name in common (in any
    /// language, case and accents aside). Two towns of their own a kilometre apart stay two; Saint-Denis is not Paris.
    package func isSamePlace(as other: Place) -> Bool {
        if let country, let theirs = other.country, country.uppercased() != theirs.uppercased() { return false }
        if isSameLocation(as: other) { return true }
        guard kilometres(to: other) <= Place.sameNameKilometres else { return false }
        let keys = Set(allNames.map(\.matchKey))
        return other.allNames.contains { keys.contains($0.matchKey) }
    }

    /// True when both places are within about 100 m of each other.
    package func isSameLocation(as other: Place) -> Bool {
        abs(latitude - other.latitude) < 0.001 && abs(longitude - other.longitude) < 0.001
    }
}
