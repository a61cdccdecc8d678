import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// `:places`' cost, counted on loopback servers: Open-Meteo answers for every place in one request (its forecast takes
/// comma-separated coordinates and answers an array in their order); the other providers are asked one place a
/// request, never more than four at a time, and not at all for a place whose answer is fresh in the cache.
struct ManyPlacesTests {
    /// Open-Meteo's service on `server`, with the 30 s the client tests allow on a loaded machine.
    static func openMeteo(_ server: LoopbackServer, cache: ResponseCache = ResponseCache(directory: nil), clock: TestClock = TestClock()) -> OpenMeteoService {
        OpenMeteoService(client: FakeOpenMeteo.client(server, timeout: 30), cache: cache, now: clock.function)
    }

    /// MET Norway's service on `server`, as `METNorwayServiceTests.service` builds it, with 30 s.
    static func metNorway(_ server: LoopbackServer, cache: ResponseCache = ResponseCache(directory: nil)) -> METNorwayService {
        let configuration = METNorwayConfiguration(baseURL: server.baseURL + "/", contact: "test@example.org", timeout: 30)
        let client = METNorwayClient(configuration: configuration, transport: SocketTransport(), backoff: [0.05])
        return METNorwayService(
            client: client, cache: cache, findPlaces: { _ in [] }, zone: { ZoneLocator().zone(for: $0) }, now: TestClock().function)
    }
    /// `count` distinct places spread over the globe, with four decimals (what a request carries).
    static func places(_ count: Int) -> [Place] {
        (0..<count).map { index in
            Place(
                name: "Place \(index)", country: "GB", latitude: Double((index * 7919) % 17_000) / 100 - 85,
                longitude: Double((index * 104_729) % 35_900) / 100 - 179.5)
        }
    }

    @Test(arguments: [1, 2, 10, 200])
    func openMeteoAsksOnceForAllThePlaces(_ count: Int) async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let service = Self.openMeteo(server)
        let places = Self.places(count)
        let reports = try await service.reports(for: places)
        let requests = server.requests(to: "/v1/forecast")
        #expect(requests.count == 1)
        #expect(requests.allSatisfy { $0.target.utf8.count < OpenMeteoRequest.maximumURLLength })
        #expect(reports.count == count)
        #expect(reports.map { $0?.place } == places)
        if count > 1 {
            // In the order asked: the fake sets each one's temperature to its index.
            #expect(reports.map { $0?.current.temperature } == (0..<count).map { Double($0 % 30) })
            #expect(requests[0].value("latitude")?.split(separator: ",").count == count)
        }
        // Each place's part is cached as its own forecast: asking again, or opening one, costs nothing.
        server.resetLog()
        _ = try await service.reports(for: places)
        _ = try await service.report(for: places[count - 1])
        #expect(server.requests.isEmpty)
    }

    /// Past what one URL holds, as few requests as hold them, each URL within the limit, every place once in order.
    @Test func placesBeyondWhatOneURLHoldsGoInAsFewRequestsAsHoldThem() throws {
        let configuration = OpenMeteoConfiguration(baseURL: "http://127.0.0.1:8080", timeout: 30)
        let places = Self.places(600)
        let batches = OpenMeteoRequest.batches(places, configuration: configuration)
        #expect(batches.count == 3)
        #expect(Array(batches.joined()) == places)
        for batch in batches {
            let url = try OpenMeteoRequest.forecasts(latitudes: batch.map(\.latitude), longitudes: batch.map(\.longitude))
                .url(configuration: configuration)
            #expect(url.absoluteString.utf8.count <= OpenMeteoRequest.maximumURLLength)
        }
        #expect(OpenMeteoRequest.batches(Self.places(200), configuration: configuration).count == 1)
        #expect(OpenMeteoRequest.batches([], configuration: configuration).isEmpty)
    }

    @Test func onlyThePlacesNotFreshInTheCacheAreAsked() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let service = Self.openMeteo(server)
        let places = Self.places(5)
        _ = try await service.report(for: places[1])
        server.resetLog()
        _ = try await service.reports(for: places)
        let requests = server.requests(to: "/v1/forecast")
        #expect(requests.count == 1)
        #expect(requests.first?.value("latitude")?.split(separator: ",").count == 4)
    }

    @Test func aFailedRequestShowsTheCopiesThereAreMarkedStale() async throws {
        let failing = LockedFlag(false)
        let server = try LoopbackServer { request in
            failing.value ? .respond(status: 503, body: Data()) : FakeOpenMeteo.route(request)
        }
        defer { server.stop() }
        let clock = TestClock()
        let service = Self.openMeteo(server, clock: clock)
        let places = Self.places(3)
        _ = try await service.report(for: places[0])
        clock.advance(ResponseCache.freshness + 60)
        failing.value = true
        let reports = try await service.reports(for: places)
        guard case .stale = reports[0]?.source else { Issue.record("not a stale copy: \(String(describing: reports[0]?.source))"); return }
        #expect(reports[1] == nil && reports[2] == nil)
    }

    /// The one place not in the cache failing leaves the others shown, its own without weather.
    @Test func onePlaceFailingAmongCachedOnesLeavesTheOthers() async throws {
        let failing = LockedFlag(false)
        let server = try LoopbackServer { request in
            failing.value ? .respond(status: 404, body: Data()) : FakeOpenMeteo.route(request)
        }
        defer { server.stop() }
        let service = Self.openMeteo(server)
        let places = Self.places(3)
        _ = try await service.reports(for: Array(places.prefix(2)))
        failing.value = true
        let reports = try await service.reports(for: places)
        #expect(reports.map { $0 != nil } == [true, true, false])
    }

    /// MET Norway answers one place a request: ten places, ten requests, never more than four on the wire at once,
    /// and none the second time while the answers are fresh.
    @Test func otherProvidersAskAtMostFourAtATime() async throws {
        let inFlight = InFlightCounter()
        let server = try LoopbackServer { request in
            inFlight.enter()
            defer { inFlight.leave() }
            Thread.sleep(forTimeInterval: 0.1)
            return METNorwayServiceTests.forecast()
        }
        defer { server.stop() }
        let service = Self.metNorway(server)
        let places = Self.places(10)
        let reports = try await service.reports(for: places)
        #expect(reports.compactMap { $0 }.count == 10)
        #expect(server.requests(to: FakeMETNorway.path).count == 10)
        #expect(inFlight.peak <= ManyPlaces.concurrency)
        #expect(inFlight.peak > 1)  // concurrent, not one after another
        server.resetLog()
        _ = try await service.reports(for: places)
        #expect(server.requests.isEmpty)
    }

    /// Open-Meteo failing (a server error) hands the places to the next provider, which asks for each on its own, four
    /// at a time; Open-Meteo is not asked again for each place, and every report says who failed and why.
    @Test func theChainFallsBackPlaceByPlaceWhenTheOneRequestFails() async throws {
        let server = try LoopbackServer { request in
            request.path == "/v1/forecast" ? .respond(status: 503, body: Data()) : METNorwayServiceTests.forecast()
        }
        defer { server.stop() }
        let cache = ResponseCache(directory: nil)
        let chain = FailoverProvider([
            (.openMeteo, Self.openMeteo(server, cache: cache) as any WeatherProviding),
            (.metNorway, Self.metNorway(server, cache: cache)),
        ])
        let reports = try await chain.reports(for: Self.places(3))
        #expect(reports.map { $0?.provider } == [.metNorway, .metNorway, .metNorway])
        #expect(reports.allSatisfy { $0?.failover?.from == .openMeteo })
        #expect(server.requests(to: FakeMETNorway.path).count == 3)
        #expect(server.requests(to: "/v1/forecast").count <= 2)  // the one request, and its one retry
    }

    /// Through the app and the composed service (failover chain, one cache): `:places` with Open-Meteo is one
    /// request; another unit system, another language and the list asked again within the cache's freshness ask
    /// nothing.
    @MainActor @Test func redrawingInOtherUnitsOrLanguageAsksNothing() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let factory = RoundTripTests.factory(["OPENMETEO_BASE_URL": server.baseURL, "METNO_BASE_URL": server.baseURL])
        var preferences = Preferences()
        preferences.recentCities = Self.places(10)
        let app = WeatherApp(
            preferences: preferences, store: nil, offline: false, providers: factory.catalog, provider: .openMeteo,
            defaultProvider: .openMeteo, hasAPIKey: false, makeService: factory.service(for:))
        var shown: [PlacesDisplay] = []
        app.onEvent = { if case .places(let d) = $0 { shown.append(d) } }
        await app.run(.places)
        #expect(server.requests(to: "/v1/forecast").count == 1)
        await app.run(.units(.imperial))
        await app.run(.language(.french))
        await app.run(.places)
        #expect(server.requests.count == 1, "\(server.requests.map(\.target))")
        #expect(shown.count == 4)
        #expect(shown.last?.rows.allSatisfy { $0.weather?.temperature.hasSuffix("°F") == true } == true)
    }

    /// The weather's own requests (not what goes beside it: warnings, rain to the minute, air).
    static let weatherPaths: Set<String> = ["/v1/forecast", FakeMETNorway.path, "/data/2.5/weather", "/data/2.5/forecast"]

    static func weatherRequests(_ server: LoopbackServer) -> [LoopbackServer.Request] {
        server.requests.filter { weatherPaths.contains($0.path) }
    }

    /// The app following `count` places, `provider` answering, every provider (OpenWeather with a key) on `server`.
    @MainActor static func app(following count: Int, answeredBy provider: ProviderID, on server: LoopbackServer) -> WeatherApp {
        let factory = RoundTripTests.factory(["OPENMETEO_BASE_URL": server.baseURL, "METNO_BASE_URL": server.baseURL], openWeather: server)
        var preferences = Preferences()
        preferences.recentCities = places(count)
        return WeatherApp(
            preferences: preferences, store: nil, offline: false, providers: factory.catalog, provider: provider,
            defaultProvider: provider, hasAPIKey: true, makeService: factory.service(for:))
    }

    /// MET Norway and OpenWeather through the app and the composed service, as above for Open-Meteo: `:places`, then
    /// another unit system and another language, then the list again, ask nothing. Their conditions are this project's
    /// words (`metno.*`, `owm.*`, worded when shown): OpenWeather is asked with no `lang` and cached under no language.
    @MainActor @Test(arguments: [ProviderID.metNorway, .openWeather])
    func redrawingThePlacesOfTheOtherProvidersAsksNothing(_ provider: ProviderID) async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let app = Self.app(following: 5, answeredBy: provider, on: server)
        var shown: [PlacesDisplay] = []
        app.onEvent = { if case .places(let d) = $0 { shown.append(d) } }
        await app.run(.places)
        #expect(shown.last?.rows.allSatisfy { $0.weather != nil } == true)
        if provider == .metNorway {
            #expect(server.requests(to: FakeMETNorway.path).count == 5)
        } else {
            #expect(server.requests(to: "/data/2.5/weather").count == 5 && server.requests(to: "/data/2.5/forecast").count == 5)
            #expect(Self.weatherRequests(server).allSatisfy { $0.value("lang") == nil })
        }
        let english = shown.last?.rows.map { $0.weather?.condition }
        server.resetLog()
        await app.run(.units(.imperial))
        await app.run(.language(.french))
        await app.run(.places)
        #expect(Self.weatherRequests(server).isEmpty, "\(server.requests.map(\.target))")
        #expect(shown.count == 4)
        #expect(shown.last?.rows.allSatisfy { $0.weather?.temperature.hasSuffix("°F") == true } == true)
        // Worded again in French from the cached answers.
        #expect(shown.last?.rows.map { $0.weather?.condition } != english, "\(String(describing: english))")
    }

    /// `:lang` at the prompt over the current view and over `:hourly`: the view is asked for again and the cache answers
    /// (no provider's answer holds words), so no weather request is made, whichever provider answers.
    @MainActor @Test(arguments: [ProviderID.openMeteo, .metNorway, .openWeather])
    func langAtThePromptOverTheCurrentViewAndTheHoursAsksNothing(_ provider: ProviderID) async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let app = Self.app(following: 2, answeredBy: provider, on: server)
        var (currents, hours) = (0, 0)
        app.onEvent = {
            switch $0 {
            case .current: currents += 1
            case .hourly: hours += 1
            default: break
            }
        }
        await app.run(.recent)
        await app.run(.pick(1))
        #expect(currents == 1)
        #expect(!Self.weatherRequests(server).isEmpty)
        server.resetLog()
        await app.run(.language(.german))
        #expect(currents == 2)
        #expect(Self.weatherRequests(server).isEmpty, "\(server.requests.map(\.target))")
        await app.run(.hourly(nil))
        #expect(hours == 1)
        server.resetLog()
        await app.run(.language(.italian))
        #expect(hours == 2)
        #expect(Self.weatherRequests(server).isEmpty, "\(server.requests.map(\.target))")
    }
}
