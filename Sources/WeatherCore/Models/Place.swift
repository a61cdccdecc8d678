import FoundationEssentials
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
    }

    var json: JSONValue {
        var members: [String: JSONValue] = ["name": .string(name), "latitude": .number(latitude), "longitude": .number(longitude)]
        if let state { members["state"] = .string(state) }
        if let country { members["country"] = .string(country) }
        if let timeZone { members["timeZone"] = .string(timeZone) }
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

    /// True when both places are within about 100 m of each other.
    package func isSameLocation(as other: Place) -> Bool {
        abs(latitude - other.latitude) < 0.001 && abs(longitude - other.longitude) < 0.001
    }
}
