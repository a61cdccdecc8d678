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

    static func meteoAlarm(_ server: LoopbackServer) -> MeteoAlarm {
        MeteoAlarm(requester: WarningSourcesTests.requester(MeteoAlarm.endpoint(["METEOALARM_BASE_URL": server.baseURL], timeout: 5), clock: TestClock()))
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
        // The region's name matches as the city's does.
        let inland = Place(name: "Sinj", state: "Split", country: "HR", latitude: 43.7, longitude: 16.64)
        #expect(MeteoAlarm.matching(alerts, place: inland, language: .english).count == 2)
        let elsewhere = Place(name: "Splitville", country: "HR", latitude: 45, longitude: 16)
        #expect(MeteoAlarm.matching(alerts, place: elsewhere, language: .english).isEmpty)
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
