import Foundation
import HTTPKit
import Testing
import WeatherCoreTesting
@testable import WeatherCore
@testable import WeatherProviders

/// A place found in the built-in table (issue 25) is shown from its coordinates while the geocoder is asked beside it
/// for its names: one call opens every connection that view waits for, at once and sending nothing, and each request
/// then takes one of them over instead of opening its own once its task runs (which left the last ones tens of
/// milliseconds behind on a busy machine: docs/PERFORMANCE.md). Each provider on a loopback server of its own, so that
/// each counts its own connections; never a time.
@Suite(.serialized)
struct PrepareReportTests {
    struct Servers {
        let openWeather: LoopbackServer
        let openMeteo: LoopbackServer
        let metNorway: LoopbackServer

        init() throws {
            openWeather = try LoopbackServer(handler: FakeOpenWeather.route)
            openMeteo = try LoopbackServer(handler: FakeOpenMeteo.route)
            metNorway = try LoopbackServer(handler: FakeMETNorway.route)
        }

        func stop() { [openWeather, openMeteo, metNorway].forEach { $0.stop() } }

        var accepted: [Int] { [openWeather, openMeteo, metNorway].map(\.connectionsAccepted) }
        var requests: Int { [openWeather, openMeteo, metNorway].map(\.requests.count).reduce(0, +) }

        func factory(_ transport: SocketTransport, key: Bool = true) -> ProviderFactory {
            ProviderFactory(
                openWeather: WeatherConfiguration(apiKey: key ? "k" : nil, baseURL: openWeather.baseURL, timeout: 30),
                environment: ["OPENMETEO_BASE_URL": openMeteo.baseURL, "METNO_BASE_URL": metNorway.baseURL], transport: transport,
                cache: ResponseCache(directory: nil))
        }
    }

    static let london = Place(name: "London", country: "GB", latitude: 51.5074, longitude: -0.1278, timeZone: "Europe/London")

    /// Opens what `naming` asks for, then shows London and asks its names as the app does, both at once: every
    /// connection was opened by the one call (the servers accept no other), and none sent anything before the requests.
    static func prepared(_ provider: ProviderID, key: Bool = true, naming: Bool, expect accepted: [Int]) async throws {
        let servers = try Servers()
        defer { servers.stop() }
        let transport = SocketTransport(userAgent: "weather-or-not-tests")
        let service = servers.factory(transport, key: key).service(provider)
        service.prepareReport(naming: naming)
        #expect(await until { servers.accepted == accepted }, "\(servers.accepted)")
        // The servers accept before the opening threads hand their connections to the pool (a request meanwhile takes
        // over one still opening: PreconnectTests); here every one is in the pool before the requests.
        #expect(await until { transport.connectionsOpened == accepted.reduce(0, +) })
        #expect(servers.requests == 0)
        async let names = naming ? await PreparedConnections.$forSearch.withValue(true) { try? await service.places(matching: .name("London")) } : nil
        _ = try await service.report(for: london)
        _ = await names
        #expect(servers.accepted == accepted)
        #expect(transport.connectionsOpened == accepted.reduce(0, +))
    }

    /// OpenWeather: current weather and forecast, Open-Meteo's UV index, and the geocoder (a third connection there).
    @Test func openWeatherOpensTheWeathersTheUVIndexsAndTheGeocodersConnectionsAtOnce() async throws {
        try await Self.prepared(.openWeather, naming: true, expect: [3, 1, 0])
        try await Self.prepared(.openWeather, naming: false, expect: [2, 1, 0])
    }

    @Test func openMeteoOpensTheForecastsAndTheSearchsConnectionsAtOnce() async throws {
        try await Self.prepared(.openMeteo, naming: true, expect: [0, 2, 0])
        try await Self.prepared(.openMeteo, naming: false, expect: [0, 1, 0])
    }

    /// MET Norway names places through OpenWeather's geocoder with a key, Open-Meteo's without.
    @Test func metNorwayOpensItsForecastsAndItsGeocodersConnectionsAtOnce() async throws {
        try await Self.prepared(.metNorway, naming: true, expect: [1, 0, 1])
        try await Self.prepared(.metNorway, key: false, naming: true, expect: [0, 1, 1])
    }
}
