import Foundation
import HTTPKit
import Testing
import WeatherCoreTesting
@testable import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// The UV index from every provider (issue 26): Open-Meteo's `uv_index` and `uv_index_max`, MET Norway's complete
/// product's `ultraviolet_index_clear_sky`, and Open-Meteo's for OpenWeather, whose free plan has none. Each decoder is
/// fed the same index; the view must show the same whole number and WHO category, whichever provider answered.
struct UVIndexProviderTests {
    enum Provider: String, CaseIterable, Sendable {
        case openWeather, openMeteo, metNorway
    }

    /// An index, the whole number the WHO writes for it (halves up), and its category.
    struct Edge: Sendable, CustomTestStringConvertible {
        var index: Double, whole: Int, category: UVCategory, word: String
        var testDescription: String { "\(index)" }
    }

    /// Every category's edges, whole and fractional: 2.49 is 2 (low), 2.5 is 3 (moderate), and so on.
    static let edges: [Edge] = [
        Edge(index: 0.2, whole: 0, category: .low, word: "low"),
        Edge(index: 2, whole: 2, category: .low, word: "low"),
        Edge(index: 2.49, whole: 2, category: .low, word: "low"),
        Edge(index: 2.5, whole: 3, category: .moderate, word: "moderate"),
        Edge(index: 3, whole: 3, category: .moderate, word: "moderate"),
        Edge(index: 5.49, whole: 5, category: .moderate, word: "moderate"),
        Edge(index: 5.5, whole: 6, category: .high, word: "high"),
        Edge(index: 6, whole: 6, category: .high, word: "high"),
        Edge(index: 7.49, whole: 7, category: .high, word: "high"),
        Edge(index: 7.5, whole: 8, category: .veryHigh, word: "very high"),
        Edge(index: 8, whole: 8, category: .veryHigh, word: "very high"),
        Edge(index: 10.49, whole: 10, category: .veryHigh, word: "very high"),
        Edge(index: 10.5, whole: 11, category: .extreme, word: "extreme"),
        Edge(index: 11, whole: 11, category: .extreme, word: "extreme"),
        Edge(index: 14.2, whole: 14, category: .extreme, word: "extreme"),
    ]

    /// 2023-11-14 10:00 UTC, on the hour.
    static let now = Date(timeIntervalSince1970: 1_699_956_000)
    static let place = Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12)

    static func json(_ value: Any) throws -> Data { try JSONSerialization.data(withJSONObject: value) }

    /// The same index now and at every hour of the next day, as each provider sends it.
    static func report(_ provider: Provider, index: Double) throws -> WeatherReport {
        let start = Int(now.timeIntervalSince1970)
        let hours = (-1...30).map { start + $0 * 3_600 }
        switch provider {
        case .openMeteo:
            let data = try json([
                "utc_offset_seconds": 0, "timezone": "UTC",
                "current": ["time": start, "temperature_2m": 10, "weather_code": 3, "is_day": 1, "uv_index": index] as [String: Any],
                "hourly": [
                    "time": hours, "temperature_2m": hours.map { _ in 10 }, "weather_code": hours.map { _ in 3 },
                    "is_day": hours.map { _ in 1 }, "uv_index": hours.map { _ in index },
                ] as [String: Any],
                "daily": [
                    "time": [start - 36_000, start + 50_400], "temperature_2m_max": [12, 12], "temperature_2m_min": [5, 5],
                    "uv_index_max": [index, index],
                ] as [String: Any],
            ] as [String: Any])
            return OpenMeteoService.report(place, try OpenMeteoDecoding.forecast(data), source: .live(fetchedAt: now))
        case .metNorway:
            let format = ISO8601DateFormatter()
            let entries = hours.dropFirst().map { time -> [String: Any] in
                [
                    "time": format.string(from: Date(timeIntervalSince1970: Double(time))),
                    "data": [
                        "instant": ["details": ["air_temperature": 10, "ultraviolet_index_clear_sky": index]],
                        "next_1_hours": ["summary": ["symbol_code": "cloudy"], "details": ["precipitation_amount": 0]],
                    ] as [String: Any],
                ]
            }
            let data = try json(["type": "Feature", "properties": ["timeseries": entries]] as [String: Any])
            let built = METNorwayReport(
                try Locationforecast.decode(data), latitude: place.latitude, longitude: place.longitude, zone: .fixed(0), now: now)
            var report = WeatherReport(
                place: place, current: built.current, forecast: built.steps, zone: .fixed(0), source: .live(fetchedAt: now),
                provider: .metNorway, hourly: built.hourly, days: built.days)
            report.uvOrigin = UVOrigin(provider: .metNorway, isClearSky: true)
            return report
        case .openWeather:
            let (conditions, offset) = try ResponseDecoding.current(Fixtures.data("current_testford.json"))
            let (slots, _) = try ResponseDecoding.forecast(Fixtures.data("forecast_testford.json"))
            let report = OpenWeatherService.report(
                place, (conditions, offset), (slots, offset), source: .live(fetchedAt: now), sample: false)
            // Open-Meteo's answer to the UV request: every hour the forecast covers.
            let first = Int(slots.first?.time.timeIntervalSince1970 ?? 0) - 3_600
            let uvHours = (0..<(slots.count * 3 + 2)).map { first + $0 * 3_600 }
            let data = try json([
                "current": ["time": first, "uv_index": index], "hourly": ["time": uvHours, "uv_index": uvHours.map { _ in index }],
            ] as [String: Any])
            return try OpenMeteoDecoding.uvIndex(data).applied(to: report)
        }
    }

    @Test(arguments: Provider.allCases, edges)
    func everyProviderShowsTheSameWholeIndexAndCategory(provider: Provider, edge: Edge) throws {
        let report = try Self.report(provider, index: edge.index)
        let formatter = DisplayFormatter(options: DisplayOptions(language: .english), now: Self.now)
        let current = formatter.current(report)
        #expect(current.uvIndex == edge.index)
        // As the status line prints it, and as the current view words it.
        let status = try StatusFormat(parsing: "%u %U").line(current, style: .plain, strings: .terminal(.english))
        #expect(status.plain == "\(edge.whole) \(edge.word)", "\(provider)")
        var daytime = current
        daytime.isNight = false
        let view = Style.plain.render(Renderer(style: .plain, width: 80).current(daytime))
        #expect(view.contains("UV index") && view.contains(" \(edge.whole) \(edge.word)"), "\(provider): \(view)")
        // Each coming step, and each day.
        let steps = formatter.hourly(report, count: 4).rows.filter { $0.slot != nil }
        #expect(steps.count == 4 && steps.allSatisfy { $0.uvIndex == edge.index }, "\(provider): \(steps.map(\.uvIndex))")
        let today = try #require(formatter.daily(report).rows.first)
        #expect(today.uvIndexMax == edge.index, "\(provider)")
        #expect(UVCategory(index: edge.index) == edge.category)
    }

    /// An index out of range (a negative one, one beyond any measured) is missing, never shown: the same from each.
    @Test(arguments: Provider.allCases, [-1.0, 60])
    func anIndexOutOfRangeIsMissing(provider: Provider, index: Double) throws {
        let report = try Self.report(provider, index: index)
        #expect(report.current.uvIndex == nil)
        #expect(report.forecast.allSatisfy { $0.uvIndex == nil })
        #expect(!report.hasUVIndex)
    }
}

/// OpenWeather's UV index comes from Open-Meteo, asked for the same coordinates while OpenWeather's own requests are
/// on the wire, and is never invented: when Open-Meteo fails, the weather comes without it.
struct OpenWeatherUVIndexTests {
    static let place = Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12)

    /// Open-Meteo's answer to the UV request: 5.5 now, and 7.49 at each hour OpenWeather's forecast covers.
    static func uvAnswer() throws -> Data {
        let (slots, _) = try ResponseDecoding.forecast(Fixtures.data("forecast_testford.json"))
        let first = Int(slots.first?.time.timeIntervalSince1970 ?? 0) - 3_600
        let hours = (0..<(slots.count * 3 + 2)).map { first + $0 * 3_600 }
        return try JSONSerialization.data(withJSONObject: [
            "current": ["time": first, "uv_index": 5.5], "hourly": ["time": hours, "uv_index": hours.map { _ in 7.49 }],
        ] as [String: Any])
    }

    static func service(openWeather: LoopbackServer, openMeteo: String, timeout: Double = 10) -> any WeatherProviding {
        ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: "k", baseURL: openWeather.baseURL, timeout: timeout),
            environment: ["OPENMETEO_BASE_URL": openMeteo], transport: SocketTransport(), cache: ResponseCache(directory: nil)
        ).service(.openWeather)
    }

    @Test func theUVRequestIsInFlightTogetherWithTheWeathers() async throws {
        let (openWeather, openMeteo) = (try FakeOpenWeather.start(), try LoopbackServer { _ in .json("{}") })
        defer { openWeather.stop(); openMeteo.stop() }
        let answer = try Self.uvAnswer()
        let hold = RoundTripTests.Hold()
        // Each side answers only once the other's request has arrived: asked one after the other, the first would
        // wait in vain (and say so), as neither request could be sent before the other was answered.
        openWeather.setHandler { request in
            if request.path == "/data/2.5/weather" { hold.until { !openMeteo.requests.isEmpty } }
            return FakeOpenWeather.route(request)
        }
        openMeteo.setHandler { request in
            hold.until { !openWeather.requests(to: "/data/2.5/weather").isEmpty }
            return .json(answer)
        }
        let service = Self.service(openWeather: openWeather, openMeteo: openMeteo.baseURL)
        let report = try await service.report(for: Self.place)
        #expect(hold.answers == [true, true])
        let asked = try #require(openMeteo.requests.first)
        #expect(openMeteo.requests.count == 1 && asked.asksForUVIndexAlone)
        #expect(asked.value("latitude") == "51.5000" && asked.value("longitude") == "-0.1200")
        #expect(asked.value("appid") == nil)  // OpenWeather's key never goes to Open-Meteo
        #expect(report.provider == .openWeather)
        #expect(report.uvOrigin == UVOrigin(provider: .openMeteo))
        #expect(report.current.uvIndex == 5.5)
        #expect(!report.forecast.isEmpty && report.forecast.allSatisfy { $0.uvIndex == 7.49 })
        // Shown with Open-Meteo's name beside it, and in --json with its attribution.
        let display = DisplayFormatter(options: DisplayOptions(language: .english)).current(report)
        #expect(display.uvProvider == "Open-Meteo")

        // From the fresh cache, the weather and its UV index cost no request.
        let again = try await service.report(for: Self.place)
        #expect(again.current.uvIndex == 5.5)
        #expect(openMeteo.requests.count == 1)
    }

    /// Open-Meteo's connection opens while OpenWeather's search is on the wire, as OpenWeather's own two do, and the
    /// UV request takes it: no handshake after the search.
    @Test func itsConnectionOpensWhileThePlaceIsSearched() async throws {
        let openWeather = try LoopbackServer(keepAlive: true) { _ in .json("[]") }
        let openMeteo = try LoopbackServer(keepAlive: true) { _ in .json("{}") }
        defer { openWeather.stop(); openMeteo.stop() }
        let answer = try Self.uvAnswer()
        let hold = RoundTripTests.Hold()
        openWeather.setHandler { request in
            if request.path == "/geo/1.0/direct" { hold.until { openMeteo.connectionsAccepted >= 1 } }
            return FakeOpenWeather.route(request)
        }
        openMeteo.setHandler { _ in .json(answer) }
        let service = Self.service(openWeather: openWeather, openMeteo: openMeteo.baseURL)
        let london = try await service.places(matching: .name("London"))
        let report = try await service.report(for: london[0])
        #expect(hold.answers == [true])
        #expect(openMeteo.connectionsAccepted == 1)
        #expect(openMeteo.requests.count == 1)
        #expect(report.current.uvIndex == 5.5)
    }

    @Test(arguments: ["refused", "closed"])
    func aFailedUVRequestLeavesTheWeatherWithoutAnIndex(failure: String) async throws {
        let openWeather = try FakeOpenWeather.start()
        let openMeteo = try LoopbackServer { _ in .json(#"{"error":true,"reason":"down"}"#, status: 500) }
        defer { openWeather.stop(); openMeteo.stop() }
        let closed = try ClosedPort()
        let base = failure == "closed" ? "http://127.0.0.1:\(closed.port)" : openMeteo.baseURL
        let report = try await Self.service(openWeather: openWeather, openMeteo: base).report(for: Self.place)
        #expect(report.provider == .openWeather && report.failover == nil)
        #expect(report.uvOrigin == nil && !report.hasUVIndex)
        let display = DisplayFormatter(options: DisplayOptions(language: .english)).current(report)
        #expect(display.uvIndex == nil)
        let view = Style.plain.render(Renderer(style: .plain, width: 80).current(display))
        #expect(!view.contains("UV"))
    }

    /// An Open-Meteo that never answers does not hold the weather up to the deadline (two minutes here): once
    /// OpenWeather's answers are in, the UV request has a short grace (2 s), then is given up and the weather shown
    /// without it. (Held to the deadline, the test would outlast its time limit.)
    @Test(.timeLimit(.minutes(1)))
    func aHungUVRequestIsGivenUpOnceTheWeatherIsHere() async throws {
        let openWeather = try FakeOpenWeather.start()
        let openMeteo = try LoopbackServer { _ in .neverRespond }
        defer { openWeather.stop(); openMeteo.stop() }
        let service = Self.service(openWeather: openWeather, openMeteo: openMeteo.baseURL, timeout: 120)
        let report = try await service.report(for: Self.place)
        #expect(report.provider == .openWeather && report.failover == nil)
        #expect(report.uvOrigin == nil && report.current.uvIndex == nil)
        #expect(openMeteo.requests.count == 1)
        #expect(openWeather.requests(to: "/data/2.5/forecast").count == 1)
    }

    /// A status line without `%u` or `%U` asks Open-Meteo nothing.
    @Test func anAnswerThatShowsNoUVIndexDoesNotAskForIt() async throws {
        let (openWeather, openMeteo) = (try FakeOpenWeather.start(), try LoopbackServer { _ in .json("{}") })
        defer { openWeather.stop(); openMeteo.stop() }
        let service = Self.service(openWeather: openWeather, openMeteo: openMeteo.baseURL)
        let report = try await Answer.run(wantsForecast: false, wantsUVIndex: false) { try await service.report(for: Self.place) }
        #expect(report.uvOrigin == nil)
        #expect(openMeteo.requests.isEmpty)
        #expect(openWeather.requests.map(\.path) == ["/data/2.5/weather"])
    }
}
