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
        let factory = ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: "k", baseURL: openWeather.baseURL, timeout: 30),
            environment: ["OPENMETEO_BASE_URL": openMeteo.baseURL], transport: transport,
            cache: ResponseCache(directory: nil))
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
        let factory = ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: "k", baseURL: openWeather.baseURL, timeout: 30),
            environment: ["OPENMETEO_BASE_URL": openMeteo.baseURL], transport: transport, cache: ResponseCache(directory: nil))
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
}
