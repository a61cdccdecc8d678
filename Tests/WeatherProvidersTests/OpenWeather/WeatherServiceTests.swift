import Foundation
import HTTPKit
import Synchronization
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct WeatherServiceTests {
    /// The place of the Testford fixtures.
    static let testford = Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12)

    static func service(
        _ server: LoopbackServer, cache: ResponseCache = ResponseCache(directory: nil), clock: TestClock = TestClock(), timeout: Double = 5
    ) -> OpenWeatherService {
        let client = OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: "k", baseURL: server.baseURL, timeout: timeout),
            transport: SocketTransport(), backoff: [0.05])
        return OpenWeatherService(client: client, cache: cache, now: clock.function)
    }

    @Test func currentAndForecastAreRequestedConcurrently() async throws {
        // The weather request is answered only once the forecast request has arrived too: a client that
        // waited for one before sending the other would get a 503 here (after 20 s, a bound no answer comes near).
        let forecastArrived = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { request in
            switch request.path {
            case "/data/2.5/weather":
                guard forecastArrived.wait(timeout: .now() + 20) == .success else { return .json("{}", status: 503) }
            case "/data/2.5/forecast":
                forecastArrived.signal()
            default:
                break
            }
            return FakeOpenWeather.route(request)
        }
        defer { server.stop() }
        let client = OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: "k", baseURL: server.baseURL, timeout: 30), transport: SocketTransport(),
            backoff: [])
        let report = try await OpenWeatherService(client: client, cache: ResponseCache(directory: nil)).report(for: Self.testford)
        #expect(report.forecast.count == 40)
        #expect(server.requests.count == 2)
    }

    @Test func searchGeocodesThenAFreshCacheAnswersAgain() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let service = Self.service(server)
        let places = try await service.places(matching: .name("London"))
        #expect(places.count == 3)
        _ = try await service.report(for: places[0])
        #expect(server.requests.count == 3)
        _ = try await service.places(matching: .name("london"))
        _ = try await service.report(for: places[0])
        #expect(server.requests.count == 3)
    }

    @Test func unknownPlace() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        await #expect(throws: WeatherError.placeNotFound("Atlantis")) {
            try await Self.service(server).places(matching: .name("Atlantis"))
        }
    }

    @Test func anUnknownPlaceIsQuotedAsTypedWhileTheRequestIsTidied() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let service = Self.service(server)
        await #expect(throws: WeatherError.placeNotFound("Atlantis ,  Lost   Isle")) {
            try await service.places(matching: LocationQuery.parse("  Atlantis ,  Lost   Isle \u{1B}[31m"))
        }
        #expect(server.requests.map { $0.value("q") } == ["Atlantis,Lost Isle"])
        server.setHandler { _ in .json(Fixtures.data("error_404.json"), status: 404) }
        await #expect(throws: WeatherError.placeNotFound("nowhere ,  gb")) {
            try await service.places(matching: LocationQuery.parse("nowhere ,  gb"))
        }
    }

    @Test func theTidiedFormNamesTheCacheEntry() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let service = Self.service(server)
        let typed = try await service.places(matching: LocationQuery.parse("london ,  gb"))
        let tidy = try await service.places(matching: LocationQuery.parse("London,GB"))
        #expect(typed == tidy)
        #expect(server.requests.map { $0.value("q") } == ["london,gb"])
    }

    @Test func offlineAnUnknownPlaceIsQuotedAsTyped() async throws {
        let transport = SampleDataTransport()
        let client = OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: SampleDataTransport.placeholderKey), transport: transport)
        let service = OpenWeatherService(client: client, cache: ResponseCache(directory: nil), samplePlaces: transport.placeNames)
        await #expect(throws: WeatherError.notInSampleData("Paris ,  FR", available: transport.placeNames)) {
            try await service.places(matching: LocationQuery.parse(" Paris ,  FR "))
        }
    }

    @Test(arguments: ["London, UK", "london,uk", "London, Uk"])
    func ukMeansGB(typed: String) async throws {
        // As OpenWeather does, the geocoder knows "GB" and not "UK".
        let server = try LoopbackServer { request in
            guard request.path == "/geo/1.0/direct" else { return FakeOpenWeather.route(request) }
            let country = request.value("q")?.split(separator: ",").last
            return country == "GB" ? .json(Fixtures.data("geo_testford.json")) : .json(Fixtures.data("geo_empty.json"))
        }
        defer { server.stop() }
        let places = try await Self.service(server).places(matching: LocationQuery.parse(typed))
        #expect(places.map(\.displayName) == ["Testford, England, GB"])
        #expect(server.requests.first?.value("q")?.lowercased() == "london,gb")
    }

    @Test(arguments: [
        ("London, ON, CA", "London,CA", ["London, Ontario, CA"]),
        ("london , on , ca", "london,ca", ["London, Ontario, CA"]),
        ("London, OH, US", "London,OH,US", ["London, OH, US"]),  // some results name the state by its code
        ("Springfield, IL, US", "Springfield,IL,US", ["Springfield, Illinois, US"]),
        ("Kingston, ON, CA", "Kingston,CA", ["Kingston, Ontario, CA"]),
        ("Kingston, NY, US", "Kingston,NY,US", ["Kingston, New York, US"]),
        ("Quebec, QC, CA", "Quebec,CA", ["Québec, CA"]),  // accents aside, the same name; the region too
        // An unknown code is sent on as before, and every result kept.
        ("London, XX, CA", "London,XX,CA", ["London, England, GB", "London, Ontario, CA", "London, OH, US"]),
    ])
    func stateAndProvinceCodesKeepTheResultsInThem(typed: String, sent: String, found: [String]) async throws {
        // The fake geocoder ignores the state and country: what is kept is the client's doing.
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let places = try await Self.service(server).places(matching: LocationQuery.parse(typed))
        #expect(places.map(\.displayName) == found)
        #expect(server.requests.map { $0.value("q") } == [sent])
    }

    @Test(arguments: ["London, QC, CA", "Springfield, MO, US", "London,  KY, US", "Kingston, NS, CA"])
    func noResultInTheStateIsNotFound(typed: String) async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        await #expect(throws: WeatherError.placeNotFound(typed)) {
            try await Self.service(server).places(matching: LocationQuery.parse(typed))
        }
    }

    @Test func coordinatesUseReverseGeocodingAndSurviveAnEmptyAnswer() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let named = try await Self.service(server).places(matching: .coordinates(latitude: 51.5, longitude: -0.12))
        #expect(named == [Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12)])
        #expect(server.requests.first?.path == "/geo/1.0/reverse")
        server.setHandler { _ in .json("[]") }
        let unnamed = try await Self.service(server).places(matching: .coordinates(latitude: -82.7, longitude: 3.87))
        #expect(unnamed.first?.displayName == "-82.7, 3.87")
    }

    @Test func aRelaunchWithinTenMinutesCostsNoRequest() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let clock = TestClock()
        _ = try await Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock).report(for: Self.testford)
        #expect(server.requests.count == 2)
        clock.advance(9 * 60)
        let relaunched = Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock)
        let report = try await relaunched.report(for: Self.testford)
        #expect(server.requests.count == 2)
        #expect(report.source == .live(fetchedAt: clock.now.addingTimeInterval(-9 * 60)))
        clock.advance(2 * 60)
        _ = try await Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock).report(for: Self.testford)
        #expect(server.requests.count == 4)
    }

    @Test func cacheFilesAreNamedWithoutTheKeyOrTypedText() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let service = Self.service(server, cache: ResponseCache(directory: folder.url))
        _ = try? await service.places(matching: .name("../../etc/passwd"))
        _ = try await service.report(for: Self.testford)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(names.count == 3)
        for name in names {
            #expect(name.range(of: #"^(direct|weather|forecast)-[0-9a-f]{16}\.json$"#, options: .regularExpression) != nil)
            let contents = try String(contentsOf: folder.path(name), encoding: .utf8)
            #expect(!contents.contains("appid"))
        }
    }

    @Test func aCorruptCacheFileIsIgnoredAndReplaced() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let clock = TestClock()
        _ = try await Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock).report(for: Self.testford)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            try Data("{\"key\": garbage".utf8).write(to: folder.path(name))
        }
        let report = try await Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock).report(for: Self.testford)
        #expect(report.forecast.count == 40)
        #expect(server.requests.count == 4)
        _ = try await Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock).report(for: Self.testford)
        #expect(server.requests.count == 4)  // the replaced files serve the relaunch
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names.filter { $0.contains(".json.corrupt-") }.count == 2, "set aside, not deleted: \(names)")
    }

    @Test func aStaleCopyStandsInWhenTheNetworkFails() async throws {
        let cache = ResponseCache(directory: nil)
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let clock = TestClock()
        let service = Self.service(server, cache: cache, clock: clock)
        let fetchedAt = clock.now
        _ = try await service.report(for: Self.testford)
        clock.advance(25 * 60)
        server.setHandler { _ in .json("down", status: 503) }
        let report = try await service.report(for: Self.testford)
        #expect(report.source == .stale(fetchedAt: fetchedAt, reason: .serverError(status: 503)))
        let notice = DisplayFormatter(options: DisplayOptions(), now: clock.now).current(report).notice
        #expect(notice?.parts == [.stale(age: 25 * 60, reason: .serverError(status: 503), provider: .openWeather)])
        server.setHandler(FakeOpenWeather.route)
        #expect(try await service.report(for: Self.testford).source == .live(fetchedAt: clock.now))
    }

    /// What the prompt shows at once: the report from both cached answers, with no request, at any age within
    /// the retention; a copy that is not fresh says it is being refreshed.
    @Test func aCachedReportComesFromTheCacheAloneAtAnyAgeWithinRetention() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let clock = TestClock()
        let service = Self.service(server, clock: clock)
        #expect(await service.cachedReport(for: Self.testford) == nil)
        let fetchedAt = clock.now
        let live = try await service.report(for: Self.testford)
        #expect(await service.cachedReport(for: Self.testford) == live)
        clock.advance(30 * 60)
        let copy = await service.cachedReport(for: Self.testford)
        #expect(copy?.source == .refreshing(fetchedAt: fetchedAt))
        #expect(copy?.current == live.current && copy?.forecast == live.forecast)
        clock.advance(ResponseCache.retention)
        #expect(await service.cachedReport(for: Self.testford) == nil)
        #expect(server.requests.count == 2)  // the first report's two requests, and none for any copy
    }

    @Test func aMalformedAnswerNeverReplacesAGoodCachedCopy() async throws {
        let cache = ResponseCache(directory: nil)
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let clock = TestClock()
        let service = Self.service(server, cache: cache, clock: clock)
        _ = try await service.report(for: Self.testford)
        clock.advance(11 * 60)
        server.setHandler { _ in .json("{\"cod\":\"200\",\"list\":7}") }
        let report = try await service.report(for: Self.testford)
        guard case .stale = report.source else { Issue.record("expected the stale copy, got \(report.source)"); return }
        #expect(report.forecast.count == 40)
    }

    @Test func concurrentCallersShareOneRequest() async throws {
        // Held until both callers wait for both requests: a second caller that sent its own would be seen.
        let release = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { request in
            _ = release.wait(timeout: .now() + 30)
            return FakeOpenWeather.route(request)
        }
        defer { server.stop() }
        let service = Self.service(server, timeout: 60)
        async let a = service.report(for: Self.testford)
        async let b = service.report(for: Self.testford)
        #expect(await until { await service.waitingCallers == 4 })
        #expect(await until { server.requests.count == 2 })
        release.signal()
        release.signal()
        _ = try await (a, b)
        #expect(server.requests.count == 2)
    }

    @Test func aCancelledCallerLeavesTheSharedRequestToTheOthers() async throws {
        let release = DispatchSemaphore(value: 0)
        let answered = Atomic(0)
        let server = try LoopbackServer { request in
            _ = release.wait(timeout: .now() + 30)
            answered.add(1, ordering: .relaxed)
            return FakeOpenWeather.route(request)
        }
        defer { server.stop() }
        let cache = ResponseCache(directory: nil)
        let service = Self.service(server, cache: cache, timeout: 60)
        let first = Task { try await service.report(for: Self.testford) }
        let second = Task { try await service.report(for: Self.testford) }
        #expect(await until { await service.waitingCallers == 4 })
        #expect(await until { server.requests.count == 2 })
        first.cancel()
        // The first caller stops at once, while the server still holds both requests.
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(answered.load(ordering: .relaxed) == 0)
        #expect(await service.waitingCallers == 2)
        release.signal()
        release.signal()
        let report = try await second.value
        #expect(report.forecast.count == 40)
        #expect(server.requests(to: "/data/2.5/weather").count == 1)
        #expect(server.requests(to: "/data/2.5/forecast").count == 1)
        // Stored in the cache although the caller that started the requests had gone.
        _ = try await service.report(for: Self.testford)
        #expect(server.requests.count == 2)
    }

    @Test func whenEveryCallerGivesUpTheRequestIsAbandoned() async throws {
        let server = try LoopbackServer { _ in .neverRespond }
        defer { server.stop() }
        let transport = WatchedTransport()
        let client = OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: "k", baseURL: server.baseURL, timeout: 30), transport: transport,
            backoff: [])
        let service = OpenWeatherService(client: client, cache: ResponseCache(directory: nil), now: TestClock().function)
        let first = Task { try await service.report(for: Self.testford) }
        let second = Task { try await service.report(for: Self.testford) }
        #expect(await until { await service.waitingCallers == 4 })
        #expect(await until { server.requests.count == 2 })
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(transport.endings.isEmpty)  // the other caller still waits: nothing was cancelled on the wire
        second.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        #expect(await until { transport.endings.count == 2 })
        #expect(transport.endings.sorted() == ["/data/2.5/forecast cancelled", "/data/2.5/weather cancelled"])
        #expect(await service.waitingCallers == 0)
        // A later caller does not join the abandoned requests: it sends its own.
        server.setHandler(FakeOpenWeather.route)
        #expect(try await service.report(for: Self.testford).forecast.count == 40)
        #expect(server.requests.count == 4)
    }
}

