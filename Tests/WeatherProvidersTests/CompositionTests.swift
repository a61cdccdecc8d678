import Foundation
import HTTPKit
import Synchronization
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// The live providers a factory built, in order.
final class BuildLog: Sendable {
    private let log = Mutex<[ProviderID]>([])
    var built: [ProviderID] { log.withLock { $0 } }

    func watching(_ factory: ProviderFactory) -> ProviderFactory {
        var factory = factory
        factory.onBuild = { id in self.log.withLock { $0.append(id) } }
        return factory
    }
}

/// What the composition hands the core (`ProviderCatalog.standard`), and that it builds providers only when needed.
@MainActor
struct CompositionTests {
    /// A factory whose three providers all live on `server` (OpenWeather with a key).
    static func factory(_ server: LoopbackServer, environment: [String: String] = [:]) -> ProviderFactory {
        let environment = ["OPENMETEO_BASE_URL": server.baseURL, "METNO_BASE_URL": server.baseURL].merging(environment) { $1 }
        return ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: "k", baseURL: server.baseURL, timeout: 30), environment: environment,
            transport: SocketTransport(), cache: ResponseCache(directory: nil))
    }

    @Test func theCatalogListsTheThreeAndNamesEachAsBefore() {
        let catalog = ProviderCatalog.standard
        #expect(catalog.all.map(\.rawValue) == ["openweather", "open-meteo", "met-norway"])
        #expect(catalog.all.map(\.displayName) == ["OpenWeather", "Open-Meteo", "MET Norway"])
        #expect(catalog.all.map(\.needsKey) == [true, false, false])
        #expect(catalog.keyless == [.openMeteo, .metNorway])
        #expect(catalog.defaultProvider(hasKey: true) == .openWeather)
        #expect(catalog.defaultProvider(hasKey: false) == .openMeteo)
        for (name, provider) in [
            ("owm", ProviderID.openWeather), ("OpenWeatherMap", .openWeather), ("Open-Meteo", .openMeteo), ("openmeteo", .openMeteo),
            ("MET Norway", .metNorway), ("metno", .metNorway), ("met", .metNorway), ("yr", .metNorway),
        ] {
            #expect(catalog.named(name) == provider, "\(name)")
        }
        #expect(catalog.named("wttr") == nil)
        // An id read back from a file is matched with its provider, whose name it then has; an unknown one is dropped.
        #expect(catalog.known(ProviderID(rawValue: "met-norway"))?.displayName == "MET Norway")
        #expect(catalog.known(ProviderID(rawValue: "wttr")) == nil)
    }

    @Test func aSavedProviderIsMatchedWithTheCatalogAndAnUnknownOneIgnored() throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        func app(saved: String) -> WeatherApp {
            var preferences = Preferences()
            preferences.provider = ProviderID(rawValue: saved)
            return WeatherApp(
                preferences: preferences, store: nil, offline: false, providers: .standard, hasAPIKey: false,
                makeService: Self.factory(server).service(for:))
        }
        let saved = app(saved: "met-norway")
        #expect(saved.provider == .metNorway && saved.provider.displayName == "MET Norway")
        #expect(saved.serviceChoice.provider == .metNorway)
        let unknown = app(saved: "wttr")
        #expect(unknown.provider == .openMeteo)
        #expect(unknown.preferences.provider == nil)
    }

    @Test func offlineModeListsTheSamplesTheCompositionHandsIn() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let app = WeatherApp(
            preferences: Preferences(), store: nil, offline: false, providers: .standard, makeService: Self.factory(server).service(for:))
        var listed: [String] = []
        app.onEvent = { if case .offlineChanged(true, let places) = $0 { listed = places } }
        _ = await app.handle(":offline on")
        #expect(listed == SampleDataTransport().placeNames)
        #expect(listed.contains("London") && listed.count == 8)
        #expect(app.completionCities == listed)
    }

    @Test func aServiceIsBuiltWithoutBuildingAnyProvider() throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let log = BuildLog()
        let service = log.watching(Self.factory(server)).service(for: ServiceChoice(offline: false, provider: .openWeather))
        let chain = try #require(service as? FailoverProvider)
        #expect(chain.chain.map(\.id) == [.openWeather, .openMeteo, .metNorway])
        #expect(log.built.isEmpty)
        #expect(server.requests.isEmpty)
    }

    @Test func withoutFailoverTheChainIsTheChosenProviderAlone() throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let service = Self.factory(server).service(for: ServiceChoice(offline: false, provider: .metNorway, failover: false))
        let chain = try #require(service as? FailoverProvider)
        #expect(chain.chain.map(\.id) == [.metNorway])
    }

    @Test func anOfflineServiceIsNoLiveProvider() throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let log = BuildLog()
        let service = log.watching(Self.factory(server)).service(for: ServiceChoice(offline: true, provider: .openWeather))
        #expect(log.built.isEmpty)
        #expect(service is OpenWeatherService)
        #expect(!(service is FailoverProvider))
    }

    @Test func anOfflineSearchAnswersFromTheSamplesAndAsksNoServer() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let service = Self.factory(server).service(for: ServiceChoice(offline: true, provider: .openWeather))
        let london = try #require(try await service.places(matching: LocationQuery.parse("London")).first)
        #expect(try await service.report(for: london).source == .sample)
        #expect(server.requests.isEmpty)
    }

    @Test func theLaterProvidersAreBuiltOnlyWhenFailoverReachesThem() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let log = BuildLog()
        let answered = log.watching(Self.factory(server)).service(for: ServiceChoice(offline: false, provider: .openWeather))
        let london = try #require(try await answered.places(matching: LocationQuery.parse("London")).first)
        _ = try await answered.report(for: london)
        #expect(log.built == [.openWeather])

        // OpenWeather's host refuses every request: Open-Meteo answers, and MET Norway is still not built.
        let failing = try LoopbackServer { _ in .json("{}", status: 503) }
        defer { failing.stop() }
        let failoverLog = BuildLog()
        let factory = failoverLog.watching(ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: "k", baseURL: failing.baseURL, timeout: 30),
            environment: ["OPENMETEO_BASE_URL": server.baseURL, "METNO_BASE_URL": server.baseURL],
            transport: SocketTransport(), cache: ResponseCache(directory: nil)))
        let failedOver = factory.service(for: ServiceChoice(offline: false, provider: .openWeather))
        _ = try await failedOver.places(matching: LocationQuery.parse("London"))
        #expect(failoverLog.built == [.openWeather, .openMeteo])
    }
}
