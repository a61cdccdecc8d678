import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// MeteoAlarm's areas matched by their outlines (EMMA_ID, scripts/generate-emma-areas.py): a place gets the warnings of
/// the areas it lies in whatever they are named, not its neighbours'; where no outline tells, names do.
struct MeteoAlarmAreasTests {
    static let versailles = Place(name: "Versailles", state: "Île-de-France", country: "FR", latitude: 48.8049, longitude: 2.1204)
    static let evry = Place(name: "Évry-Courcouronnes", state: "Île-de-France", country: "FR", latitude: 48.6238, longitude: 2.4296)
    static let barcelona = Place(name: "Barcelona", state: "Catalonia", country: "ES", latitude: 41.3874, longitude: 2.1686)
    static let london = Place(name: "London", state: "England", country: "GB", latitude: 51.5074, longitude: -0.1278)

    /// A feed in MeteoAlarm's shape (one alert an entry, its info in English, its areas with or without an EMMA_ID).
    static func feed(_ alerts: [(event: String, areas: [(name: String, code: String?)])]) -> Data {
        let entries = alerts.enumerated().map { index, alert -> JSONValue in
            let areas = alert.areas.map { area -> JSONValue in
                var object: [String: JSONValue] = ["areaDesc": .string(area.name)]
                if let code = area.code { object["geocode"] = .array([.object(["value": .string(code), "valueName": .string("EMMA_ID")])]) }
                return .object(object)
            }
            let info: JSONValue = .object([
                "area": .array(areas), "event": .string(alert.event), "language": .string("en-GB"),
                "onset": .string("2023-11-14T00:00:00+01:00"), "expires": .string("2023-11-14T18:00:00+01:00"),
                "parameter": .array([.object(["value": .string("2; yellow; Moderate"), "valueName": .string("awareness_level")])]),
                "senderName": .string("Test Service"), "severity": .string("Moderate"),
            ])
            return .object(["alert": .object([
                "identifier": .string("t\(index)"), "msgType": .string("Alert"), "status": .string("Actual"), "info": .array([info]),
            ])])
        }
        return Data(JSONValue.object(["warnings": .array(entries)]).serialized.utf8)
    }

    static let ileDeFrance = feed([
        ("Wind in Yvelines", [("Yvelines", "FR064")]),
        ("Rain in Essonne", [("Essonne", "FR066")]),
        ("Snow in Paris", [("Paris", "FR101")]),
    ])

    func warnings(_ feed: Data, for place: Place) async throws -> (events: [String], requests: [LoopbackServer.Request]) {
        let server = try LoopbackServer { _ in .json(feed) }
        defer { server.stop() }
        let events = try await MeteoAlarmTests.meteoAlarm(server).warnings(for: place, language: .english).map(\.event)
        return (events, server.requests)
    }

    /// Versailles lies in Yvelines, which is named neither like it nor like its region: it gets Yvelines' warning
    /// (before the outlines, none), and not the next département's.
    @Test func aPlaceInsideAnAreaNamedOtherwiseGetsItsWarning() async throws {
        let (events, requests) = try await warnings(Self.ileDeFrance, for: Self.versailles)
        #expect(events == ["Wind in Yvelines"])
        #expect(requests.map(\.path) == ["/api/v1/warnings/feeds-france"])
        #expect(try await warnings(Self.ileDeFrance, for: Self.evry).events == ["Rain in Essonne"])
    }

    /// Spain warns "Litoral de Barcelona" on land and "Costa - Litoral de Barcelona" at sea: Barcelona gets the first.
    @Test func barcelonaGetsItsLittoralsWarningNotTheSeas() async throws {
        let feed = Self.feed([
            ("Coastal event", [("Costa - Litoral de Barcelona", "ES869")]),
            ("Heat", [("Litoral de Barcelona", "ES181")]),
            ("Snow", [("Prepirineo de Barcelona", "ES178")]),
        ])
        #expect(try await warnings(feed, for: Self.barcelona).events == ["Heat"])
    }

    /// A place the outlines put in an area is not matched by name to another one: Paris (FR101), named like the city,
    /// is not Versailles'.
    @Test func aNamedAreaTheOutlinesKnowIsMatchedByItsCode() async throws {
        let notParis = Place(name: "Paris", state: "Île-de-France", country: "FR", latitude: 48.8049, longitude: 2.1204)
        #expect(try await warnings(Self.ileDeFrance, for: notParis).events == ["Wind in Yvelines"])
        // An area whose code the outlines do not know (or that has none) is matched by name, as before.
        let feed = Self.feed([("Old code", [("Versailles", "FR999")]), ("No code", [("Versailles", nil)])])
        #expect(try await warnings(feed, for: Self.versailles).events == ["Old code", "No code"])
    }

    /// The United Kingdom has no outlines here: its areas are matched by name, as before.
    @Test func theUnitedKingdomIsStillMatchedByName() async throws {
        #expect(MeteoAlarmAreas.shared.areas(latitude: 51.5074, longitude: -0.1278, country: "GB") == nil)
        let feed = Self.feed([("Fog", [("London & South East England", "UK002")]), ("Gale", [("Orkney & Shetland", "UK010")])])
        let (events, requests) = try await warnings(feed, for: Self.london)
        #expect(events == ["Fog"])
        #expect(requests.map(\.path) == ["/api/v1/warnings/feeds-united-kingdom"])
    }

    /// Niederösterreich (AT001) has a hole where Vienna is: Vienna is not in it, Sankt Pölten is.
    @Test func aHoleIsOutsideItsArea() throws {
        let vienna = try #require(MeteoAlarmAreas.shared.areas(latitude: 48.2082, longitude: 16.3738, country: "AT"))
        #expect(vienna.contains("AT010") && !vienna.contains("AT001"))
        let pölten = try #require(MeteoAlarmAreas.shared.areas(latitude: 48.2047, longitude: 15.6256, country: "AT"))
        #expect(pölten.contains("AT001") && pölten.contains("AT302"))
    }

    /// A point in none of its country's outlines takes the nearest within 5 km (2 km west of Luxembourg's outline);
    /// 15 km away it takes none, and the names decide.
    @Test func aPointJustOutsideTakesTheNearestAreaWithinFiveKilometres() throws {
        #expect(MeteoAlarmAreas.shared.areas(latitude: 49.68, longitude: 5.752, country: "LU") == ["LU001"])
        #expect(MeteoAlarmAreas.shared.areas(latitude: 49.68, longitude: 5.582, country: "LU") == nil)
        // Out at sea, far from every Croatian outline: the region's name matches as before.
        let offshore = Place(name: "Nowhere", state: "Split", country: "HR", latitude: 42.5, longitude: 15.0)
        let areas = MeteoAlarm.areas(of: offshore)
        #expect(areas.codes == nil)
        #expect(areas.contain(name: "split region", code: "HR008") && !areas.contain(name: "zagreb region", code: "HR002"))
    }

    /// The cache's key names the place's areas: two places of one name in different areas are not one entry.
    @Test func theCacheKeyNamesTheAreas() {
        let elsewhere = Place(name: "Versailles", state: "Île-de-France", country: "FR", latitude: 48.6238, longitude: 2.4296)
        #expect(MeteoAlarm.areas(of: Self.versailles).variant != MeteoAlarm.areas(of: elsewhere).variant)
        #expect(MeteoAlarm.areas(of: Self.versailles).variant.contains("emma=FR064"))
    }

    /// The outlines are read when MeteoAlarm first looks a place up, never when the source is built or asked what it
    /// covers (start-up and `--version` pay nothing).
    @Test func nothingIsReadUntilAPlaceIsLookedUp() throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let outlines = MeteoAlarmAreas()
        let endpoint = MeteoAlarm.endpoint(["METEOALARM_BASE_URL": server.baseURL], timeout: 5)
        let source = MeteoAlarm(requester: WarningSourcesTests.requester(endpoint, clock: TestClock()), outlines: outlines)
        #expect(source.covers(Self.versailles) && !outlines.isLoaded)
        #expect(MeteoAlarm.areas(of: Self.versailles, outlines: outlines).codes == ["FR064"])
        #expect(outlines.isLoaded && server.requests.isEmpty)
    }

    @Test func theBuiltInAssetIsReadAndNamesItsSource() throws {
        let table = try #require(MeteoAlarmAreas.shared.table)
        #expect(table.source == "meteoalarm 0.3.0")
        #expect(table.codes.count > 1500 && table.codes == table.codes.sorted())
        // Only countries MeteoAlarm is asked for: Germany and Norway have sources of their own.
        let countries = Set(table.countries)
        #expect(countries.isSubset(of: Set(MeteoAlarm.feeds.map(\.country))) && countries.count >= 30)
        #expect(!countries.contains("DE") && !countries.contains("NO"))
        #expect(MeteoAlarmAreas.shared.knows("FR064") && !MeteoAlarmAreas.shared.knows("FR999"))
    }

    @Test func damagedCopiesAreRefusedWithAReason() throws {
        let bytes = try #require(EmmaAreaTable.inflated())
        #expect(throws: Never.self) { try EmmaAreaTable(bytes: bytes) }
        func reason(_ damaged: [UInt8]) -> String? {
            do {
                _ = try EmmaAreaTable(bytes: damaged)
                return nil
            } catch {
                return error.description
            }
        }
        let refused = [
            reason(Array(bytes.prefix(bytes.count - 1))), reason(Array("EMA2".utf8) + bytes.dropFirst(4)), reason(bytes + [0]),
            reason([]), reason(Array(bytes.prefix(40))),
        ]
        for message in refused {
            let message = try #require(message)
            #expect(message.hasPrefix("MeteoAlarm's built-in areas are damaged (") && !message.contains("\n"))
        }
        #expect(reason(bytes + [0])?.contains("bytes follow its last point") == true)
        // A count far past the file's size is refused before anything is reserved.
        var huge = bytes
        huge[7] = 0x7F
        #expect(reason(huge)?.contains("counts exceed its size") == true)
    }
}
