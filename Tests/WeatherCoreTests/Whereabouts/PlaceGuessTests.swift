import Foundation
import Testing
import WeatherCoreTesting
@testable import WeatherCore

/// The place a zone names: zone1970.tab's location named by the built-in gazetteer's nearest city; no guess from a
/// zone naming no place.
struct PlaceGuessTests {
    let files = ZoneFiles(directory: "/usr/share/zoneinfo")

    @Test(arguments: [
        ("Europe/Lisbon", "Lisbon", "PT"), ("Asia/Tokyo", "Tokyo", "JP"), ("America/Argentina/Buenos_Aires", "Buenos Aires", "AR"),
        ("Australia/Sydney", "Sydney", "AU"), ("Asia/Kolkata", "Kolkata", "IN"),
    ])
    func zonesWithAPlace(zone: String, city: String, country: String) throws {
        let guess = try #require(PlaceGuess.guess(zone: zone, files: files))
        #expect(guess.zone == zone)
        #expect(guess.place.name == city)
        #expect(guess.place.country == country)
        let location = try #require(ZoneLocation.all.first { $0.name == zone })
        #expect(location.distance(latitude: guess.place.latitude, longitude: guess.place.longitude) < 100)
    }

    @Test(arguments: ["UTC", "Etc/UTC", "Etc/GMT+5", "GMT", "Factory", "Universal", "Nowhere/Atlantis"])
    func zonesWithoutAPlace(zone: String) {
        #expect(PlaceGuess.guess(zone: zone, files: files) == nil)
    }

    @Test func noZoneNoGuess() {
        #expect(PlaceGuess.guess(zone: nil, files: files) == nil)
    }

    /// A zone zone1970.tab lists under another name: through the links of the zone folder's tzdata.zi (a folder of
    /// the test's own here).
    @Test func aLinkedName() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try Data("# version test\nZ America/New_York -4:56:2 - LMT 1883\nL America/New_York US/Eastern\nL Asia/Kolkata Asia/Calcutta\n".utf8)
            .write(to: folder.path("tzdata.zi"))
        let linked = ZoneFiles(directory: folder.url.path)
        let eastern = try #require(PlaceGuess.guess(zone: "US/Eastern", files: linked))
        #expect(eastern.place.country == "US" && eastern.zone == "US/Eastern")
        #expect(abs(eastern.place.latitude - 40.71) < 0.5 && abs(eastern.place.longitude + 74.0) < 0.5)
        #expect(try #require(PlaceGuess.guess(zone: "Asia/Calcutta", files: linked)).place.name == "Kolkata")
        #expect(PlaceGuess.guess(zone: "US/Pacific", files: linked) == nil)
    }

    /// A zone the table merged into another (Europe/Oslo into Europe/Berlin) is its own largest city.
    @Test func aZoneTheTableMerged() throws {
        #expect(!ZoneLocation.all.contains { $0.name == "Europe/Oslo" })
        let oslo = try #require(PlaceGuess.guess(zone: "Europe/Oslo", files: files))
        #expect(oslo.place.name == "Oslo" && oslo.place.country == "NO")
    }
}
