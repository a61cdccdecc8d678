import Foundation
import HTTPKit
import Synchronization
import Testing
import WeatherCoreTesting
@testable import WeatherCore
@testable import WeatherProviders

/// A request beside the weather (the air, the minutes, OpenWeather's UV index from Open-Meteo) that fails never counts
/// against the weather's host: not within the answer (the weather, or a later request of the same answer on that
/// host, is still sent) and not in the record of failed hosts the next answers skip (`RecentFailures`). Each test
/// holds the weather's request until the request beside it has failed, so the weather leaves after the failure, as a
/// later request of the same answer would: the order is the mechanism's, never a time.
@MainActor
@Suite(.serialized)
struct BesideFailureTests {
    let english = DisplayOptions(units: .metric, clock: .twentyFourHour, language: .english)

    /// How the request beside the weather fails.
    enum Failure: String, CaseIterable, Sendable {
        case serverError, reset, timeout

        var reply: LoopbackServer.Reply {
            switch self {
            case .serverError: .json(#"{"error":true,"reason":"down"}"#, status: 503)
            case .reset: .reset
            case .timeout: .neverRespond
            }
        }
    }

    /// What is asked beside Open-Meteo's weather on its own host (as behind `OPENMETEO_BASE_URL`; Open-Meteo's
    /// 15-minute rain is on the weather's host, `/v1/forecast`, in real use too).
    enum Asked: String, CaseIterable, Sendable {
        case air, minutes

        func isAsked(by request: LoopbackServer.Request) -> Bool {
            self == .air ? request.asksForAirQuality : request.asksForNowcast
        }
    }

    /// The air or the minutes failing on the weather's host: the weather, asked after that failure within the same
    /// answer, is Open-Meteo's, with no failover.
    @Test(arguments: Asked.allCases, Failure.allCases)
    func aRequestBesideFailingOnTheWeathersHostLeavesTheWeatherToItsProvider(_ asked: Asked, _ failure: Failure) async throws {
        let server = try LoopbackServer { request in asked.isAsked(by: request) ? failure.reply : FakeProviders.route(request) }
        defer { server.stop() }
        let beside = Finished()
        let model = CurrentWeatherViewModel(service: AfterBeside(Self.weather(server), beside), options: english)
        let (client, cache) = (Self.besideClient(server), ResponseCache(directory: nil))
        switch asked {
        case .air: model.airSource = ReportingAir(source: OpenMeteoAirQualitySource(client: client, cache: cache), finished: beside)
        case .minutes: model.nowcastSource = ReportingNowcast(source: OpenMeteoMinutelySource(client: client, cache: cache), finished: beside)
        }

        #expect(await model.search("London") == .updated)
        #expect(beside.failed, "the request beside failed before the weather left")
        #expect(model.report?.provider == .openMeteo)
        #expect(model.report?.failover == nil)
        #expect(server.weatherRequests.contains { $0.path == "/v1/forecast" }, "the weather was asked of its host")
    }

    /// OpenWeather's UV index, asked of Open-Meteo within OpenWeather's try, times out there: OpenWeather's weather is
    /// shown (without a UV index), and Open-Meteo's host is not recorded as failed, so the next answer, with
    /// Open-Meteo chosen, is Open-Meteo's and not a failover to MET Norway.
    @Test func theUVIndexTimingOutLeavesOpenMeteoUnmarkedForTheNextAnswer() async throws {
        let openWeather = try LoopbackServer(handler: FakeOpenWeather.route)
        let openMeteo = try LoopbackServer { request in
            request.path == "/v1/forecast" && request.value("current") == "uv_index" ? .neverRespond : FakeOpenMeteo.route(request)
        }
        let metNorway = try LoopbackServer(handler: FakeMETNorway.route)
        defer { [openWeather, openMeteo, metNorway].forEach { $0.stop() } }
        let transport = SocketTransport(userAgent: "weather-or-not-tests")
        let cache = ResponseCache(directory: nil)
        let failures = RecentFailures(file: nil)
        let configuration = WeatherConfiguration(apiKey: "k", baseURL: openWeather.baseURL, timeout: 8)
        let factory = ProviderFactory(
            openWeather: configuration, environment: ["OPENMETEO_BASE_URL": openMeteo.baseURL, "METNO_BASE_URL": metNorway.baseURL],
            transport: transport, cache: cache, failures: failures)
        let openMeteoClient = OpenMeteoClient(configuration: OpenMeteoConfiguration(baseURL: openMeteo.baseURL, timeout: 8), transport: transport)
        // The UV index waited for as long as OpenWeather's try lasts: it times out at the try's deadline (half of the
        // answer's 8 seconds, two providers being behind it).
        let withUV = OpenWeatherService(
            client: OpenWeatherClient(configuration: configuration, transport: transport), cache: cache,
            uvSource: OpenMeteoUVSource(client: openMeteoClient, cache: cache), uvGrace: 30)
        let first = FailoverProvider(
            [(.openWeather, withUV), (.openMeteo, factory.service(.openMeteo)), (.metNorway, factory.service(.metNorway))], budget: 8,
            failures: failures)

        let report = try await first.report(for: TestData.place)
        #expect(report.provider == .openWeather)
        #expect(report.failover == nil)
        #expect(openMeteo.requests.contains { $0.value("current") == "uv_index" }, "the UV index was asked")
        #expect(failures.resting(ProviderHTTP.origin(of: try #require(URL(string: openMeteo.baseURL)))) == nil)

        let next = FailoverProvider(
            [(.openMeteo, factory.service(.openMeteo)), (.metNorway, factory.service(.metNorway))], budget: 8, failures: failures)
        let answer = try await next.report(for: TestData.place)
        #expect(answer.provider == .openMeteo)
        #expect(answer.failover == nil)
        #expect(metNorway.requests.isEmpty)
    }

    /// Open-Meteo chosen, every provider on `server`, within 30 seconds.
    static func weather(_ server: LoopbackServer) -> any WeatherProviding {
        let factory = ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: nil, baseURL: server.baseURL, timeout: 30),
            environment: ["OPENMETEO_BASE_URL": server.baseURL, "METNO_BASE_URL": server.baseURL],
            transport: SocketTransport(userAgent: "weather-or-not-tests"), cache: ResponseCache(directory: nil))
        return factory.service(for: ServiceChoice(offline: false, provider: .openMeteo))
    }

    /// Open-Meteo's client for the request beside the weather, on `server`: its time-out (1 second) comes well
    /// before the weather's answer runs out of time, so a beside request that times out does so within the answer.
    static func besideClient(_ server: LoopbackServer) -> OpenMeteoClient {
        OpenMeteoClient(configuration: OpenMeteoConfiguration(baseURL: server.baseURL, timeout: 1), transport: SocketTransport(userAgent: "weather-or-not-tests"))
    }
}

/// Whether a request beside the weather has ended, and how.
private final class Finished: Sendable {
    private let state = Mutex<Bool?>(nil)

    func end(failed: Bool) { state.withLock { $0 = failed } }
    var isOver: Bool { state.withLock { $0 != nil } }
    var failed: Bool { state.withLock { $0 == true } }
}

/// The weather, held until the request beside it has ended.
private struct AfterBeside: WeatherProviding {
    let service: any WeatherProviding
    let beside: Finished

    init(_ service: any WeatherProviding, _ beside: Finished) {
        self.service = service
        self.beside = beside
    }

    func places(matching query: LocationQuery) async throws -> [Place] { try await service.places(matching: query) }
    func cachedReport(for place: Place) async -> WeatherReport? { await service.cachedReport(for: place) }
    func reports(for places: [Place]) async throws -> [WeatherReport?] { try await service.reports(for: places) }

    func report(for place: Place) async throws -> WeatherReport {
        _ = await until { beside.isOver }
        return try await service.report(for: place)
    }
}

/// An air source that says when its request has ended.
private struct ReportingAir: AirQualityProviding {
    let source: any AirQualityProviding
    let finished: Finished

    func airQuality(for place: Place) async throws -> AirQuality {
        do {
            let air = try await source.airQuality(for: place)
            finished.end(failed: false)
            return air
        } catch {
            finished.end(failed: true)
            throw error
        }
    }

    func cachedAirQuality(for place: Place) async -> AirQuality? { await source.cachedAirQuality(for: place) }
    var url: URL? { source.url }
}

/// A nowcast source that says when its request has ended.
private struct ReportingNowcast: NowcastProviding {
    let source: any NowcastProviding
    let finished: Finished

    func nowcast(for place: Place) async throws -> Nowcast? {
        do {
            let nowcast = try await source.nowcast(for: place)
            finished.end(failed: nowcast == nil)
            return nowcast
        } catch {
            finished.end(failed: true)
            throw error
        }
    }

    func cachedNowcast(for place: Place) async -> Nowcast? { await source.cachedNowcast(for: place) }
}
