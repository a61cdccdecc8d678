import Foundation
import Synchronization
import TestSupport
import Testing
@testable import WeatherCore

/// A clock tests can move.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_699_918_500))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    var function: @Sendable () -> Date { { self.now } }
}

struct WeatherServiceTests {
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
        // waited for one before sending the other would get a 503 here.
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        server.setHandler { [server] request in
            if request.path == "/data/2.5/weather" {
                for _ in 0..<200 where server.requests(to: "/data/2.5/forecast").isEmpty { Thread.sleep(forTimeInterval: 0.01) }
                if server.requests(to: "/data/2.5/forecast").isEmpty { return .json("{}", status: 503) }
            }
            return FakeOpenWeather.route(request)
        }
        let client = OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: "k", baseURL: server.baseURL), transport: SocketTransport(), backoff: [])
        let report = try await OpenWeatherService(client: client, cache: ResponseCache(directory: nil)).report(for: TestData.place)
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
        _ = try await Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock).report(for: TestData.place)
        #expect(server.requests.count == 2)
        clock.advance(9 * 60)
        let relaunched = Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock)
        let report = try await relaunched.report(for: TestData.place)
        #expect(server.requests.count == 2)
        #expect(report.source == .live(fetchedAt: clock.now.addingTimeInterval(-9 * 60)))
        clock.advance(2 * 60)
        _ = try await Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock).report(for: TestData.place)
        #expect(server.requests.count == 4)
    }

    @Test func cacheFilesAreNamedWithoutTheKeyOrTypedText() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let service = Self.service(server, cache: ResponseCache(directory: folder.url))
        _ = try? await service.places(matching: .name("../../etc/passwd"))
        _ = try await service.report(for: TestData.place)
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
        _ = try await Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock).report(for: TestData.place)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            try Data("{\"key\": garbage".utf8).write(to: folder.path(name))
        }
        let report = try await Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock).report(for: TestData.place)
        #expect(report.forecast.count == 40)
        #expect(server.requests.count == 4)
        _ = try await Self.service(server, cache: ResponseCache(directory: folder.url), clock: clock).report(for: TestData.place)
        #expect(server.requests.count == 4)  // the replaced files serve the relaunch
    }

    @Test func aStaleCopyStandsInWhenTheNetworkFails() async throws {
        let cache = ResponseCache(directory: nil)
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let clock = TestClock()
        let service = Self.service(server, cache: cache, clock: clock, timeout: 1)
        let fetchedAt = clock.now
        _ = try await service.report(for: TestData.place)
        clock.advance(25 * 60)
        server.setHandler { _ in .json("down", status: 503) }
        let report = try await service.report(for: TestData.place)
        #expect(report.source == .stale(fetchedAt: fetchedAt, reason: .serverError(status: 503)))
        let notice = DisplayFormatter(options: DisplayOptions(), now: clock.now).current(report).notice
        #expect(notice?.hasPrefix("From 25 minutes ago") == true)
        server.setHandler(FakeOpenWeather.route)
        #expect(try await service.report(for: TestData.place).source == .live(fetchedAt: clock.now))
    }

    @Test func aMalformedAnswerNeverReplacesAGoodCachedCopy() async throws {
        let cache = ResponseCache(directory: nil)
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let clock = TestClock()
        let service = Self.service(server, cache: cache, clock: clock)
        _ = try await service.report(for: TestData.place)
        clock.advance(11 * 60)
        server.setHandler { _ in .json("{\"cod\":\"200\",\"list\":7}") }
        let report = try await service.report(for: TestData.place)
        guard case .stale = report.source else { Issue.record("expected the stale copy, got \(report.source)"); return }
        #expect(report.forecast.count == 40)
    }

    @Test func concurrentCallersShareOneRequest() async throws {
        let server = try LoopbackServer { request in
            Thread.sleep(forTimeInterval: 0.2)
            return FakeOpenWeather.route(request)
        }
        defer { server.stop() }
        let service = Self.service(server)
        async let a = service.report(for: TestData.place)
        async let b = service.report(for: TestData.place)
        _ = try await (a, b)
        #expect(server.requests.count == 2)
    }
}
