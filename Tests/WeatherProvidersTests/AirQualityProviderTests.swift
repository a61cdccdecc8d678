import Foundation
import HTTPKit
import Synchronization
import Testing
import WeatherCoreTesting
@testable import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// Air quality (issue 28): Open-Meteo's `/v1/air-quality` through a loopback server, both scales' categories at
/// their edges, pollen in season, out of season and outside Europe, and the cache.
struct AirQualityProviderTests {
    /// 2023-11-14 10:00 UTC, on the hour.
    static let now = 1_699_956_000
    static let brno = Place(name: "Brno", country: "CZ", latitude: 49.2, longitude: 16.6)
    static let newYork = Place(name: "New York", state: "New York", country: "US", latitude: 40.7, longitude: -74)

    static func answer(us: Int = 32, eu: Int = 18, offset: Int = 0, pollen: [String: Double]? = nil) throws -> Data {
        try FakeAirQuality.answer(us: us, eu: eu, offset: offset, pollen: pollen, at: now)
    }

    static func source(_ server: LoopbackServer, cache: ResponseCache = ResponseCache(directory: nil), clock: TestClock = TestClock())
        -> OpenMeteoAirQualitySource
    {
        OpenMeteoAirQualitySource(client: FakeOpenMeteo.client(server), cache: cache, now: clock.function)
    }

    @Test func itAsksOpenMeteosAirQualityEndpointForBothIndexesAndThePollen() async throws {
        let body = try Self.answer(pollen: ["birch": 40, "grass": 3])
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let air = try await Self.source(server).airQuality(for: Self.brno)
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/air-quality")
        #expect(request.value("current")?.contains("us_aqi") == true && request.value("current")?.contains("birch_pollen") == true)
        #expect(request.value("hourly") == "us_aqi,european_aqi,pm2_5,pm10,ozone,nitrogen_dioxide")
        #expect(air.now.usAQI == 32 && air.now.europeanAQI == 18)
        #expect(air.now.pm2_5 == 6.5 && air.now.pm10 == 10.9 && air.now.ozone == 67 && air.now.nitrogenDioxide == 12.9)
        #expect(air.source == .openMeteo)
        // Birch at 40 grains/m³ is moderate for a tree, grass at 3 low; the others are out of season.
        #expect(air.pollen?[.birch].map(PollenKind.birch.level) == .moderate)
        #expect(air.pollen?[.grass].map(PollenKind.grass.level) == .low)
        #expect(air.pollen?[.alder] == 0)
    }

    /// The coming hours of today are the ones after now and before the place's midnight: 13 at 10:00 UTC in UTC, 11
    /// at 12:00 local two hours east; a null figure is left out, never read as 0.
    @Test(arguments: [(0, 13), (7_200, 11)])
    func theHoursAreTheRestOfTheLocalDay(offset: Int, count: Int) throws {
        let air = try OpenMeteoAirDecoding.airQuality(try Self.answer(offset: offset))
        #expect(air.hours.count == count)
        #expect(air.hours.first?.time == Date(timeIntervalSince1970: Double(Self.now + 3_600)))
        #expect(air.hours.allSatisfy { $0.ozone == nil && $0.pm10 == 11 })
        #expect(air.hours.first?.usAQI == 32 + 11)
    }

    /// Outside Europe every pollen is null: no pollen data, not "none".
    @Test func nullPollenIsNoPollenData() throws {
        let air = try OpenMeteoAirDecoding.airQuality(try Self.answer(pollen: nil))
        #expect(air.pollen == nil)
    }

    @Test func aFreshCopyIsAnsweredWithNoRequest() async throws {
        let body = try Self.answer()
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let (clock, cache) = (TestClock(), ResponseCache(directory: nil))
        let source = Self.source(server, cache: cache, clock: clock)
        _ = try await source.airQuality(for: Self.brno)
        let again = try await source.airQuality(for: Self.brno)
        #expect(again.now.usAQI == 32)
        #expect(server.requests.count == 1)
        #expect(await source.cachedAirQuality(for: Self.brno)?.now.europeanAQI == 18)
        #expect(await source.cachedAirQuality(for: Self.newYork) == nil)
    }

    @Test func anAnswerWithoutCurrentAirIsRefused() async throws {
        let server = try LoopbackServer { _ in .json(#"{"latitude":49.2,"hourly":{}}"#) }
        defer { server.stop() }
        await #expect(throws: WeatherError.self) { try await Self.source(server).airQuality(for: Self.brno) }
    }
}

/// Both scales' categories at their edges (the EPA's and the EEA's tables), pollen levels, and the scale a place gets.
struct AirCategoryTests {
    @Test(arguments: [
        (0, AirCategory.usGood), (50, .usGood), (51, .usModerate), (100, .usModerate), (101, .usSensitive),
        (150, .usSensitive), (151, .usUnhealthy), (200, .usUnhealthy), (201, .usVeryUnhealthy), (300, .usVeryUnhealthy),
        (301, .usHazardous), (500, .usHazardous),
    ])
    func usEdges(index: Int, category: AirCategory) {
        #expect(AQIScale.us.category(index) == category)
    }

    @Test(arguments: [
        (0, AirCategory.euGood), (20, .euGood), (21, .euFair), (40, .euFair), (41, .euModerate), (60, .euModerate),
        (61, .euPoor), (80, .euPoor), (81, .euVeryPoor), (100, .euVeryPoor), (101, .euExtremelyPoor),
    ])
    func europeanEdges(index: Int, category: AirCategory) {
        #expect(AQIScale.european.category(index) == category)
    }

    @Test func pollenLevelsFollowEachKindsTable() {
        #expect(PollenKind.birch.level(0) == .none)
        #expect(PollenKind.birch.level(14.9) == .low && PollenKind.birch.level(15) == .moderate)
        #expect(PollenKind.grass.level(19) == .moderate && PollenKind.grass.level(20) == .high)
        #expect(PollenKind.ragweed.level(499) == .high && PollenKind.ragweed.level(500) == .veryHigh)
    }

    @Test func europeGetsTheEuropeanIndexAndEverywhereElseTheUSOne() {
        #expect(AQIScale.automatic(for: AirQualityProviderTests.brno) == .european)
        #expect(AQIScale.automatic(for: AirQualityProviderTests.newYork) == .us)
        #expect(AQIScale.automatic(for: Place(name: "Delhi", country: "IN", latitude: 28.6, longitude: 77.2)) == .us)
        #expect(AQIScale.automatic(for: Place(name: "Somewhere", latitude: 48.8, longitude: 2.3, timeZone: "Europe/Paris")) == .european)
    }
}

/// The current view's "Air" line and `:air` itself: the air is asked beside the weather and never waited for.
@MainActor
struct AirViewTests {
    /// An air source that says when its answer is in.
    final class Watched: AirQualityProviding {
        let source: OpenMeteoAirQualitySource
        private let done = Mutex(0)
        var answered: Int { done.withLock { $0 } }
        init(_ source: OpenMeteoAirQualitySource) { self.source = source }
        func airQuality(for place: Place) async throws -> AirQuality {
            defer { done.withLock { $0 += 1 } }
            return try await source.airQuality(for: place)
        }
        func cachedAirQuality(for place: Place) async -> AirQuality? { await source.cachedAirQuality(for: place) }
    }

    static func render(_ d: CurrentWeatherDisplay) -> String {
        Style.plain.render(Renderer(style: .plain, width: 80).current(d))
    }

    /// The air server holds its answer until the weather has been drawn: the view is drawn without an "Air" line,
    /// and the air request was on the wire all along (one request, made beside the weather's).
    @Test func theWeatherIsDrawnWithoutWaitingForTheAir() async throws {
        let weather = try FakeOpenMeteo.start()
        let drawn = Mutex(false)
        let hold = RoundTripTests.Hold()
        let body = try AirQualityProviderTests.answer()
        let air = try LoopbackServer { _ in
            hold.until { drawn.withLock { $0 } }
            return .json(body)
        }
        defer { weather.stop(); air.stop() }
        let model = CurrentWeatherViewModel(service: FakeOpenMeteo.service(weather), options: DisplayOptions(language: .english))
        model.airSource = AirQualityProviderTests.source(air)
        var shown: [CurrentWeatherDisplay] = []
        model.onUpdate = { shown.append($0) }
        let outcome = await model.show(FakeOpenMeteo.testford)
        drawn.withLock { $0 = true }
        #expect(outcome == .updated)
        let display = try #require(shown.last)
        #expect(display.air == nil)
        #expect(!Self.render(display).contains("Air"))
        #expect(weather.requests(to: "/v1/forecast").count == 1)
        #expect(await until { air.requests.count == 1 && hold.answers.count == 1 })
        #expect(hold.answers == [true])
    }

    /// With the air in before the weather (the weather server holds until it is), the line is there, in the scale of
    /// the place: Testford is in England, so the European index.
    @Test func theAirAtHandIsOneLineOfTheCurrentView() async throws {
        let airBody = try AirQualityProviderTests.answer(us: 32, eu: 18)
        let air = try LoopbackServer { _ in .json(airBody) }
        let watched = Watched(AirQualityProviderTests.source(air))
        let hold = RoundTripTests.Hold()
        let weather = try LoopbackServer { request in
            hold.until { watched.answered > 0 }
            return FakeOpenMeteo.route(request)
        }
        defer { weather.stop(); air.stop() }
        let model = CurrentWeatherViewModel(service: FakeOpenMeteo.service(weather), options: DisplayOptions(language: .english))
        model.airSource = watched
        await model.show(FakeOpenMeteo.testford)
        #expect(hold.answers == [true])
        let display = try #require(model.display)
        #expect(display.air == AirIndex(scale: .european, value: 18))
        let line = try #require(Self.render(display).split(separator: "\n").first { $0.contains("Air ") })
        #expect(line.hasSuffix("Air            good (European AQI 18)"))
        model.airScale = .us
        #expect(model.display?.air == AirIndex(scale: .us, value: 32))
    }

    /// A failing air source leaves the weather as it is: no line, no error.
    @Test(arguments: [500, 400])
    func aFailingAirSourceLeavesTheWeatherWhole(status: Int) async throws {
        let weather = try FakeOpenMeteo.start()
        let air = try LoopbackServer { _ in .json(#"{"error":true,"reason":"down"}"#, status: status) }
        let watched = Watched(AirQualityProviderTests.source(air))
        defer { weather.stop(); air.stop() }
        let model = CurrentWeatherViewModel(service: FakeOpenMeteo.service(weather), options: DisplayOptions(language: .english))
        model.airSource = watched
        var errors: [WeatherError] = []
        model.onError = { errors.append($0) }
        #expect(await model.show(FakeOpenMeteo.testford) == .updated)
        #expect(await until { watched.answered > 0 })
        #expect(errors.isEmpty)
        #expect(model.display?.air == nil)
    }

    /// `:air` in Europe in season, out of season, and outside Europe, drawn.
    @Test func theAirViewShowsTheIndexThePollutantsTheHoursAndThePollen() async throws {
        let body = try AirQualityProviderTests.answer(us: 120, eu: 61, pollen: ["birch": 100, "grass": 3])
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let weather = try FakeOpenMeteo.start()
        defer { weather.stop() }
        let model = AirViewModel(
            service: FakeOpenMeteo.service(weather), source: AirQualityProviderTests.source(server), options: DisplayOptions(language: .english),
            now: { Date(timeIntervalSince1970: Double(AirQualityProviderTests.now)) })
        #expect(await model.show(.air, at: AirQualityProviderTests.brno) == .updated)
        let display = try #require(model.display)
        #expect(display.index == AirIndex(scale: .european, value: 61) && display.index?.category == .euPoor)
        #expect(display.pollen?.map(\.kind) == [.birch, .grass] && display.pollen?.map(\.level) == [.high, .low])
        let view = Style.plain.render(Renderer(style: .plain, width: 60).air(display))
        #expect(view.contains("Now               poor (European AQI 61)"))
        #expect(view.contains("PM2.5             6.5 µg/m³"))
        #expect(view.contains("Nitrogen dioxide  12.9 µg/m³"))
        #expect(view.contains("11:00  poor (European AQI 72)"))
        #expect(view.contains("Birch  high") && view.contains("Grass  low"))
        #expect(weather.requests.isEmpty)

        let french = Style.plain.render(Renderer(style: .plain, width: 60, strings: Strings.terminal(.french)).air(display))
        #expect(french.contains("Bouleau"))

        let outOfSeason = try OpenMeteoAirDecoding.airQuality(try AirQualityProviderTests.answer(pollen: [:])).airQuality(fetchedAt: Date())
        let quiet = DisplayFormatter(options: DisplayOptions(language: .english)).air(outOfSeason, at: AirQualityProviderTests.brno)
        #expect(quiet.pollen == [])
        #expect(Style.plain.render(Renderer(style: .plain, width: 60).air(quiet)).contains("No pollen in the air now."))

        let elsewhere = try OpenMeteoAirDecoding.airQuality(try AirQualityProviderTests.answer(us: 151, pollen: nil)).airQuality(fetchedAt: Date())
        let newYork = DisplayFormatter(options: DisplayOptions(language: .english)).air(elsewhere, at: AirQualityProviderTests.newYork)
        #expect(newYork.index == AirIndex(scale: .us, value: 151) && newYork.index?.category == .usUnhealthy)
        let drawn = Style.plain.render(Renderer(style: .plain, width: 60).air(newYork))
        #expect(drawn.contains("unhealthy (AQI 151)") && drawn.contains("No pollen data here."))
    }

    /// `:air` fits every width from 40 columns, the longest category and a long name included.
    @Test(arguments: [40, 60, 80, 120])
    func theAirViewFitsEveryWidth(width: Int) throws {
        let air = try OpenMeteoAirDecoding.airQuality(try AirQualityProviderTests.answer(us: 101, pollen: ["ragweed": 600, "birch": 2]))
        let place = Place(name: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", country: "US", latitude: 40, longitude: -74)
        for language in [Language.english, .german, .portuguese] {
            let display = DisplayFormatter(options: DisplayOptions(language: language)).air(air.airQuality(fetchedAt: Date()), at: place)
            let lines = Renderer(style: .plain, width: width, strings: Strings.terminal(language)).air(display)
            #expect(lines.allSatisfy { $0.width <= width }, "\(lines.map(\.plain))")
            // The index is there, wrapped or not.
            #expect(lines.map(\.plain).joined(separator: " ").contains("101)"))
        }
    }

    @Test func withoutASourceAirSaysThereIsNoAirData() async throws {
        let weather = try FakeOpenMeteo.start()
        defer { weather.stop() }
        let model = AirViewModel(service: FakeOpenMeteo.service(weather), source: nil, options: DisplayOptions(language: .english))
        var errors: [WeatherError] = []
        model.onError = { errors.append($0) }
        #expect(await model.show(.air, at: AirQualityProviderTests.brno) != .updated)
        #expect(errors == [.invalidInput(Phrase("error.air.none"))])
        #expect(weather.requests.isEmpty)
    }
}

/// OpenWeather's air pollution, the fallback with a key when Open-Meteo's air quality fails: both indexes worked out
/// from its concentrations.
struct AirFallbackTests {
    /// OpenWeather's answer: `list` of `dt`, its own `aqi` (1–5, neither scale) and `components` in µg/m³.
    static func pollution(pm2_5: Double, hours: Int = 1) throws -> Data {
        let list = (0..<hours).map { hour -> [String: Any] in
            [
                "dt": AirQualityProviderTests.now + hour * 3_600, "main": ["aqi": 3],
                "components": ["co": 400.0, "no": 0.1, "no2": 20.0, "o3": 60.0, "so2": 1.2, "pm2_5": pm2_5, "pm10": 30.0, "nh3": 2.0],
            ]
        }
        return try JSONSerialization.data(withJSONObject: ["coord": ["lon": 77.2, "lat": 28.6], "list": list] as [String: Any])
    }

    static func factory(_ server: LoopbackServer, key: String?) -> ProviderFactory {
        ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: key, baseURL: server.baseURL, timeout: 5),
            environment: ["OPENMETEO_BASE_URL": server.baseURL], transport: SocketTransport(), cache: ResponseCache(directory: nil))
    }

    @Test func withAKeyOpenWeatherAnswersWhenOpenMeteoFails() async throws {
        let (now, coming) = (try Self.pollution(pm2_5: 35.5), try Self.pollution(pm2_5: 9, hours: 30))
        let server = try LoopbackServer { request in
            switch request.path {
            case "/v1/air-quality": .json(#"{"error":true,"reason":"refused"}"#, status: 400)
            case "/data/2.5/air_pollution": .json(now)
            case "/data/2.5/air_pollution/forecast": .json(coming)
            default: .json("{}", status: 404)
            }
        }
        defer { server.stop() }
        let place = Place(name: "Delhi", country: "IN", latitude: 28.6, longitude: 77.2)
        let air = try await Self.factory(server, key: "k").airQuality.airQuality(for: place)
        #expect(air.source == .openWeather)
        // PM2.5 at 35.5 µg/m³ is the EPA's first "unhealthy for sensitive groups" figure: 101.
        #expect(air.now.usAQI == 101 && air.now.pm2_5 == 35.5 && air.now.nitrogenDioxide == 20)
        #expect(air.pollen == nil)
        #expect(air.hours.first?.usAQI == 50)  // 9 µg/m³, the top of "good"
        #expect(server.requests(to: "/data/2.5/air_pollution").first?.value("appid") == "k")
        #expect(server.requests(to: "/v1/air-quality").count == 1)
    }

    @Test func withoutAKeyNothingElseIsAsked() async throws {
        let server = try LoopbackServer { _ in .json(#"{"error":true,"reason":"refused"}"#, status: 400) }
        defer { server.stop() }
        await #expect(throws: WeatherError.self) {
            try await Self.factory(server, key: nil).airQuality.airQuality(for: AirQualityProviderTests.brno)
        }
        #expect(server.requests.map(\.path) == ["/v1/air-quality"])
    }

    @Test func bothIndexesFromConcentrations() {
        #expect(AirIndexes.us(pm2_5: 9.0, pm10: nil, ozone: nil, nitrogenDioxide: nil) == 50)
        #expect(AirIndexes.us(pm2_5: 9.1, pm10: nil, ozone: nil, nitrogenDioxide: nil) == 51)
        #expect(AirIndexes.us(pm2_5: 5, pm10: 155, ozone: nil, nitrogenDioxide: nil) == 101)
        #expect(AirIndexes.european(pm2_5: 10, pm10: nil, ozone: nil, nitrogenDioxide: nil) == 20)
        #expect(AirIndexes.european(pm2_5: 25, pm10: 10, ozone: 50, nitrogenDioxide: 40) == 60)
        #expect(AirIndexes.us(pm2_5: nil, pm10: nil, ozone: nil, nitrogenDioxide: nil) == nil)
    }
}
