import Foundation
import Synchronization
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Each warning source against a loopback server with the project's own fixtures: a place with warnings and one
/// without, its level mapping, its language, what it sends.
struct WarningSourcesTests {
    static let testford = Place(name: "Testford", state: "Illinois", country: "US", latitude: 39.78172, longitude: -89.65015)
    static let fjordby = Place(name: "Fjordby", country: "NO", latitude: 60.123456, longitude: 10.987654)
    static let waldheim = Place(name: "Waldheim", country: "DE", latitude: 51.07, longitude: 13.01)
    static let paris = Place(name: "Paris", country: "FR", latitude: 48.8566, longitude: 2.3522)

    static func requester(_ endpoint: WarningEndpoint, clock: TestClock, cache: ResponseCache = ResponseCache(directory: nil)) -> WarningRequester {
        WarningRequester(endpoint: endpoint, transport: SocketTransport(), cache: cache, now: clock.function)
    }

    static func nws(_ server: LoopbackServer, clock: TestClock = TestClock(), contact: String? = nil, cache: ResponseCache = ResponseCache(directory: nil)) -> NWSAlerts {
        var environment = ["NWS_BASE_URL": server.baseURL]
        environment["WEATHER_OR_NOT_CONTACT"] = contact
        return NWSAlerts(requester: requester(NWSAlerts.endpoint(environment, timeout: 5), clock: clock, cache: cache))
    }

    static func metAlerts(_ server: LoopbackServer, clock: TestClock = TestClock()) -> MetAlerts {
        MetAlerts(requester: requester(MetAlerts.endpoint(["METNO_BASE_URL": server.baseURL + "/"], timeout: 5), clock: clock))
    }

    static func brightSky(_ server: LoopbackServer, clock: TestClock = TestClock(), contact: String? = nil) -> BrightSkyAlerts {
        var environment = ["BRIGHTSKY_BASE_URL": server.baseURL]
        environment["WEATHER_OR_NOT_CONTACT"] = contact
        return BrightSkyAlerts(requester: requester(BrightSkyAlerts.endpoint(environment, timeout: 5), clock: clock))
    }

    static func date(_ text: String) -> Date { WireDate.iso8601(text) ?? .distantPast }

    // MARK: NWS

    @Test func nwsAsksForThePointWithAnIdentifyingUserAgentAndMapsItsSeverities() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        defer { server.stop() }
        let warnings = try await Self.nws(server, contact: "ops@example.org").warnings(for: Self.testford, language: .french)
        let request = try #require(server.requests.first)
        #expect(request.path == "/alerts/active")
        #expect(request.value("point") == "39.7817,-89.6502")
        #expect(request.headers["user-agent"] == "weather-or-not/0.1.0 ops@example.org")
        #expect(request.headers["accept"] == "application/geo+json")
        // The test message is skipped; the expired fog advisory is still there (the service drops it).
        #expect(warnings.map(\.event) == ["Wind Advisory", "Tornado Warning", "Dense Fog Advisory"])
        #expect(warnings.map(\.level) == [.yellow, .red, .yellow])
        let wind = warnings[0]
        #expect(wind.expires == Self.date("2023-11-15T00:00:00Z"))  // `ends`, not the message's `expires`
        #expect(wind.onset == Self.date("2023-11-14T00:00:00Z"))
        #expect(wind.issuer == "NWS Lincoln IL" && wind.area == "Sangamon; Menard" && wind.language == "en")
        #expect(wind.description.hasPrefix("* WHAT...West winds") && !wind.description.contains("\n"))
        #expect(warnings[1].expires == Self.date("2023-11-14T08:00:00Z"))  // no `ends`: the message's end
    }

    @Test func nwsWithoutAnIdentifyingUserAgentIsRefusedAndSaysSo() async throws {
        // What NWS does to a request that does not say who sends it: 403. This server asks more (a contact in the
        // `User-Agent`), so the refusal is really met: one request, not retried, an error, and through the service a
        // quiet "warnings unavailable (NWS)"; the same request naming a contact is answered.
        let server = try LoopbackServer { request in
            request.headers["user-agent"]?.hasSuffix(" ops@example.org") == true
                ? .json(Fixtures.data("nws/alerts_none.json")) : .json(#"{"title": "Forbidden", "status": 403}"#, status: 403)
        }
        defer { server.stop() }
        await #expect(throws: WeatherError.unexpectedStatus(403)) {
            try await Self.nws(server).warnings(for: Self.testford, language: .english)
        }
        #expect(server.requests.count == 1 && server.requests[0].headers["user-agent"] == "weather-or-not/0.1.0")

        let clock = TestClock()
        let outcome = await WarningService(sources: [Self.nws(server, clock: clock)], now: clock.function)
            .warnings(for: Self.testford, language: .english)
        #expect(outcome == .checked(warnings: [], services: ["NWS"], unavailable: ["NWS"]))
        #expect(server.requests.count == 2)

        let warnings = try await Self.nws(server, contact: "ops@example.org").warnings(for: Self.testford, language: .english)
        #expect(warnings.isEmpty && server.requests.count == 3)
        #expect(server.requests[2].headers["user-agent"] == "weather-or-not/0.1.0 ops@example.org")
    }

    @Test func nwsCoversTheStatesAndTerritoriesOnly() throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let nws = Self.nws(server)
        #expect(nws.covers(Self.testford))
        #expect(nws.covers(Place(name: "San Juan", country: "pr", latitude: 18.47, longitude: -66.1)))
        #expect(!nws.covers(Self.paris) && !nws.covers(Place(name: "Nowhere", latitude: 0, longitude: 0)))
    }

    // MARK: MET Norway

    @Test func metAlertsFollowsMETNorwaysBaseURLAndReadsAwarenessLevels() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("metalerts/current_fjordby.json")) }
        defer { server.stop() }
        let warnings = try await Self.metAlerts(server).warnings(for: Self.fjordby, language: .german)
        let request = try #require(server.requests.first)
        #expect(request.path == "/weatherapi/metalerts/2.0/current.json")
        #expect(request.query.map { "\($0.0)=\($0.1)" } == ["lat=60.1235", "lon=10.9877", "lang=en"])
        #expect(request.headers["user-agent"] == "weather-or-not/0.1.0")
        #expect(warnings.map(\.event) == ["Wind", "Ice"] && warnings.map(\.level) == [.orange, .yellow])
        #expect(warnings[0].onset == Self.date("2023-11-13T18:00:00Z") && warnings[0].expires == Self.date("2023-11-14T12:00:00Z"))
        #expect(warnings[0].description == "South-westerly gusts of 30 to 35 m/s in exposed places. Trees may fall. Roads may be closed.")
        #expect(warnings[0].issuer == "MET Norway" && warnings[0].area == "Fjordby and the inner valleys" && warnings[0].language == "en")
    }

    @Test func metAlertsWithNoWarningsIsAnEmptyList() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("metalerts/current_none.json")) }
        defer { server.stop() }
        #expect(try await Self.metAlerts(server).warnings(for: Self.fjordby, language: .english).isEmpty)
    }

    // MARK: Bright Sky

    @Test func brightSkyGivesGermanToAGermanReaderAndEnglishToTheOthers() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("brightsky/alerts_waldheim.json")) }
        defer { server.stop() }
        let german = try await Self.brightSky(server).warnings(for: Self.waldheim, language: .german)
        let request = try #require(server.requests.first)
        #expect(request.path == "/alerts" && request.query.map { "\($0.0)=\($0.1)" } == ["lat=51.0700", "lon=13.0100"])
        #expect(german.map(\.event) == ["Sturmböen", "Frost", "Orkanartige Böen"])
        #expect(german.map(\.language) == ["de", "de", "de"])
        #expect(german[0].headline == "Amtliche WARNUNG vor STURMBÖEN" && german[0].area == "Waldheim")

        let french = try await Self.brightSky(server).warnings(for: Self.waldheim, language: .french)
        // English where the alert has it; the one in German alone stays German.
        #expect(french.map(\.event) == ["Storm gusts", "Frost", "Orkanartige Böen"])
        #expect(french.map(\.language) == ["en", "en", "de"])
        #expect(french[0].instruction == "Beware of falling branches." && french[1].instruction == "")
    }

    /// Bright Sky and MeteoAlarm get the `User-Agent` every request carries, with the contact when one is set.
    @Test func brightSkyAndMeteoAlarmAreAskedWithTheIdentifyingUserAgent() async throws {
        let server = try LoopbackServer { request in
            .json(Fixtures.data(request.path == "/alerts" ? "brightsky/alerts_none.json" : "meteoalarm/feeds-croatia_none.json"))
        }
        defer { server.stop() }
        for contact in [nil, "ops@example.org"] {
            _ = try await Self.brightSky(server, contact: contact).warnings(for: Self.waldheim, language: .german)
            _ = try await MeteoAlarmTests.meteoAlarm(server, contact: contact).warnings(for: MeteoAlarmTests.split, language: .english)
        }
        #expect(server.requests.map(\.path) == ["/alerts", "/api/v1/warnings/feeds-croatia", "/alerts", "/api/v1/warnings/feeds-croatia"])
        let (bare, named) = ("weather-or-not/0.1.0", "weather-or-not/0.1.0 ops@example.org")
        #expect(server.requests.map { $0.headers["user-agent"] } == [bare, bare, named, named])
    }

    @Test func brightSkyMapsDWDsFourLevelsOntoThree() async throws {
        #expect(BrightSkyAlerts.level("minor") == .yellow && BrightSkyAlerts.level("moderate") == .orange)
        #expect(BrightSkyAlerts.level("severe") == .red && BrightSkyAlerts.level("Extreme") == .red && BrightSkyAlerts.level("unknown") == nil)
        let server = try LoopbackServer { _ in .json(Fixtures.data("brightsky/alerts_none.json")) }
        defer { server.stop() }
        #expect(try await Self.brightSky(server).warnings(for: Self.waldheim, language: .english).isEmpty)
    }

    @Test func brightSkysNotCoveredIsNoWarningAndOtherFailuresAreFailures() async throws {
        let server = try LoopbackServer { request in
            request.value("lat") == "51.0700"
                ? .json(#"{"detail": "Requested position is not covered by the DWD"}"#, status: 404) : .json("{}", status: 500)
        }
        defer { server.stop() }
        #expect(try await Self.brightSky(server).warnings(for: Self.waldheim, language: .german).isEmpty)
        let elsewhere = Place(name: "Grenzdorf", country: "DE", latitude: 47.6, longitude: 7.6)
        await #expect(throws: WeatherError.self) { try await Self.brightSky(server).warnings(for: elsewhere, language: .german) }
    }

    // MARK: Levels, caps, answers

    @Test func theServicesScalesMapOntoOne() {
        #expect(WarningLevel(capSeverity: "Minor") == .yellow && WarningLevel(capSeverity: "moderate") == .yellow)
        #expect(WarningLevel(capSeverity: "Severe") == .orange && WarningLevel(capSeverity: "EXTREME") == .red)
        #expect(WarningLevel(capSeverity: "Unknown") == nil)
        #expect(WarningLevel(awarenessLevel: "2; yellow; Moderate") == .yellow && WarningLevel(awarenessLevel: "3; orange; Severe") == .orange)
        #expect(WarningLevel(awarenessLevel: "4; red; Extreme") == .red && WarningLevel(awarenessLevel: "1; green; Minor") == nil)
        #expect(WarningLevel(awarenessLevel: "red") == nil && WarningLevel(awarenessLevel: "x; red") == .red)
    }

    @Test func hostileTextIsSanitisedAndCapped() async throws {
        let megabyte = String(repeating: "storm ", count: 150_000)  // 900 kB: under the 1 MiB a body may be
        let body = """
            {"features": [{"properties": {"status": "Actual", "severity": "Severe", "event": "Wind\\u001b[2J\\u202eAdvisory",
             "ends": "2023-11-14T18:00:00-06:00", "areaDesc": "\\u001b]0;owned\\u0007Here", "description": "\(megabyte)"}}]}
            """
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let warning = try #require(try await Self.nws(server).warnings(for: Self.testford, language: .english).first)
        #expect(warning.event == "WindAdvisory" && warning.area == "Here")
        #expect(warning.description.count == Warning.longCap && warning.description.hasSuffix("…"))
    }

    @Test(arguments: ["not json", "{\"features\": 3}", "[]"])
    func nonsenseIsAnError(body: String) async throws {
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        await #expect(throws: WeatherError.self) { try await Self.nws(server).warnings(for: Self.testford, language: .english) }
    }

    @Test func anAnswerIsKeptFiveMinutesOrLongerWhenTheServiceSays() async throws {
        let clock = TestClock()
        let ages = Mutex(60)
        let server = try LoopbackServer { _ in
            .json(Fixtures.data("nws/alerts_none.json"), headers: ["Cache-Control": "public, max-age=\(ages.withLock { $0 })"])
        }
        defer { server.stop() }
        let nws = Self.nws(server, clock: clock)
        _ = try await nws.warnings(for: Self.testford, language: .english)
        clock.advance(4 * 60 + 50)  // max-age 60 is shorter than five minutes: five minutes it is
        _ = try await nws.warnings(for: Self.testford, language: .english)
        #expect(server.requests.count == 1)
        clock.advance(20)
        ages.withLock { $0 = 900 }
        _ = try await nws.warnings(for: Self.testford, language: .english)
        #expect(server.requests.count == 2)
        clock.advance(14 * 60)  // max-age 900: fifteen minutes
        _ = try await nws.warnings(for: Self.testford, language: .english)
        #expect(server.requests.count == 2)
        clock.advance(2 * 60)
        _ = try await nws.warnings(for: Self.testford, language: .english)
        #expect(server.requests.count == 3)
    }

    @Test func theFreshnessHeadersAreRead() throws {
        let now = Self.date("2023-11-13T23:35:00Z")
        #expect(WarningEndpoint.validUntil([:], now: now) == now.addingTimeInterval(300))
        #expect(WarningEndpoint.validUntil(["cache-control": "max-age=30"], now: now) == now.addingTimeInterval(300))
        #expect(WarningEndpoint.validUntil(["cache-control": "s-maxage=5, max-age=600"], now: now) == now.addingTimeInterval(600))
        #expect(WarningEndpoint.validUntil(["expires": "Tue, 14 Nov 2023 00:35:00 GMT"], now: now) == now.addingTimeInterval(3600))
        #expect(WarningEndpoint.validUntil(["cache-control": "max-age=-5"], now: now) == now.addingTimeInterval(300))
    }

    @Test(arguments: ["ftp://127.0.0.1", "http://127.0.0.1:99999", "http://example.org", "http://127.0.0.1/\r\nX: 1", "://"])
    func aBadBaseURLIsAConfigurationErrorNamingItsVariable(base: String) {
        let endpoint = NWSAlerts.endpoint(["NWS_BASE_URL": base])
        #expect {
            try endpoint.validate()
        } throws: { error in
            guard case .badConfiguration(let phrase) = error as? WeatherError else { return false }
            return phrase.values["variable"] == "NWS_BASE_URL"
        }
        #expect(throws: Never.self) { try NWSAlerts.endpoint([:]).validate() }
        #expect(throws: Never.self) { try NWSAlerts.endpoint(["NWS_BASE_URL": "http://[::1]:8080/"]).validate() }
    }
}
