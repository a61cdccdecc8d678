import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Environment and Climate Change Canada's alerts against a loopback server with the project's own fixtures: the box
/// asked around the place, English and French, the colours and types on the one scale, ended and expired alerts, one
/// alert in two zones shown once, a place without alerts, nonsense.
struct ECCCAlertsTests {
    /// A made-up place in Ontario.
    static let lakeview = Place(name: "Lakeview", state: "Ontario", country: "CA", latitude: 43.65, longitude: -79.38)

    static func eccc(_ server: LoopbackServer, clock: TestClock = TestClock()) -> ECCCAlerts {
        ECCCAlerts(requester: WarningSourcesTests.requester(ECCCAlerts.endpoint(["ECCC_BASE_URL": server.baseURL], timeout: 5), clock: clock))
    }

    @Test func asksForASmallBoxAroundThePlaceWithoutGeometryAndReadsEnglish() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("eccc/alerts_lakeview.json")) }
        defer { server.stop() }
        let warnings = try await Self.eccc(server).warnings(for: Self.lakeview, language: .english)
        let request = try #require(server.requests.first)
        #expect(request.path == "/collections/weather-alerts/items")
        #expect(request.value("bbox") == "-79.3850,43.6450,-79.3750,43.6550")
        #expect(request.value("skipGeometry") == "true" && request.value("f") == "json")
        #expect(request.headers["user-agent"]?.hasPrefix("weather-or-not/") == true)
        // The ended fog advisory is left out; the expired wind warning is still there (the service drops those).
        #expect(warnings.map(\.event) == [
            "Snowfall warning", "Freezing rain warning", "Freezing rain warning", "Special weather statement", "Wind warning",
        ])
        #expect(warnings.map(\.level) == [.orange, .red, .red, .yellow, .orange])
        let snow = warnings[0]
        #expect(snow.area == "Lakeview and Harbour District" && snow.issuer == "Environment and Climate Change Canada")
        #expect(snow.onset == WarningSourcesTests.date("2023-11-14T03:00:00Z") && snow.expires == WarningSourcesTests.date("2023-11-14T18:00:00Z"))
        #expect(snow.description.hasPrefix("Heavy snow tonight") && !snow.description.contains("\n") && snow.language == "en")
    }

    @Test func aFrenchReaderGetsFrenchAndEnglishWhereThereIsNoFrench() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("eccc/alerts_lakeview.json")) }
        defer { server.stop() }
        let warnings = try await Self.eccc(server).warnings(for: Self.lakeview, language: .french)
        #expect(warnings.first?.event == "Avertissement de neige" && warnings.first?.area == "Lakeview et district du Port")
        #expect(warnings.first?.issuer == "Environnement et Changement climatique Canada" && warnings.first?.language == "fr")
        #expect(warnings.first?.description.hasPrefix("Fortes chutes de neige") == true)
        // The statement has a French name and no French text: its name is French, its text left out.
        let statement = try #require(warnings.first { $0.level == .yellow })
        #expect(statement.event == "Bulletin météorologique spécial" && statement.description == "")
        // A German reader gets English.
        #expect(try await Self.eccc(server).warnings(for: Self.lakeview, language: .german).first?.language == "en")
    }

    @Test func inTheServiceOneAlertInTwoZonesIsShownOnceMostSevereFirstAndTheExpiredNever() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("eccc/alerts_lakeview.json")) }
        defer { server.stop() }
        let clock = TestClock()  // Mon 13 Nov 2023 23:35 UTC: the wind warning ended at 20:00
        let service = WarningService(sources: [Self.eccc(server, clock: clock)], now: clock.function)
        let outcome = await service.warnings(for: Self.lakeview, language: .english)
        #expect(outcome.warnings.map(\.event) == ["Freezing rain warning", "Snowfall warning", "Special weather statement"])
        #expect(outcome.highestLevel == .red)
        #expect(await service.warnings(for: WarningSourcesTests.testford, language: .english) == .noService)
    }

    @Test func theScaleIsTheColourElseTheType() async throws {
        #expect(ECCCAlerts.level(colour: "Yellow", type: "warning") == .yellow && ECCCAlerts.level(colour: "rouge", type: nil) == .red)
        #expect(ECCCAlerts.level(colour: nil, type: "warning") == .orange && ECCCAlerts.level(colour: "", type: "watch") == .yellow)
        #expect(ECCCAlerts.level(colour: nil, type: "advisory") == .yellow && ECCCAlerts.level(colour: nil, type: "ending") == nil)
        let server = try LoopbackServer { _ in .json(Fixtures.data("eccc/alerts_none.json")) }
        defer { server.stop() }
        #expect(try await Self.eccc(server).warnings(for: Self.lakeview, language: .french).isEmpty)
    }

    @Test(arguments: ["not json", "{\"features\": 3}", "[]"])
    func nonsenseIsAnError(body: String) async throws {
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        await #expect(throws: WeatherError.self) { try await Self.eccc(server).warnings(for: Self.lakeview, language: .english) }
    }

    @Test(arguments: ["ftp://127.0.0.1", "http://example.org", "https://127.0.0.1\r\nX: y"])
    func aBadBaseURLIsAConfigurationError(base: String) {
        #expect(throws: WeatherError.self) { try ECCCAlerts.endpoint(["ECCC_BASE_URL": base]).validate() }
        #expect((try? ECCCAlerts.endpoint(["ECCC_BASE_URL": "http://127.0.0.1:8080"]).validate()) != nil)
    }
}
