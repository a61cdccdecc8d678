import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// MeteoAlarm against a loopback server: the country's feed asked, the place's area matched, the reader's language
/// picked among the info blocks.
struct MeteoAlarmTests {
    static let split = Place(name: "Split", state: "Splitsko-dalmatinska", country: "HR", latitude: 43.5081, longitude: 16.4402)

    static func meteoAlarm(_ server: LoopbackServer, contact: String? = nil) -> MeteoAlarm {
        var environment = ["METEOALARM_BASE_URL": server.baseURL]
        environment["WEATHER_OR_NOT_CONTACT"] = contact
        return MeteoAlarm(requester: WarningSourcesTests.requester(MeteoAlarm.endpoint(environment, timeout: 5), clock: TestClock()))
    }

    @Test func theCountrysFeedIsAskedAndOnlyThePlacesAreaKept() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("meteoalarm/feeds-croatia_split.json")) }
        defer { server.stop() }
        let warnings = try await Self.meteoAlarm(server).warnings(for: Self.split, language: .english)
        let request = try #require(server.requests.first)
        #expect(request.path == "/api/v1/warnings/feeds-croatia" && request.query.isEmpty)
        #expect(request.headers["accept-encoding"]?.contains("gzip") == true)
        // Zagreb's rain is not Split's; the exercise is skipped; the expired heat warning is the service's to drop.
        #expect(warnings.map(\.event) == ["Orange wind warning", "Žuto upozorenje za visoke temperature"])
        #expect(warnings.map(\.level) == [.orange, .yellow] && warnings.map(\.language) == ["en-gb", "hr-hr"])
        #expect(warnings[0].area == "Split region" && warnings[0].issuer == "DHMZ Test Service")
        #expect(warnings[0].expires == WarningSourcesTests.date("2023-11-14T17:00:00Z"))
    }

    @Test func theReadersLanguageElseEnglishElseTheFeeds() throws {
        let alerts = try MeteoAlarm.decode(Fixtures.data("meteoalarm/feeds-croatia_split.json"))
        let zagreb = Place(name: "Zagreb", country: "HR", latitude: 45.81, longitude: 15.98)
        #expect(MeteoAlarm.matching(alerts, place: zagreb, language: .french).map(\.event) == ["Yellow rain warning"])
        let croatian = MeteoAlarm.Info(
            language: "fr-fr", areas: [], areaKeys: ["zagreb region"],
            warning: Warning(event: "Avis de pluie", level: .yellow, expires: .distantFuture, language: "fr-fr"))
        var french = alerts
        french[1].infos.append(croatian)
        #expect(MeteoAlarm.matching(french, place: zagreb, language: .french).map(\.event) == ["Avis de pluie"])
        // Sinj, in Split's county, lies in MeteoAlarm's Knin region (HR001), not Split's (HR008): the areas' outlines
        // tell, not the region's name (MeteoAlarmAreasTests has the name where no outline tells).
        let inland = Place(name: "Sinj", state: "Split", country: "HR", latitude: 43.7, longitude: 16.64)
        #expect(MeteoAlarm.matching(alerts, place: inland, language: .english).isEmpty)
        let elsewhere = Place(name: "Splitville", country: "HR", latitude: 45, longitude: 16)
        #expect(MeteoAlarm.matching(alerts, place: elsewhere, language: .english).isEmpty)
    }

    /// A busy feed: the fixture's alerts and `others` more for an area that is not the place's.
    static func busyFeed(others: Int) throws -> Data {
        var json = try ResponseDecoding.parse(Fixtures.data("meteoalarm/feeds-croatia_split.json"))
        var entries = json["warnings"]?.array ?? []
        let other = try #require(entries.first { entry in
            entry["alert"]?["info"]?.array?.first?["area"]?.array?.first?["areaDesc"]?.string == "Zagreb region"
        })
        for index in 0..<others {
            var copy = other
            var alert = copy["alert"]
            var info = alert?["info"]?.array ?? []
            for i in info.indices { info[i]["area"] = .array([.object(["areaDesc": .string("Area \(index) region")])]) }
            alert?["info"] = .array(info)
            copy["alert"] = alert
            entries.append(copy)
        }
        json["warnings"] = .array(entries)
        return Data(json.serialized.utf8)
    }

    /// Only the place's alerts are cached, not the country's feed: a second ask for the place spends no request and
    /// reads a few kB; another place in the same country has its own.
    @Test func onlyThePlacesAlertsAreCachedNotTheFeed() async throws {
        let feed = try Self.busyFeed(others: 300)
        let server = try LoopbackServer { _ in .json(feed) }
        defer { server.stop() }
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let clock = TestClock()
        let source = MeteoAlarm(requester: WarningSourcesTests.requester(
            MeteoAlarm.endpoint(["METEOALARM_BASE_URL": server.baseURL], timeout: 5), clock: clock, cache: ResponseCache(directory: folder.url)))
        let first = try await source.warnings(for: Self.split, language: .english)
        #expect(first.map(\.event) == ["Orange wind warning", "Žuto upozorenje za visoke temperature"])
        let files = try FileManager.default.contentsOfDirectory(at: folder.url, includingPropertiesForKeys: [.fileSizeKey])
        let cached = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        #expect(feed.count > 200_000 && cached > 0 && cached < feed.count / 20, "\(cached) of \(feed.count)")

        #expect(try await source.warnings(for: Self.split, language: .english) == first)
        #expect(server.requests.count == 1)
        let zagreb = Place(name: "Zagreb", country: "HR", latitude: 45.81, longitude: 15.98)
        #expect(try await source.warnings(for: zagreb, language: .english).map(\.event) == ["Yellow rain warning"])
        #expect(server.requests.count == 2)
        #expect(try MeteoAlarm.decode(MeteoAlarm.kept(feed, for: MeteoAlarm.PlaceAreas(names: ["nowhere"], codes: nil, outlines: .shared))).isEmpty)
        #expect(throws: WeatherError.self) { try MeteoAlarm.kept(Data("[]".utf8), for: MeteoAlarm.PlaceAreas(names: ["split"], codes: nil, outlines: .shared)) }
    }

    @Test func aFeedWithoutWarningsIsNone() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("meteoalarm/feeds-croatia_none.json")) }
        defer { server.stop() }
        #expect(try await Self.meteoAlarm(server).warnings(for: Self.split, language: .english).isEmpty)
    }

    @Test func itCoversItsCountriesAndNotThoseWithTheirOwnSource() throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let source = Self.meteoAlarm(server)
        #expect(source.covers(Self.split) && source.covers(Place(name: "London", country: "GB", latitude: 51.5, longitude: -0.12)))
        #expect(!source.covers(WarningSourcesTests.waldheim) && !source.covers(WarningSourcesTests.fjordby))
        #expect(!source.covers(WarningSourcesTests.testford))
        #expect(MeteoAlarm.feeds.count >= 30 && Set(MeteoAlarm.feeds.map(\.country)).count == MeteoAlarm.feeds.count)
    }
}
