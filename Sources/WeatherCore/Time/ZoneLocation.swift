import FoundationEssentials
import Glibc

/// One zone of the tz database's zone1970.tab: its name, the countries it covers and its principal location
/// (`ZoneLocation.all`, compiled from the table by scripts/generate-zone-locations.py).
package struct ZoneLocation: Equatable, Sendable {
    /// "Europe/Lisbon".
    package var name: String
    /// ISO 3166 codes, comma-separated ("DE,DK,NO,SE,SJ"), the most populous country first.
    package var countries: String
    package var latitude: Double
    package var longitude: Double

    init(_ name: String, _ countries: String, _ latitude: Double, _ longitude: Double) {
        self.name = name
        self.countries = countries
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when the zone covers the country `code` ("pt" or "PT").
    package func covers(country code: String) -> Bool {
        let code = code.uppercased()
        return countries.split(separator: ",").contains { $0 == code }
    }

    /// The great-circle distance in kilometres from this location to a point.
    package func distance(latitude: Double, longitude: Double) -> Double {
        let radians = Double.pi / 180
        let (φ1, φ2) = (self.latitude * radians, latitude * radians)
        let Δφ = φ2 - φ1, Δλ = (longitude - self.longitude) * radians
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * 6371 * asin(min(1, sqrt(a)))
    }

    /// The zones of `country` (any zone when nil or when the table has none for it) by distance from a point,
    /// nearest first; without a country, only zones within `maximumDistance` km.
    package static func nearest(
        latitude: Double, longitude: Double, country: String?, maximumDistance: Double = ZoneLocation.maximumDistance,
        in table: [ZoneLocation] = ZoneLocation.all
    ) -> [ZoneLocation] {
        let inCountry = country.map { code in table.filter { $0.covers(country: code) } } ?? []
        let measured = (inCountry.isEmpty ? table : inCountry).map { ($0, $0.distance(latitude: latitude, longitude: longitude)) }
        return measured.filter { !inCountry.isEmpty || $0.1 <= maximumDistance }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// How far (km) a place without a known country may lie from a zone's location and still take its zone: wider
    /// than the gaps between zone locations on land (central Australia is 1,300 km from Darwin and Adelaide), short
    /// of open ocean.
    package static let maximumDistance = 1_500.0
}
