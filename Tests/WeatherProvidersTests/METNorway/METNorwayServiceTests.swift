import Foundation
import HTTPKit
import Synchronization
import WeatherCoreTesting
import WeatherCLI  // the English words of a phrase are the terminal's
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct METNorwayServiceTests {
    static let path = "/weatherapi/locationforecast/2.0/complete"
    static let place = Place(name: "Fjordby", country: "NO", latitude: 60.123456, longitude: 10.987654)
    static let body = Fixtures.data("metno/compact_fjordby.json")
    /// The test clock starts at Mon, 13 Nov 2023 23:35:00 GMT.
    static let lastModified = "Mon, 13 Nov 2023 23:30:00 GMT"

    static func service(
        _ server: LoopbackServer, contact: String? = nil, clock: TestClock = TestClock(),
        cache: ResponseCache = ResponseCache(directory: nil),
        findPlaces: @escaping METNorwayService.PlaceFinder = { _ in [] },
        zone: @escaping METNorwayService.ZoneFinder = { ZoneLocator().zone(for: $0) }
    ) -> METNorwayService {
        let configuration = METNorwayConfiguration(baseURL: server.baseURL + "/", contact: contact, timeout: 30)
        let client = METNorwayClient(configuration: configuration, transport: SocketTransport(), backoff: [0.05])
        return METNorwayService(client: client, cache: cache, findPlaces: findPlaces, zone: zone, now: clock.function)
    }

    /// The forecast, fresh until `expires`.
    static func forecast(expires: String = "Mon, 13 Nov 2023 23:55:00 GMT") -> LoopbackServer.Reply {
        .json(body, headers: ["Expires": expires, "Last-Modified": lastModified])
    }

    @Test func theRequestNamesTheProgramAndSendsFourDecimalsAndNoKey() async throws {
        let server = try LoopbackServer { _ in Self.forecast() }
        defer { server.stop() }
        let report = try await Self.service(server).report(for: Self.place)
        #expect(report.provider == .metNorway && report.forecast.count == 32 && report.hourly?.count == 24)
        let request = try #require(server.requests.first)
        #expect(request.path == Self.path)
        #expect(request.query.map { "\($0.0)=\($0.1)" } == ["lat=60.1235", "lon=10.9877"])
        #expect(request.headers["user-agent"] == "weather-or-not/0.1.0")
        #expect(request.headers["if-modified-since"] == nil)

        let south = Place(name: "Sydney", latitude: -33.86785, longitude: 151.20732)
        _ = try await Self.service(server, contact: " ops@example.org ").report(for: south)
        let second = try #require(server.requests.last)
        #expect(second.query.map { "\($0.0)=\($0.1)" } == ["lat=-33.8679", "lon=151.2073"])
        #expect(second.headers["user-agent"] == "weather-or-not/0.1.0 ops@example.org")
    }

    @Test func theContactComesFromTheEnvironmentAndNeverBreaksTheHeader() {
        let configuration = METNorwayConfiguration.fromEnvironment([
            "WEATHER_OR_NOT_CONTACT": "https://example.org/weather", "METNO_BASE_URL": "http://127.0.0.1:9",
        ])
        #expect(configuration.userAgent == "weather-or-not/0.1.0 https://example.org/weather")
        #expect(configuration.baseURL == "http://127.0.0.1:9")
        #expect(METNorwayConfiguration.fromEnvironment([:]).baseURL == "https://api.met.no")
        #expect(METNorwayConfiguration.fromEnvironment([:]).userAgent == "weather-or-not/0.1.0")
        #expect(METNorwayConfiguration(contact: "me@example.org\r\nX-Evil: 1").userAgent == "weather-or-not/0.1.0")
        #expect(METNorwayConfiguration(contact: "  ").contact == nil)
    }

    @Test func noRequestIsMadeBeforeExpiresThenOneWithIfModifiedSinceAnd304KeepsTheBody() async throws {
        let clock = TestClock()
        let server = try LoopbackServer { _ in Self.forecast() }
        defer { server.stop() }
        let service = Self.service(server, clock: clock)
        let first = try await service.report(for: Self.place)
        // Expires is 20 minutes on: past the usual 10 minutes, still no request.
        clock.advance(15 * 60)
        let cached = try await service.report(for: Self.place)
        #expect(server.requests.count == 1)
        #expect(cached.forecast == first.forecast && cached.source == first.source)

        server.setHandler { request in
            guard request.headers["if-modified-since"] == Self.lastModified else { return .json("{}", status: 500) }
            return .respond(status: 304, headers: ["Expires": "Tue, 14 Nov 2023 00:30:00 GMT"], body: Data())
        }
        clock.advance(6 * 60)
        let renewed = try await service.report(for: Self.place)
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.headers["if-modified-since"] == Self.lastModified)
        #expect(renewed.forecast == first.forecast && renewed.hourly == first.hourly && renewed.days == first.days)
        #expect(renewed.current.temperature == 5.0)
        #expect(renewed.source == .live(fetchedAt: clock.now))

        // The 304's own Expires (00:30) holds next; Last-Modified is still the body's.
        clock.advance(30 * 60)
        _ = try await service.report(for: Self.place)
        #expect(server.requests.count == 2)
        clock.advance(5 * 60)
        _ = try await service.report(for: Self.place)
        #expect(server.requests.count == 3)
        #expect(server.requests.last?.headers["if-modified-since"] == Self.lastModified)
    }

    @Test func anExpiresSoonerThanTenMinutesIsHonouredToo() async throws {
        let clock = TestClock()
        let server = try LoopbackServer { _ in Self.forecast(expires: "Mon, 13 Nov 2023 23:37:00 GMT") }
        defer { server.stop() }
        let service = Self.service(server, clock: clock)
        _ = try await service.report(for: Self.place)
        clock.advance(3 * 60)
        _ = try await service.report(for: Self.place)
        #expect(server.requests.count == 2)
    }

    @Test func aNewBodyReplacesTheCachedOne() async throws {
        let clock = TestClock()
        let server = try LoopbackServer { _ in Self.forecast() }
        defer { server.stop() }
        let service = Self.service(server, clock: clock)
        _ = try await service.report(for: Self.place)
        let modified = "Tue, 14 Nov 2023 00:00:00 GMT"
        server.setHandler { _ in .json(Fixtures.data("metno/complete_fields.json"), headers: ["Last-Modified": modified]) }
        clock.advance(30 * 60)
        let report = try await service.report(for: Self.place)
        #expect(report.current.temperature == -8.0)
        // Without Expires the usual 10 minutes hold; then the new Last-Modified goes back.
        clock.advance(11 * 60)
        _ = try await service.report(for: Self.place)
        #expect(server.requests.map { $0.headers["if-modified-since"] } == [nil, Self.lastModified, modified])
    }

    @Test func aForbiddenRequestSaysHowToIdentifyAndIsNotRetried() async throws {
        let server = try LoopbackServer { _ in .respond(status: 403, body: Data("Forbidden".utf8)) }
        defer { server.stop() }
        await #expect {
            try await Self.service(server).report(for: Self.place)
        } throws: { error in
            guard case .invalidInput(let phrase) = error as? WeatherError else { return false }
            let line = phrase.words(.terminal(.english))
            return line.contains("403") && line.contains("WEATHER_OR_NOT_CONTACT") && !line.contains("\n")
        }
        #expect(server.requests.count == 1)
    }

    @Test func throttlingAndServerFailuresAreReportedAsSuch() async throws {
        let server = try LoopbackServer { _ in .json("{}", status: 429, headers: ["Retry-After": "30"]) }
        defer { server.stop() }
        await #expect(throws: WeatherError.rateLimited(retryAfter: 30)) { try await Self.service(server).report(for: Self.place) }
        server.setHandler { _ in .json("{}", status: 503) }
        server.resetLog()
        await #expect(throws: WeatherError.serverError(status: 503)) { try await Self.service(server).report(for: Self.place) }
        #expect(server.requests.count == 2)  // a server failure is tried again once
        server.setHandler { _ in .json("{}", status: 418) }
        await #expect(throws: WeatherError.unexpectedStatus(418)) { try await Self.service(server).report(for: Self.place) }
    }

    /// Fresh until the server's `Expires`, then a copy being refreshed; the zone is the place's own, or the one where
    /// it lies, as a copy makes no lookup.
    @Test func aCachedReportFollowsExpiresAndLooksNothingUp() async throws {
        let clock = TestClock()
        let server = try LoopbackServer { _ in Self.forecast() }
        defer { server.stop() }
        let lookups = Mutex(0)
        let service = Self.service(server, clock: clock, zone: { _ in
            lookups.withLock { $0 += 1 }
            return .fixed(7_200)
        })
        #expect(await service.cachedReport(for: Self.place) == nil)
        let fetchedAt = clock.now
        let live = try await service.report(for: Self.place)
        #expect(live.zone == .fixed(7_200) && lookups.withLock { $0 } == 1)
        #expect(await service.cachedReport(for: Self.place)?.source == .live(fetchedAt: fetchedAt))
        clock.advance(30 * 60)  // past Expires (23:55)
        let copy = await service.cachedReport(for: Self.place)
        #expect(copy?.source == .refreshing(fetchedAt: fetchedAt))
        #expect(copy?.zone.name == "Europe/Berlin")  // Norway's zone in zone1970.tab
        var tokyo = Self.place
        tokyo.timeZone = "Asia/Tokyo"
        #expect(await service.cachedReport(for: tokyo)?.zone.name == "Asia/Tokyo")
        #expect(lookups.withLock { $0 } == 1)
        #expect(server.requests.count == 1)
    }

    @Test func anExpiredCopyStandsInWhenTheServerFails() async throws {
        let clock = TestClock()
        let server = try LoopbackServer { _ in Self.forecast() }
        defer { server.stop() }
        let service = Self.service(server, clock: clock)
        let fetchedAt = clock.now
        _ = try await service.report(for: Self.place)
        server.setHandler { _ in .json("{}", status: 500) }
        clock.advance(3600)
        let report = try await service.report(for: Self.place)
        #expect(report.source == .stale(fetchedAt: fetchedAt, reason: .serverError(status: 500)))
        #expect(report.forecast.count == 32)
        #expect(server.requests.dropFirst().allSatisfy { $0.headers["if-modified-since"] == Self.lastModified })
    }

    @Test func aDeprecatedProductStillAnswersAndIsNoted() async throws {
        let server = try LoopbackServer { _ in .json(Self.body, status: 203) }
        defer { server.stop() }
        let service = Self.service(server)
        #expect(await !service.productIsDeprecated)
        let report = try await service.report(for: Self.place)
        #expect(report.forecast.count == 32)
        #expect(await service.productIsDeprecated)
        // The view says so, in the person's language, and the weather is still shown.
        #expect(report.productIsDeprecated)
        let english = DisplayFormatter(options: DisplayOptions(language: .english)).current(report)
        #expect(english.notice?.parts.map(\.words).contains("MET Norway says this version of its forecast will be withdrawn: update weather-or-not.") == true)
        let german = DisplayFormatter(options: DisplayOptions(language: .german)).current(report)
        #expect(german.notice?.parts.map { $0.words(.terminal(.german)) }.contains(Strings.terminal(.german)("notice.deprecated", ["provider": "MET Norway"])) == true)
        // A 200 says nothing of the kind.
        let normal = try LoopbackServer { _ in Self.forecast() }
        defer { normal.stop() }
        let fine = try await Self.service(normal).report(for: Self.place)
        #expect(!fine.productIsDeprecated)
    }

    @Test func placesComeFromTheGeocoderGivenAndMETIsNotAsked() async throws {
        let server = try LoopbackServer { _ in Self.forecast() }
        defer { server.stop() }
        let asked = Mutex<[LocationQuery]>([])
        let service = Self.service(server) { query in
            asked.withLock { $0.append(query) }
            return [Self.place]
        }
        #expect(try await service.places(matching: .name("Fjordby")) == [Self.place])
        #expect(asked.withLock { $0 } == [.name("Fjordby")])
        #expect(server.requests.isEmpty)
    }

    @Test func theZoneComesFromTheLookupElseFromWhereThePlaceLies() async throws {
        let server = try LoopbackServer { _ in Self.forecast() }
        defer { server.stop() }
        let kathmandu = Place(name: "Kathmandu", country: "NP", latitude: 27.7172, longitude: 85.324)
        let nepal = try #require(ZoneFiles.system.rules("Asia/Kathmandu"))
        let lookup: METNorwayService.ZoneFinder = { $0 == kathmandu ? .zone(nepal) : .unknown }
        let known = try await Self.service(server, zone: lookup).report(for: kathmandu)
        #expect(known.zone.offset(at: known.current.observedAt) == 20_700)
        let firstDay = try #require(known.days?.first)
        #expect((Int(firstDay.date.timeIntervalSince1970) + 20_700) % 86_400 == 0)
        // No lookup: the zone where the place lies, not the longitude's hour (+06:00).
        let located = try await Self.service(server).report(for: kathmandu)
        #expect(located.zone.name == "Asia/Kathmandu")
        let stJohns = Place(name: "47.5615, -52.7126", latitude: 47.5615, longitude: -52.7126)
        let newfoundland = try await Self.service(server).report(for: stJohns)
        #expect(newfoundland.zone.offset(at: newfoundland.current.observedAt) == -12_600)  // not -04:00
        // Given explicitly, the zone wins over the lookup.
        let given = try await Self.service(server, zone: lookup).report(for: kathmandu, zone: .fixed(19_800))
        #expect(given.zone == .fixed(19_800))
    }

    /// Far from every zone, with no offset from MET: times in UTC, and the views say so.
    @Test func withNoZoneTimesAreInUTCAndSaidToBe() async throws {
        let server = try LoopbackServer { _ in Self.forecast() }
        defer { server.stop() }
        let ocean = Place(name: "30, -45", latitude: 30, longitude: -45)
        let report = try await Self.service(server).report(for: ocean)
        #expect(report.zone == .unknown)
        let display = DisplayFormatter(options: DisplayOptions(language: .english)).current(report)
        #expect(display.observedAt.hasSuffix("(UTC+00:00)"))
        #expect(display.notice?.parts.map(\.words).contains("Times in UTC: this place's time zone is not known.") == true)
        let located = try await Self.service(server).report(for: Self.place)
        #expect(DisplayFormatter(options: DisplayOptions(language: .english)).current(located).notice == nil)
    }

    @Test func coordinatesOffTheMapNeverReachMET() async throws {
        let server = try LoopbackServer { _ in Self.forecast() }
        defer { server.stop() }
        await #expect(throws: WeatherError.self) {
            try await Self.service(server).report(for: Place(name: "Nowhere", latitude: 91, longitude: 0))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func aBaseURLThatIsNotHTTPIsRefused() async throws {
        let configuration = METNorwayConfiguration(baseURL: "ftp://127.0.0.1")
        let client = METNorwayClient(configuration: configuration, transport: SocketTransport())
        let service = METNorwayService(client: client, cache: ResponseCache(directory: nil), findPlaces: { _ in [] })
        await #expect(throws: WeatherError.badConfiguration(METNorwayConfiguration.badBaseURLMessage)) {
            try await service.report(for: Self.place)
        }
    }
}
