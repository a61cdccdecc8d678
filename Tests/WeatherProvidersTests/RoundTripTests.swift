import Foundation
import HTTPKit
import Synchronization
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Round trips, counted on real servers on 127.0.0.1: a search opens the report's connections while it is on the
/// wire, so the report's requests go out the moment the coordinates arrive; later searches reuse them. Each
/// geocoding server holds its answer until the report's connection has arrived (at most 10 s), and records
/// whether it did: that is the mechanism, never a time.
struct RoundTripTests {
    /// Holds a geocoding answer until `arrived` holds (at most 10 s); says whether it did.
    final class Hold: Sendable {
        private let seen = Mutex<[Bool]>([])
        var answers: [Bool] { seen.withLock { $0 } }

        func until(_ arrived: () -> Bool) {
            let deadline = ContinuousClock.now + .seconds(10)
            while !arrived(), ContinuousClock.now < deadline { usleep(1_000) }
            let held = arrived()
            seen.withLock { $0.append(held) }
        }
    }

    /// Open-Meteo, unless `environment` says where, is a loopback port nothing listens on (OpenWeather's UV index
    /// request then fails at once, and no test reaches the real server).
    static func factory(_ environment: [String: String], openWeather server: LoopbackServer? = nil) -> ProviderFactory {
        ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: server == nil ? nil : "k", baseURL: server?.baseURL ?? "http://127.0.0.1:9", timeout: 30),
            environment: ["OPENMETEO_BASE_URL": "http://127.0.0.1:9"].merging(environment) { $1 }, transport: SocketTransport(),
            cache: ResponseCache(directory: nil))
    }

    @Test func openWeatherOpensTheSecondConnectionWhileGeocodingAndReusesBoth() async throws {
        let server = try LoopbackServer(keepAlive: true) { _ in .json("[]") }
        defer { server.stop() }
        let hold = Hold()
        server.setHandler { request in
            if request.path == "/geo/1.0/direct" { hold.until { server.connectionsAccepted >= 2 } }
            return FakeOpenWeather.route(request)
        }
        let service = Self.factory([:], openWeather: server).service(.openWeather)
        let london = try await service.places(matching: .name("London"))
        _ = try await service.report(for: london[0])
        #expect(hold.answers == [true])
        #expect(server.connectionsAccepted == 2)
        #expect(server.requests.map(\.path) == ["/geo/1.0/direct", "/data/2.5/weather", "/data/2.5/forecast"]
            || server.requests.map(\.path) == ["/geo/1.0/direct", "/data/2.5/forecast", "/data/2.5/weather"])

        // At the prompt, the next city: both kept connections carry it; nothing new is opened.
        let zurich = try await service.places(matching: .name("Zurich"))
        _ = try await service.report(for: zurich[0])
        #expect(server.requests.count == 6)
        #expect(server.connectionsAccepted == 2)

        // A search the cache answers opens nothing.
        _ = try await service.places(matching: .name("London"))
        #expect(server.connectionsAccepted == 2)
        #expect(server.requests.count == 6)
    }

    @Test func openMeteoOpensTheForecastServersConnectionWhileGeocoding() async throws {
        let (geocoding, forecast) = (try LoopbackServer(keepAlive: true) { _ in .json("[]") }, try FakeOpenMeteo.start())
        defer { geocoding.stop(); forecast.stop() }
        let hold = Hold()
        geocoding.setHandler { request in
            hold.until { forecast.connectionsAccepted >= 1 }
            return FakeOpenMeteo.route(request)
        }
        var configuration = OpenMeteoConfiguration(timeout: 30)
        configuration.geocodingURL = geocoding.baseURL
        configuration.forecastURL = forecast.baseURL
        let service = OpenMeteoService(client: OpenMeteoClient(configuration: configuration, transport: SocketTransport()), cache: ResponseCache(directory: nil))
        let london = try await service.places(matching: .name("London"))
        _ = try await service.report(for: london[0])
        #expect(hold.answers == [true])
        #expect(forecast.connectionsAccepted == 1)
        #expect(forecast.requests.count == 1)
    }

    @Test(arguments: [false, true])
    func metNorwayOpensItsConnectionWhileAnotherProviderGeocodes(withKey: Bool) async throws {
        // Without a key Open-Meteo geocodes; with one OpenWeather does, and its places carry no time zone, so
        // Open-Meteo's search is asked for it beside the forecast: its connection opens meanwhile too.
        let geocoding = try LoopbackServer(keepAlive: true) { _ in .json("[]") }
        let (met, zones) = (try LoopbackServer(keepAlive: true, handler: FakeMETNorway.route), try LoopbackServer(keepAlive: true, handler: FakeOpenMeteo.route))
        defer { geocoding.stop(); met.stop(); zones.stop() }
        let hold = Hold()
        geocoding.setHandler { request in
            hold.until { met.connectionsAccepted >= 1 && (!withKey || zones.connectionsAccepted >= 1) }
            return withKey ? FakeOpenWeather.route(request) : FakeOpenMeteo.route(request)
        }
        let factory = Self.factory(
            ["OPENMETEO_BASE_URL": withKey ? zones.baseURL : geocoding.baseURL, "METNO_BASE_URL": met.baseURL],
            openWeather: withKey ? geocoding : nil)
        let service = factory.service(.metNorway)
        let london = try await service.places(matching: .name("London"))
        _ = try await service.report(for: london[0])
        #expect(hold.answers == [true])
        #expect(met.connectionsAccepted == 1)
        #expect(met.requests.count == 1)
        #expect(zones.connectionsAccepted == (withKey ? 1 : 0))
    }

    @Test func aKnownPlaceSendsBothRequestsAtOnceOnTwoConnections() async throws {
        // Each answer waits until both requests have arrived: sent one after the other, they would share a connection.
        let server = try LoopbackServer(keepAlive: true) { _ in .json("[]") }
        defer { server.stop() }
        let hold = Hold()
        server.setHandler { request in
            hold.until { server.requests.count >= 2 }
            return FakeOpenWeather.route(request)
        }
        let service = Self.factory([:], openWeather: server).service(.openWeather)
        _ = try await service.report(for: Place(name: "Testford", country: "GB", latitude: 51.5, longitude: -0.12))
        #expect(hold.answers == [true, true])
        #expect(server.connectionsAccepted == 2)
        #expect(server.requests.map(\.path).sorted() == ["/data/2.5/forecast", "/data/2.5/weather"])
        #expect(server.requests.allSatisfy { $0.headers["accept-encoding"]?.contains("gzip") == true })
    }
}

extension RoundTripTests {
    /// MET Norway with a key, every provider at one address (a mirror, or the benchmark's proxy): the search opens
    /// both connections the report needs there, the forecast's and the time-zone lookup's. Before, the second
    /// call to open one counted the first's as its own, and the lookup opened its connection after the search.
    @Test func providersSharingAnAddressHaveEveryConnectionOpenedWhileGeocoding() async throws {
        let server = try LoopbackServer(keepAlive: true) { _ in .json("[]") }
        defer { server.stop() }
        let hold = Hold()
        server.setHandler { request in
            if request.path == "/geo/1.0/direct" { hold.until { server.connectionsAccepted >= 2 } }
            return FakeProviders.route(request)
        }
        let factory = Self.factory(["OPENMETEO_BASE_URL": server.baseURL, "METNO_BASE_URL": server.baseURL], openWeather: server)
        let service = factory.service(.metNorway)
        let london = try await service.places(matching: .name("London"))
        _ = try await service.report(for: london[0])
        #expect(hold.answers == [true])
        #expect(server.connectionsAccepted == 2)
        #expect(server.requests.map(\.path).sorted() == ["/geo/1.0/direct", "/v1/search", FakeMETNorway.path].sorted())
    }
}
