import Foundation
import HTTPKit
import Synchronization
import Testing
import WeatherCoreTesting
@testable import WeatherCore
@testable import WeatherProviders

/// What goes beside the weather adds no round trip to a new city found through the provider's geocoder (issues
/// 25/26/28): the air's connection opens with the weather's and the UV index's while the search is on the wire, in
/// the same call, so the air never takes the connection opened for the UV index (which then opened its own once the
/// coordinates were in: two round trips after the weather, which waits for the UV index). Each provider on a loopback
/// server of its own, counting its connections; the geocoder holds its answer until it has seen what it checks,
/// never a time.
@MainActor
@Suite(.serialized)
struct BesideConnectionsTests {
    let english = DisplayOptions(units: .metric, clock: .twentyFourHour, language: .english)

    /// OpenWeather (key set) and Open-Meteo, each on its loopback server, one transport and an in-memory cache.
    static func factory(openWeather: LoopbackServer, openMeteo: LoopbackServer, transport: SocketTransport) -> ProviderFactory {
        ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: "k", baseURL: openWeather.baseURL, timeout: 30),
            environment: ["OPENMETEO_BASE_URL": openMeteo.baseURL], transport: transport, cache: ResponseCache(directory: nil))
    }

    /// OpenWeather geocodes "London"; Open-Meteo's server (the UV index, the air) has accepted both its connections
    /// before the geocoder answers, and accepts no other once the requests leave.
    @Test func aNameSearchOpensTheAirsConnectionWithTheUVIndexsBeforeTheGeocoderAnswers() async throws {
        let openMeteo = try LoopbackServer(handler: FakeOpenMeteo.route)
        let seenByGeocoder = Mutex<Int?>(nil)
        let openWeather = try LoopbackServer { request in
            if request.path == "/geo/1.0/direct" {
                // Held until Open-Meteo has two connections (or five seconds, when it never will).
                let start = ContinuousClock.now
                while openMeteo.connectionsAccepted < 2, ContinuousClock.now - start < .seconds(5) { usleep(2_000) }
                seenByGeocoder.withLock { $0 = openMeteo.connectionsAccepted }
            }
            return FakeOpenWeather.route(request)
        }
        defer { [openWeather, openMeteo].forEach { $0.stop() } }
        let transport = SocketTransport(userAgent: "weather-or-not-tests")
        let factory = Self.factory(openWeather: openWeather, openMeteo: openMeteo, transport: transport)
        let model = CurrentWeatherViewModel(service: factory.service(.openWeather), options: english)
        model.airSource = factory.airQuality

        #expect(await model.search("London") == .updated)
        #expect(seenByGeocoder.withLock { $0 } == 2, "Open-Meteo's connections when the geocoder answered")
        // The UV index and the air each asked once on Open-Meteo's server, on the two connections opened ahead.
        #expect(await until { openMeteo.requests(to: "/v1/air-quality").count == 1 })
        #expect(openMeteo.requests(to: "/v1/forecast").count == 1)
        #expect(openMeteo.connectionsAccepted == 2)
        // Every connection opened was one the servers accepted (an accept can trail the client's connect a moment).
        #expect(await until { transport.connectionsOpened == openWeather.connectionsAccepted + openMeteo.connectionsAccepted })
    }

    /// A place found in the built-in table: `prepareReport` opens the air's connection in the same call as the UV
    /// index's, before any request.
    @Test func prepareReportOpensTheAirsConnectionWithTheUVIndexs() async throws {
        let openMeteo = try LoopbackServer(handler: FakeOpenMeteo.route)
        let openWeather = try LoopbackServer(handler: FakeOpenWeather.route)
        defer { [openWeather, openMeteo].forEach { $0.stop() } }
        let transport = SocketTransport(userAgent: "weather-or-not-tests")
        let factory = Self.factory(openWeather: openWeather, openMeteo: openMeteo, transport: transport)
        let service = factory.service(.openWeather)
        let air = try #require(AirBeside.urls(factory.airQuality).first)
        PreparedConnections.$alongside.withValue([air]) { service.prepareReport(naming: false) }
        #expect(await until { openWeather.connectionsAccepted == 2 && openMeteo.connectionsAccepted == 2 })
        #expect(openWeather.requests.isEmpty && openMeteo.requests.isEmpty)
    }

    /// `WEATHER_OR_NOT_AIR=off` (the settings' environment layer): the air's server, a loopback server of its own
    /// reached through a transport of its own, sees no connection and no request through a search and `:air`. With
    /// the air on, the same steps ask it.
    @Test(arguments: [false, true])
    func theAirTurnedOffOpensNoConnectionAndAsksNothing(airOn: Bool) async throws {
        let weather = try LoopbackServer(handler: FakeProviders.route)
        let answer = try FakeAirQuality.answer()
        let airServer = try LoopbackServer { _ in .json(answer) }
        defer { [weather, airServer].forEach { $0.stop() } }
        let factory = ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: nil, baseURL: weather.baseURL, timeout: 30),
            environment: ["OPENMETEO_BASE_URL": weather.baseURL, "METNO_BASE_URL": weather.baseURL],
            transport: SocketTransport(userAgent: "weather-or-not-tests"), cache: ResponseCache(directory: nil))
        let airTransport = SocketTransport(userAgent: "weather-or-not-tests")
        let airFactory = ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: nil, baseURL: airServer.baseURL, timeout: 30),
            environment: ["OPENMETEO_BASE_URL": airServer.baseURL], transport: airTransport, cache: ResponseCache(directory: nil))
        let app = WeatherApp(
            preferences: Preferences(), store: nil, offline: false, providers: factory.catalog, provider: .openMeteo,
            defaultProvider: .openMeteo, hasAPIKey: false, environmentAir: airOn ? nil : false, makeService: factory.service(for:))
        app.airSource = airFactory.airQuality

        #expect(await app.handle("London"))
        #expect(await app.handle(":air"))
        #expect(weather.requests(to: "/v1/forecast").count == 1, "the weather was asked")
        if airOn {
            #expect(await until { !airServer.requests.isEmpty && airTransport.connectionsOpened > 0 })
        } else {
            #expect(airTransport.connectionsOpened == 0)
            #expect(airServer.connectionsAccepted == 0 && airServer.requests.isEmpty)
        }
    }

    /// A place with rain to the minute (issue 28: near London, Open-Meteo's 15 minutes, on the server of the UV index
    /// the weather waits for): the minutes, asked first as `Beside` asks them (a background request), never take the
    /// connection opened for the UV index, which would then open its own: two round trips more for the view, as a
    /// new city through the geocoder measured (6.3 RTT instead of 4.2). The minutes' answer is held until the report
    /// is in.
    @Test func theMinutesNeverTakeTheConnectionOpenedForTheUVIndex() async throws {
        let released = Mutex(false)
        let openMeteo = try LoopbackServer(keepAlive: true) { request in
            guard request.asksForNowcast else { return FakeOpenMeteo.route(request) }
            let start = ContinuousClock.now
            while !released.withLock({ $0 }), ContinuousClock.now - start < .seconds(10) { usleep(2_000) }
            return .json(FakeNowcast.dry(path: request.path) ?? Data())
        }
        let openWeather = try LoopbackServer(keepAlive: true, handler: FakeOpenWeather.route)
        defer { [openWeather, openMeteo].forEach { $0.stop() } }
        let transport = SocketTransport(userAgent: "weather-or-not-tests")
        let factory = Self.factory(openWeather: openWeather, openMeteo: openMeteo, transport: transport)
        let service = factory.service(.openWeather)
        let london = Place(name: "London", latitude: 51.5074, longitude: -0.1278)
        service.prepareReport(naming: false)
        #expect(await until { openWeather.connectionsAccepted == 2 && openMeteo.connectionsAccepted == 1 })
        let nowcast = factory.nowcast
        let minutes = Task { try await RequestPriority.$current.withValue(.background) { try await nowcast.nowcast(for: london) } }
        #expect(await until { openMeteo.requests.contains { $0.asksForNowcast } })
        _ = try await service.report(for: london)
        released.withLock { $0 = true }
        _ = try await minutes.value
        #expect(openMeteo.requests.filter { !$0.asksForNowcast }.map(\.connection) == [1], "the UV index, on the connection opened for it")
        #expect(openMeteo.requests.filter(\.asksForNowcast).map(\.connection) == [2], "the minutes, on one of their own")
    }

    /// A place known before any request (the built-in table's) with rain to the minute (issue 28: near Oslo, MET
    /// Norway's nowcast, on the forecast's server): the minutes' connection opens with the forecast's, before either
    /// request, so both leave at once on connections of their own (the minutes can then be in with the weather) and
    /// nothing is opened after them.
    @Test func aKnownPlacesMinutesGetTheirConnectionWithTheForecasts() async throws {
        let met = try LoopbackServer(keepAlive: true) { request in
            request.asksForNowcast ? .json(FakeNowcast.dry(path: request.path) ?? Data()) : FakeMETNorway.route(request)
        }
        let openMeteo = try LoopbackServer(keepAlive: true, handler: FakeOpenMeteo.route)
        defer { [met, openMeteo].forEach { $0.stop() } }
        let transport = SocketTransport(userAgent: "weather-or-not-tests")
        let factory = ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: nil, baseURL: openMeteo.baseURL, timeout: 30),
            environment: ["METNO_BASE_URL": met.baseURL, "OPENMETEO_BASE_URL": openMeteo.baseURL], transport: transport,
            cache: ResponseCache(directory: nil))
        let service = factory.service(.metNorway)
        let oslo = Place(name: "Oslo", country: "NO", latitude: 59.9133, longitude: 10.7389, timeZone: "Europe/Oslo")
        let nowcast = factory.nowcast
        let beside = NowcastBeside.urls(nowcast, at: oslo)
        #expect(beside.map(\.path) == ["/weatherapi/nowcast/2.0/complete"])
        PreparedConnections.$alongside.withValue(beside) { service.prepareReport(naming: false) }
        #expect(await until { met.connectionsAccepted == 2 })
        #expect(met.requests.isEmpty)
        let minutes = Task { try await RequestPriority.$current.withValue(.background) { try await nowcast.nowcast(for: oslo) } }
        _ = try await service.report(for: oslo)
        #expect(try await minutes.value != nil)
        #expect(met.requests.map(\.connection).sorted() == [1, 2], "the forecast and the minutes, each on a connection opened ahead")
        #expect(met.connectionsAccepted == 2)
        // Outside every region with minutes, nothing is opened for them.
        #expect(NowcastBeside.urls(nowcast, at: Place(name: "Kolkata", latitude: 22.5726, longitude: 88.3639)).isEmpty)
    }
}
