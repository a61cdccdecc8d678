import Foundation
import HTTPKit
import Testing
import WeatherCoreTesting
@testable import WeatherCore
@testable import WeatherProviders

/// Rain to the minute (issue 28) from the sources, through loopback servers: MET Norway's Nowcast 2.0 in and out of
/// radar coverage and its 422, Open-Meteo's 15-minute data inside and outside its boxes, and the chain of both.
struct NowcastSourceTests {
    /// The test clock's time (2023-11-14 09:15 UTC), on a 5-minute step.
    static let start = Int(TestClock().now.timeIntervalSince1970)
    static let oslo = Place(name: "Oslo", country: "NO", latitude: 59.9139, longitude: 10.7522)
    static let copenhagen = Place(name: "Copenhagen", country: "DK", latitude: 55.6761, longitude: 12.5683)
    static let zurich = Place(name: "Zurich", country: "CH", latitude: 47.3769, longitude: 8.5417)
    static let newYork = Place(name: "New York", country: "US", latitude: 40.7128, longitude: -74.006)
    static let lisbon = Place(name: "Lisbon", country: "PT", latitude: 38.7223, longitude: -9.1393)
    static let tokyo = Place(name: "Tokyo", country: "JP", latitude: 35.6762, longitude: 139.6503)
    static let reykjavik = Place(name: "Reykjavík", country: "IS", latitude: 64.1466, longitude: -21.9426)

    static func met(_ server: LoopbackServer, cache: ResponseCache = ResponseCache(directory: nil)) -> METNorwayNowcastSource {
        METNorwayNowcastSource(
            configuration: METNorwayConfiguration(baseURL: server.baseURL + "/", contact: "test@example.org", timeout: 5),
            transport: SocketTransport(), cache: cache, now: TestClock().function)
    }

    static func openMeteo(_ server: LoopbackServer, cache: ResponseCache = ResponseCache(directory: nil)) -> OpenMeteoMinutelySource {
        OpenMeteoMinutelySource(client: FakeOpenMeteo.client(server), cache: cache, now: TestClock().function)
    }

    /// Rain from the sixth step to the ninth.
    static let rates = (0..<24).map { (5..<9).contains($0) ? 1.2 : 0 }

    @Test func inRadarCoverageTheStepsComeEveryFiveMinutes() async throws {
        let body = try FakeNowcast.met(rates: Self.rates, start: Self.start)
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let nowcast = try #require(try await Self.met(server).nowcast(for: Self.oslo))
        let request = try #require(server.requests.first)
        #expect(request.path == "/weatherapi/nowcast/2.0/complete")
        #expect(request.value("lat") == "59.9139" && request.value("lon") == "10.7522")
        #expect(request.headers["user-agent"]?.contains("test@example.org") == true)
        #expect(nowcast.stepMinutes == 5 && nowcast.isRadar && nowcast.source == .metNorway)
        #expect(nowcast.steps.count == 24)
        #expect(nowcast.steps[5].time == Date(timeIntervalSince1970: Double(Self.start + 25 * 60)))
        #expect(NowcastOutlook(nowcast) == .starting(
            .light, start: nowcast.steps[5].time, stop: nowcast.steps[9].time, end: Date(timeIntervalSince1970: Double(Self.start + 120 * 60))))
    }

    /// "no coverage" and "temporarily unavailable" are none, though the answer has steps (of the model, not radar).
    @Test(arguments: ["no coverage", "temporarily unavailable"])
    func outOfRadarCoverageThereIsNone(coverage: String) async throws {
        let body = try FakeNowcast.met(rates: Self.rates, start: Self.start, coverage: coverage)
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        #expect(try await Self.met(server).nowcast(for: Self.oslo) == nil)
        #expect(server.requests.count == 1)
    }

    /// A 422 (outside the product's area) is none, kept like an answer: the place is not asked about again at once.
    @Test func a422IsNoneAndIsNotAskedAgainAtOnce() async throws {
        let server = try LoopbackServer { _ in .json(#"{"error":"outside area"}"#, status: 422) }
        defer { server.stop() }
        let source = Self.met(server)
        #expect(try await source.nowcast(for: Self.oslo) == nil)
        #expect(try await source.nowcast(for: Self.oslo) == nil)
        #expect(await source.cachedNowcast(for: Self.oslo) == nil)
        #expect(server.requests.count == 1)
    }

    /// Outside the Nordic countries MET Norway is not asked at all.
    @Test func outsideTheNordicCountriesNothingIsAsked() async throws {
        let server = try LoopbackServer { _ in .json(#"{}"#) }
        defer { server.stop() }
        for place in [Self.zurich, Self.reykjavik, Self.newYork] {
            #expect(try await Self.met(server).nowcast(for: place) == nil)
        }
        #expect(server.requests.isEmpty)
    }

    /// A fresh answer is cached: the view after asks nothing, and `cachedNowcast` answers from it.
    @Test func aFreshAnswerIsCached() async throws {
        let body = try FakeNowcast.met(rates: Self.rates, start: Self.start)
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let source = Self.met(server)
        let first = try await source.nowcast(for: Self.oslo)
        #expect(await source.cachedNowcast(for: Self.oslo) == first)
        #expect(try await source.nowcast(for: Self.oslo) == first)
        #expect(server.requests.count == 1)
    }

    /// Open-Meteo's precipitation at a time is what fell in the 15 minutes before: each amount becomes a step
    /// starting 15 minutes earlier, at four times the amount an hour.
    @Test(arguments: [NowcastSourceTests.zurich, NowcastSourceTests.newYork])
    func openMeteoInsideItsBoxesGivesFifteenMinuteSteps(place: Place) async throws {
        let body = try FakeNowcast.openMeteo(amounts: [0, 0, 0.5, 0.5, 0, 0, 0, 0, 0, 0], end: Self.start + 900)
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let nowcast = try #require(try await Self.openMeteo(server).nowcast(for: place))
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/forecast")
        #expect(request.value("minutely_15") == "precipitation,rain,snowfall" && request.value("forecast_minutely_15") == "10")
        #expect(request.value("hourly") == nil && request.value("daily") == nil)
        #expect(nowcast.stepMinutes == 15 && !nowcast.isRadar && nowcast.source == .openMeteo)
        #expect(nowcast.steps.first?.time == Date(timeIntervalSince1970: Double(Self.start)))
        #expect(nowcast.steps[2].millimetresPerHour == 2)
        #expect(NowcastOutlook(nowcast) == .starting(
            .light, start: nowcast.steps[2].time, stop: nowcast.steps[4].time, end: Date(timeIntervalSince1970: Double(Self.start + 150 * 60))))
    }

    /// Elsewhere Open-Meteo's 15-minute data is the hourly forecast interpolated: not asked.
    @Test(arguments: [NowcastSourceTests.lisbon, NowcastSourceTests.tokyo, NowcastSourceTests.reykjavik, NowcastSourceTests.oslo])
    func openMeteoOutsideItsBoxesIsNotAsked(place: Place) async throws {
        let server = try LoopbackServer { _ in .json(#"{}"#) }
        defer { server.stop() }
        #expect(try await Self.openMeteo(server).nowcast(for: place) == nil)
        #expect(server.requests.isEmpty)
    }

    /// Copenhagen lies in both regions: MET Norway's radar first; without coverage there, Open-Meteo's 15 minutes.
    @Test func theChainTakesTheRadarFirstThenOpenMeteo() async throws {
        let radar = try FakeNowcast.met(rates: Self.rates, start: Self.start)
        let noRadar = try FakeNowcast.met(rates: Self.rates, start: Self.start, coverage: "no coverage")
        let model = try FakeNowcast.openMeteo(amounts: Array(repeating: 0, count: 10), end: Self.start + 900)
        for (body, source) in [(radar, ProviderID.metNorway), (noRadar, .openMeteo)] {
            let server = try LoopbackServer { request in .json(request.path.hasPrefix("/weatherapi/") ? body : model) }
            defer { server.stop() }
            let chain = NowcastChain([Self.met(server), Self.openMeteo(server)])
            #expect(try await chain.nowcast(for: Self.copenhagen)?.source == source)
        }
    }

    /// A broken answer is an error, never steps: the view then speaks from the hourly forecast.
    @Test func aBrokenAnswerIsAnError() async throws {
        let server = try LoopbackServer { _ in .json(#"{"type":"Feature","properties":{"meta":{"radar_coverage":"ok"}}}"#) }
        defer { server.stop() }
        await #expect(throws: WeatherError.self) { try await Self.met(server).nowcast(for: Self.oslo) }
        #expect(try METNorwayNowcastDecoding.decode(Data(#"{"properties":{"meta":{"radar_coverage":"ok"},"timeseries":[{"time":"2023-11-14T09:15:00Z","data":{"instant":{"details":{"precipitation_rate":-3}}}}]}}"#.utf8)).steps == [])
    }
}

/// What falls (issue 28), as each source says it.
extension NowcastSourceTests {
    /// MET Norway's radar says only how hard: what falls is the `next_1_hours` symbol's, for the steps of its hour;
    /// the steps after it have no kind (the view then takes the weather's condition), nor those of a dry symbol.
    @Test func metNorwaysSymbolSaysWhatFallsForItsHour() async throws {
        let body = try FakeNowcast.met(rates: Self.rates, start: Self.start, symbols: [0: "lightsnowshowers_day"])
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let nowcast = try #require(try await Self.met(server).nowcast(for: Self.oslo))
        #expect(nowcast.steps.prefix(12).allSatisfy { $0.kind == .snow }, "\(nowcast.steps.map(\.kind))")
        #expect(nowcast.steps.dropFirst(12).allSatisfy { $0.kind == nil })
        #expect(NowcastKinds(nowcast) == NowcastKinds(kind: .snow))
        #expect(server.requests.count == 1)
        for (symbol, kind) in [
            ("sleet", PrecipitationKind.sleet), ("heavysleetshowersandthunder_night", .sleet), ("lightssnowshowersandthunder_day", .snow),
            ("rain", .rain), ("lightrainshowers_polartwilight", .rain),
        ] {
            let decoded = try METNorwayNowcastDecoding.decode(FakeNowcast.met(rates: [1, 1], start: Self.start, symbols: [0: symbol]))
            #expect(decoded.steps?.map(\.kind) == [kind, kind], "\(symbol)")
        }
        for symbol in ["cloudy", "fog", "partlycloudy_day", "not-a-symbol"] {
            let decoded = try METNorwayNowcastDecoding.decode(FakeNowcast.met(rates: [1, 1], start: Self.start, symbols: [0: symbol]))
            #expect(decoded.steps?.map(\.kind) == [nil, nil], "\(symbol)")
        }
        // Without a symbol, as in most steps of a real answer: no kind.
        #expect(try METNorwayNowcastDecoding.decode(FakeNowcast.met(rates: [1], start: Self.start)).steps?.first?.kind == nil)
    }

    /// Open-Meteo's rain and snowfall in the same 15 minutes say what falls: snow alone, rain alone, both (sleet),
    /// and a change from rain to snow within the two hours; an answer without them says nothing. Still one request.
    @Test func openMeteosRainAndSnowfallSayWhatFalls() async throws {
        // Rain in the 2nd and 3rd quarters, both in the 4th, snow in the 5th and 6th.
        let body = try FakeNowcast.openMeteo(amounts: [0, 0.5, 0.5, 0.6, 0.4, 0.4, 0, 0, 0, 0], end: Self.start + 900, snow: [0, 0, 0, 0.5, 1, 1])
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let nowcast = try #require(try await Self.openMeteo(server).nowcast(for: Self.zurich))
        #expect(nowcast.steps.map(\.kind) == [nil, .rain, .rain, .sleet, .snow, .snow, nil, nil, nil, nil])
        #expect(NowcastKinds(nowcast) == NowcastKinds(kind: .rain, turning: .init(kind: .snow, at: nowcast.steps[3].time)))
        #expect(server.requests.count == 1)
        let all = try OpenMeteoMinutelyDecoding.decode(FakeNowcast.openMeteo(amounts: [0.3, 0.3], end: Self.start, snow: [1, 1]))
        #expect(all.map(\.kind) == [.snow, .snow])
        let unsaid = try OpenMeteoMinutelyDecoding.decode(FakeNowcast.openMeteo(amounts: [0.3, 0], end: Self.start, kinds: false))
        #expect(unsaid.map(\.kind) == [nil, nil] && unsaid.first?.millimetresPerHour == 1.2)
        #expect(OpenMeteoMinutelyDecoding.kind(rain: .nan, snowfall: 0.2) == .snow && OpenMeteoMinutelyDecoding.kind(rain: -1, snowfall: nil) == nil)
    }

    /// The same series fed to both sources (snow in the second quarter hour, then rain turning to snow in the second
    /// hour, as MET Norway's radar steps with its symbols and as Open-Meteo's quarters) says the same: the same
    /// spell, the same kinds, the same sentence but for the source.
    @Test func bothSourcesSayTheSameKindOfTheSameSeries() throws {
        // Quarter hours: dry, snow, dry, dry, rain, rain, snow, snow.
        let quarters: [(mm: Double, snow: Double)] = [(0, 0), (0.5, 1), (0, 0), (0, 0), (0.5, 0), (0.5, 0), (0.5, 1), (0.5, 1)]
        let met = try METNorwayNowcastDecoding.decode(FakeNowcast.met(
            rates: quarters.flatMap { Array(repeating: $0.mm * 4, count: 3) }, start: Self.start,
            symbols: [0: "lightsnow", 12: "lightrain", 18: "lightsnow"])).nowcast(fetchedAt: TestClock().now)
        let model = try OpenMeteoMinutelyDecoding.decode(FakeNowcast.openMeteo(
            amounts: quarters.map(\.mm), end: Self.start + 900, snow: quarters.map(\.snow)))
        let radar = try #require(met)
        let quarter = Nowcast(steps: model, stepMinutes: 15, isRadar: false, source: .openMeteo, fetchedAt: TestClock().now)
        #expect(NowcastKinds(radar) == NowcastKinds(kind: .snow) && NowcastKinds(quarter) == NowcastKinds(radar))
        // The second spell, alone.
        let later = { (n: Nowcast) in n.ahead(of: Date(timeIntervalSince1970: Double(Self.start + 3_600))) }
        #expect(NowcastKinds(later(radar)) == NowcastKinds(kind: .rain, turning: .init(kind: .snow, at: Date(timeIntervalSince1970: Double(Self.start + 5_400)))))
        #expect(NowcastKinds(later(quarter)) == NowcastKinds(later(radar)))
        let summaries = ForecastSummaries(options: DisplayOptions(language: .english))
        let words = { (n: Nowcast) in
            NowcastOutlook(later(n)).map { outlook in
                ForecastSummaries.nowcastWords(outlook, NowcastKinds(later(n)), summaries.strings) { FakeNowcast.iso(Int($0.timeIntervalSince1970)) }
            } ?? ""
        }
        #expect(words(radar) == words(quarter))
        #expect(words(radar).hasPrefix("light rain, turning to snow around ") && words(radar).contains(", until at least "), "\(words(radar))")
    }

    /// The fixtures' times are MET Norway's ISO 8601, read back to the second.
    @Test func theFixturesTimesReadBack() {
        for seconds in [0, 951_782_400, 1_699_918_500, 1_709_210_096, 4_102_444_799] {
            #expect(WireDate.iso8601(FakeNowcast.iso(seconds)) == Date(timeIntervalSince1970: Double(seconds)), "\(FakeNowcast.iso(seconds))")
        }
    }
}
