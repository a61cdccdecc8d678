import FoundationEssentials

/// A place guessed from the machine's time zone, without network: the principal location of the zone in the tz
/// database's zone1970.tab (`ZoneLocation`), named by the gazetteer's nearest city. A guess, and said to be one.
package struct PlaceGuess: Equatable, Sendable {
    /// The place guessed.
    package var place: Place
    /// The zone it was guessed from ("Europe/Lisbon").
    package var zone: String

    package init(place: Place, zone: String) {
        self.place = place
        self.zone = zone
    }

    /// Zones that name no place (`UTC`, `Etc/GMT+5`, `Factory`): no guess comes from them.
    package static func namesNoPlace(_ zone: String) -> Bool {
        zone.hasPrefix("Etc/") || zone.hasPrefix("SystemV/")
            || ["UTC", "UCT", "GMT", "GMT0", "GMT+0", "GMT-0", "Greenwich", "Universal", "Zulu", "Factory", "localtime"]
                .contains(zone)
    }

    /// The guess for `zone`: its zone1970.tab location (a zone the table lists under another name, such as
    /// `US/Eastern` or `Asia/Calcutta`, through the links `tzdata.zi` in `files` declares), named by the gazetteer's
    /// nearest city; a zone the table merged into another (`Europe/Oslo`) is its most populous city in the gazetteer.
    /// Nil for a zone that names no place, or that neither knows.
    package static func guess(zone: String?, files: ZoneFiles = .system, gazetteer: Gazetteer = .shared) -> PlaceGuess? {
        guard let zone, !namesNoPlace(zone) else { return nil }
        let names = [zone] + (ZoneLinks.target(of: zone, in: files).map { [$0] } ?? [])
        // The name as written first, then the zone it links to: Europe/Oslo is Oslo where tzdata keeps it apart
        // (Debian's), not Berlin, to which upstream links it.
        for name in names {
            if let location = ZoneLocation.all.first(where: { $0.name == name }) {
                return PlaceGuess(place: place(at: location, gazetteer: gazetteer), zone: zone)
            }
            if let city = gazetteer.largestCity(inZone: name) { return PlaceGuess(place: city, zone: zone) }
        }
        return nil
    }

    /// The city at a zone's location: the gazetteer's most populous within 30 km (the principal city, not the
    /// district the table's point falls in: Lisbon, not São Jorge de Arroios), else its nearest within 100 km, else
    /// the location named after its zone ("America/Argentina/Buenos_Aires": "Buenos Aires"), in the zone's first
    /// country.
    static func place(at location: ZoneLocation, gazetteer: Gazetteer) -> Place {
        let (latitude, longitude) = (location.latitude, location.longitude)
        let found = gazetteer.largestCity(nearLatitude: latitude, longitude: longitude, within: 30)
            ?? gazetteer.nearest(latitude: latitude, longitude: longitude).flatMap { $0.kilometres <= 100 ? $0.place : nil }
        if var place = found {
            place.timeZone = place.timeZone ?? location.name
            return place
        }
        let city = location.name.split(separator: "/").last.map { String($0).replacing("_", with: " ") } ?? location.name
        let country = location.countries.split(separator: ",").first.map(String.init)
        return Place(name: city, country: country, latitude: location.latitude, longitude: location.longitude, timeZone: location.name)
    }
}
