import Foundation
import Testing
@testable import WeatherCore

/// The zone of a place that came without one: nearest zone1970.tab location in its country, the reported offset
/// preferred; far from every zone with no country, the provider's offset or UTC.
struct ZoneLocatorTests {
    let locator = ZoneLocator(files: ZoneFiles(directory: "/usr/share/zoneinfo"))
    /// 2026-07-15 12:00 UTC.
    let summer = Date(timeIntervalSince1970: 1_784_116_800)

    @Test func placesInTheirCountries() {
        let lisbon = Place(name: "Lisbon", country: "PT", latitude: 38.72, longitude: -9.14)
        #expect(locator.zone(for: lisbon).name == "Europe/Lisbon")
        let kathmandu = Place(name: "Kathmandu", country: "NP", latitude: 27.70, longitude: 85.32)
        #expect(locator.zone(for: kathmandu, reported: 20_700, at: summer).name == "Asia/Kathmandu")
        let stJohns = Place(name: "St. John's", country: "CA", latitude: 47.56, longitude: -52.71)
        #expect(locator.zone(for: stJohns, reported: -9000, at: summer).name == "America/St_Johns")
        // Madeira is Portugal too, with its own zone.
        let funchal = Place(name: "Funchal", country: "PT", latitude: 32.65, longitude: -16.91)
        #expect(locator.zone(for: funchal).name == "Atlantic/Madeira")
    }

    @Test func aPlaceKeepsItsOwnZone() {
        let named = Place(name: "Somewhere", country: "PT", latitude: 38.72, longitude: -9.14, timeZone: "Asia/Kathmandu")
        #expect(locator.zone(for: named).name == "Asia/Kathmandu")
        // A zone name the system does not know is ignored, not trusted.
        let unknown = Place(name: "Lisbon", country: "PT", latitude: 38.72, longitude: -9.14, timeZone: "../../etc/passwd")
        #expect(locator.zone(for: unknown).name == "Europe/Lisbon")
    }

    /// A point in Saskatchewan nearer Winnipeg's location than Regina's: the reported -06:00 in summer picks Regina
    /// (no daylight-saving time) over Winnipeg (-05:00 in summer).
    @Test func theReportedOffsetIsPreferred() {
        let place = Place(name: "East of Regina", country: "CA", latitude: 50.3, longitude: -100.5)
        #expect(locator.zone(for: place).name == "America/Winnipeg")
        #expect(locator.zone(for: place, reported: -21_600, at: summer).name == "America/Regina")
        // No zone of the country has the reported offset: the provider's offset, not a guess.
        #expect(locator.zone(for: place, reported: 3600, at: summer) == .fixed(3600))
    }

    @Test func coordinatesWithoutACountry() {
        let kathmandu = Place(name: "27.7, 85.32", latitude: 27.70, longitude: 85.32)
        #expect(locator.zone(for: kathmandu).name == "Asia/Kathmandu")
        // The middle of the North Atlantic: no zone location within reach (the Azores and Bermuda are 1,900 km off).
        let ocean = Place(name: "30, -45", latitude: 30, longitude: -45)
        #expect(locator.zone(for: ocean) == .unknown)
        #expect(locator.zone(for: ocean, reported: -7200) == .fixed(-7200))
    }

    @Test func theTable() throws {
        #expect(ZoneLocation.all.count > 300)
        let lisbon = try #require(ZoneLocation.all.first { $0.name == "Europe/Lisbon" })
        #expect(lisbon.covers(country: "pt"))
        #expect(abs(lisbon.latitude - 38.7167) < 0.001 && abs(lisbon.longitude + 9.1333) < 0.001)
        #expect(try #require(ZoneLocation.all.first { $0.name == "Europe/Berlin" }).covers(country: "NO"))
        // Every zone in the table has a readable file on this system (its tzdata may be older by a zone or two).
        let unreadable = ZoneLocation.all.filter { locator.files.rules($0.name) == nil }
        #expect(unreadable.count <= 3, "\(unreadable.map(\.name))")
        #expect(abs(lisbon.distance(latitude: 40.4168, longitude: -3.7038) - 503) < 10)  // to Madrid
    }
}
