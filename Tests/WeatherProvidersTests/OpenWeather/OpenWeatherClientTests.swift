import Synchronization
import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// The real client over real HTTP to a server on 127.0.0.1.
struct OpenWeatherClientTests {
    static let key = "test-key-5f3c9a"

    /// A generous timeout unless a test is about time-outs: a loaded machine must not turn a retry or a refused
    /// connection into a time-out.
    func client(_ server: LoopbackServer, timeout: Double = 30, backoff: [Double] = [0.05, 0.1]) -> OpenWeatherClient {
        OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: Self.key, baseURL: server.baseURL, timeout: timeout),
            transport: SocketTransport(), backoff: backoff)
    }

    @Test func searchesAndCurrentWeatherTakeSmallAnswersAndForecastsLargerOnes() async throws {
        // 300 KiB of padding: over the 256 KiB a search or current weather takes, under a forecast's 1 MiB.
        let padded = Data(("[" + String(repeating: " ", count: 300 * 1024) + "]").utf8)
        let server = try LoopbackServer { _ in .json(padded) }
        defer { server.stop() }
        let client = client(server)
        let tooLarge = WeatherError.badResponse(Phrase("detail.tooLarge"))
        for request in [APIRequest.direct(query: "London"), .reverse(latitude: 1, longitude: 2), .current(latitude: 1, longitude: 2)] {
            await #expect(throws: tooLarge) { try await client.fetch(request) }
        }
        #expect(try await client.fetch(.forecast(latitude: 1, longitude: 2)) == padded)
    }

    func expectError(
        _ expected: WeatherError, timeout: Double = 30, request: APIRequest = .current(latitude: 51.5, longitude: -0.12),
        reply: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply
    ) async throws {
        let server = try LoopbackServer(handler: reply)
        defer { server.stop() }
        do {
            _ = try await client(server, timeout: timeout).fetch(request)
            Issue.record("expected \(expected)")
        } catch let error as WeatherError {
            #expect(error == expected)
            #expect(!"\(error)".contains(Self.key))
            #expect(!"\(error)".contains(server.baseURL + "/"))
        }
    }

    @Test func successReturnsTheBody() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let body = try await client(server).fetch(.forecast(latitude: 51.5, longitude: -0.12))
        #expect(body == Fixtures.data("forecast_testford.json"))
        let request = try #require(server.requests.first)
        #expect(request.path == "/data/2.5/forecast")
        #expect(request.value("lat") == "51.5000")
        #expect(request.value("lon") == "-0.1200")
        #expect(request.value("units") == "metric")
        #expect(request.value("appid") == Self.key)
    }

    @Test func trailingSlashOnTheBaseURLWorks() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let client = OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: Self.key, baseURL: server.baseURL + "/", timeout: 30), transport: SocketTransport())
        _ = try await client.fetch(.direct(query: "London"))
        #expect(server.requests.first?.path == "/geo/1.0/direct")
    }

    @Test func unauthorized() async throws {
        try await expectError(.invalidAPIKey) { _ in .json(Fixtures.data("error_401.json"), status: 401) }
    }

    @Test func notFound() async throws {
        try await expectError(.placeNotFound("Nowhere"), request: .direct(query: "Nowhere")) { _ in
            .json(Fixtures.data("error_404.json"), status: 404)
        }
    }

    @Test func rateLimitedWithAndWithoutRetryAfter() async throws {
        try await expectError(.rateLimited(retryAfter: 42)) { _ in
            .json(Fixtures.data("error_429.json"), status: 429, headers: ["Retry-After": "42"])
        }
        try await expectError(.rateLimited(retryAfter: nil)) { _ in .json(Fixtures.data("error_429.json"), status: 429) }
    }

    @Test func serverErrors() async throws {
        try await expectError(.serverError(status: 500)) { _ in .json("{}", status: 500) }
        try await expectError(.serverError(status: 503)) { _ in .json("", status: 503) }
        try await expectError(.serverError(status: 502)) { _ in
            .respond(status: 502, headers: ["Content-Type": "text/html"], body: Fixtures.data("bad_gateway.html"))
        }
    }

    @Test func slowerThanTheTimeout() async throws {
        try await expectError(.timedOut(seconds: 0.5), timeout: 0.5) { _ in .json(Data("{}".utf8), delay: 3) }
    }

    @Test func acceptsButNeverAnswers() async throws {
        try await expectError(.timedOut(seconds: 0.5), timeout: 0.5) { _ in .neverRespond }
    }

    @Test func malformedAndCutShortBodies() async throws {
        // The client returns any 2xx body; decoding happens in the service. A body cut short is caught here.
        try await expectError(.badResponse(WeatherError.truncatedDetail)) { _ in
            .truncated(status: 200, body: Data(#"{"cod":200,"ma"#.utf8), declaredLength: 400)
        }
        let server = try LoopbackServer { _ in .json("{\"main\": ") }
        defer { server.stop() }
        let body = try await client(server).fetch(.current(latitude: 1, longitude: 1))
        #expect(throws: WeatherError.badResponse(Phrase("detail.notJSON"))) { try ResponseDecoding.current(body) }
    }

    @Test func connectionReset() async throws {
        let server = try LoopbackServer { _ in .reset }
        defer { server.stop() }
        do {
            _ = try await client(server).fetch(.current(latitude: 1, longitude: 1))
            Issue.record("expected an error")
        } catch let error as WeatherError {
            #expect(error.isTransient)
            #expect(server.requests.count == 3)  // retried twice
        }
    }

    @Test func nothingListening() async throws {
        let closed = try ClosedPort()  // a stopped server's port could be given to another test's server
        let base = closed.baseURL
        let client = OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: Self.key, baseURL: base, timeout: 30), transport: SocketTransport(),
            backoff: [0.05])
        await #expect(throws: WeatherError.cannotConnect(host: "127.0.0.1")) {
            try await client.fetch(.current(latitude: 1, longitude: 1))
        }
    }

    @Test func transientFailuresAreRetriedThenSucceed() async throws {
        let count = Counter()
        let server = try LoopbackServer { _ in count.next() < 2 ? .json("oops", status: 503) : .json("{\"ok\":1}") }
        defer { server.stop() }
        let body = try await client(server).fetch(.current(latitude: 1, longitude: 1))
        #expect(String(decoding: body, as: UTF8.self) == "{\"ok\":1}")
        #expect(server.requests.count == 3)
    }

    @Test func clientErrorsAreNeverRetried() async throws {
        for status in [400, 401, 404, 429] {
            let server = try LoopbackServer { _ in .json("{}", status: status) }
            _ = try? await client(server).fetch(.current(latitude: 1, longitude: 1))
            #expect(server.requests.count == 1, "HTTP \(status)")
            server.stop()
        }
    }

    @Test func missingKeyMakesNoRequest() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let client = OpenWeatherClient(configuration: WeatherConfiguration(apiKey: "  ", baseURL: server.baseURL), transport: SocketTransport())
        await #expect(throws: WeatherError.missingAPIKey) { try await client.fetch(.direct(query: "London")) }
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: [
        "London&appid=x#frag", "../../etc/passwd", "%00", "São Paulo", "Zürich", "a+b=c;d", "\"quoted\" 'x' $(rm) `id` | &&",
        "東京", "مدينة", "🌧 Rain",
    ])
    func theServerReceivesExactlyTheTextTyped(text: String) async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        _ = try await client(server).fetch(.direct(query: text))
        let request = try #require(server.requests.first)
        #expect(request.value("q") == text)
        #expect(request.query.map(\.0) == ["q", "limit", "appid"])
        #expect(request.value("appid") == Self.key)
    }
}

