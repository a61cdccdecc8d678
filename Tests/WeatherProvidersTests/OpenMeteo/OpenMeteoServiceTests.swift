import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct OpenMeteoServiceTests {
    @Test func matchingNamesFirstThenByPopulationLabelledByAdmin1AndCountryCode() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let places = try await FakeOpenMeteo.service(server).places(matching: .name("London"))
        #expect(places.map(\.displayName) == [
            "London, England, GB", "London, Ontario, CA", "London, Kentucky, US", "London, Ohio, US",
            "Londonderry, Northern Ireland, GB",
        ])
    }

    @Test(arguments: [
        ("London, GB", ["London, England, GB", "Londonderry, Northern Ireland, GB"]),
        ("london , uk", ["London, England, GB", "Londonderry, Northern Ireland, GB"]),
        ("London, ON, CA", ["London, Ontario, CA"]),
        ("London, KY, US", ["London, Kentucky, US"]),
        ("London, Ohio, US", ["London, Ohio, US", "London, Kentucky, US"]),
        ("London, Ontario", ["London, Ontario, CA", "London, England, GB", "London, Kentucky, US", "London, Ohio, US",
                             "Londonderry, Northern Ireland, GB"]),
    ])
    func countriesStatesAndQualifiers(typed: String, found: [String]) async throws {
        // The fake server ignores countryCode: what is kept is the client's doing.
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let places = try await FakeOpenMeteo.service(server).places(matching: LocationQuery.parse(typed))
        #expect(places.map(\.displayName) == found)
        #expect(server.requests.map { $0.value("name")?.lowercased() } == ["london"])
    }

    /// Open-Meteo names places in the language asked: that name, and its region's, are kept as the place's in that
    /// language (and nothing is claimed of the others), so the place can be named later in whichever is in force.
    @Test(arguments: [("fr", Language.french), ("pt", .portuguese), ("en", .english)])
    func placesKeepTheirNamesInTheLanguageAsked(code: String, language: Language) async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let client = OpenMeteoClient(
            configuration: OpenMeteoConfiguration(baseURL: server.baseURL, timeout: 30, language: code), transport: SocketTransport(),
            backoff: [0.05])
        let places = try await OpenMeteoService(client: client, cache: ResponseCache(directory: nil)).places(matching: .name("London"))
        let london = try #require(places.first)
        #expect(london.names == [language: london.name])
        #expect(london.states == [language: "England"])
        #expect(server.requests.first?.value("language") == code)
    }

    @Test func noResultsKeyIsNotFoundQuotingWhatWasTyped() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        await #expect(throws: WeatherError.placeNotFound("Atlantis ,  Lost   Isle")) {
            try await FakeOpenMeteo.service(server).places(matching: LocationQuery.parse("  Atlantis ,  Lost   Isle "))
        }
        #expect(server.requests.map { $0.value("name") } == ["Atlantis"])
    }

    @Test func aStateWithNoResultIsNotFound() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        await #expect(throws: WeatherError.placeNotFound("London, TX, US")) {
            try await FakeOpenMeteo.service(server).places(matching: LocationQuery.parse("London, TX, US"))
        }
    }

    @Test func coordinatesNameThemselvesWithoutARequest() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let places = try await FakeOpenMeteo.service(server).places(matching: .coordinates(latitude: 48.8566, longitude: 2.3522))
        #expect(places == [Place(name: "48.8566, 2.3522", latitude: 48.8566, longitude: 2.3522)])
        #expect(server.requests.isEmpty)
    }

    @Test func theReport() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let clock = TestClock()
        let report = try await FakeOpenMeteo.service(server, clock: clock).report(for: FakeOpenMeteo.testford)
        #expect(report.provider == .openMeteo)
        #expect(report.place == FakeOpenMeteo.testford)
        #expect(report.source == .live(fetchedAt: clock.now))
        #expect(report.zone.name == "Europe/London")
        #expect(report.zone.offset(at: report.current.observedAt) == 0)
        #expect(report.current.temperature == 9.4)
        #expect(report.hourly?.count == 38)  // 20:00 too, without its temperature
        #expect(report.forecast == ThreeHourSteps.from(report.hourly ?? []))
        #expect(report.forecast.count == 12)
        #expect(report.days?.count == 2)
        #expect(report.failover == nil)
    }

    @Test func aFreshCacheAnswersAgainAndAStaleOneStandsInForAFailure() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let clock = TestClock()
        let service = FakeOpenMeteo.service(server, clock: clock)
        _ = try await service.places(matching: .name("London"))
        let first = try await service.report(for: FakeOpenMeteo.testford)
        _ = try await service.places(matching: .name("london"))
        _ = try await service.report(for: FakeOpenMeteo.testford)
        #expect(server.requests.count == 2)
        clock.advance(3600)
        server.setHandler { _ in .json("{}", status: 503) }
        let stale = try await service.report(for: FakeOpenMeteo.testford)
        #expect(stale.source == .stale(fetchedAt: clock.now.addingTimeInterval(-3600), reason: .serverError(status: 503)))
        #expect(stale.current == first.current)
    }

    @Test func aCachedReportComesFromTheCacheAloneAndSaysWhenItIsNotFresh() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let clock = TestClock()
        let service = FakeOpenMeteo.service(server, clock: clock)
        #expect(await service.cachedReport(for: FakeOpenMeteo.testford) == nil)
        let live = try await service.report(for: FakeOpenMeteo.testford)
        #expect(await service.cachedReport(for: FakeOpenMeteo.testford) == live)
        clock.advance(30 * 60)
        var copy = await service.cachedReport(for: FakeOpenMeteo.testford)
        #expect(copy?.source == .refreshing(fetchedAt: clock.now.addingTimeInterval(-30 * 60)))
        copy?.source = live.source
        #expect(copy == live)
        #expect(server.requests.count == 1)
    }

    @Test(arguments: [(FakeOpenMeteo.kolkata, 19800), (FakeOpenMeteo.kathmandu, 20700)])
    func halfHourAndQuarterHourZonesHaveStepsOnLocalHours(place: Place, offset: Int) async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let report = try await FakeOpenMeteo.service(server).report(for: place)
        #expect(report.zone.offset(at: report.current.observedAt) == offset)
        let local = report.forecast.map { LocalTime($0.time, report.zone) }
        // From the block holding now (local 10:00) to the last whole one: the day's last entry starts no hour.
        #expect(local.map(\.hour) == [9, 12, 15, 18])
        #expect(local.allSatisfy { $0.minute == 0 })
        #expect(report.days.map { $0.map { LocalTime($0.date, report.zone).hour } } == [0])
    }

    @Test func aBadRequestSaysWhyInOneLine() async throws {
        let server = try LoopbackServer { _ in .json(FakeOpenMeteo.fixture("error_400.json"), status: 400) }
        defer { server.stop() }
        await #expect(throws: WeatherError.invalidInput(Phrase("error.request.refused", ["provider": "Open-Meteo", "reason": "Parameter forecast_days must not exceed 16"]))) {
            try await FakeOpenMeteo.service(server).report(for: FakeOpenMeteo.testford)
        }
        #expect(server.requests.count == 1)  // not retried
    }

    @Test func aBadRequestWithoutAReason() async throws {
        let server = try LoopbackServer { _ in .json("<html>Bad Request</html>", status: 400) }
        defer { server.stop() }
        await #expect(throws: WeatherError.invalidInput(Phrase("error.request.refused", ["provider": "Open-Meteo", "reason": "bad request"]))) {
            try await FakeOpenMeteo.service(server).report(for: FakeOpenMeteo.testford)
        }
    }

    @Test(arguments: [
        (429, ["Retry-After": "30"], WeatherError.rateLimited(retryAfter: 30)),
        (429, [:], WeatherError.rateLimited(retryAfter: nil)),
        (500, [:], WeatherError.serverError(status: 500)),
        (503, [:], WeatherError.serverError(status: 503)),
        (401, [:], WeatherError.unexpectedStatus(401)),
        (404, [:], WeatherError.unexpectedStatus(404)),
        (418, [:], WeatherError.unexpectedStatus(418)),
    ])
    func statuses(status: Int, headers: [String: String], error: WeatherError) async throws {
        let server = try LoopbackServer { _ in .json("{\"error\":true,\"reason\":\"no\"}", status: status, headers: headers) }
        defer { server.stop() }
        await #expect(throws: error) { try await FakeOpenMeteo.service(server).report(for: FakeOpenMeteo.testford) }
    }

    @Test func aBodyWithoutTemperaturesIsABadResponse() async throws {
        let server = try LoopbackServer { _ in .json(FakeOpenMeteo.fixture("forecast_without_temperatures.json")) }
        defer { server.stop() }
        await #expect(throws: WeatherError.badResponse(Phrase("detail.unexpectedShape"))) {
            try await FakeOpenMeteo.service(server).report(for: FakeOpenMeteo.testford)
        }
    }

    @Test func theGeocoderGivesAFoundPlacesTimeZone() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let geocoder = OpenMeteoGeocoder(client: FakeOpenMeteo.client(server), cache: ResponseCache(directory: nil))
        let places = try await geocoder.places(matching: .name("London"))
        let ontario = try #require(places.first { $0.country == "CA" })
        var found = ontario
        found.timeZone = nil
        #expect(await geocoder.timeZone(for: found) == "America/Toronto")
        let nowhere = Place(name: "London", country: "CA", latitude: 0, longitude: 0)
        #expect(await geocoder.timeZone(for: nowhere) == nil)
        #expect(server.requests.count == 2)  // "London" alone, then "London" in CA
    }
}
