import Foundation
import HTTPKit
import Testing
import WeatherCoreTesting

/// What falls, to the minute (issue 28: the minutes said "rain" when it snowed), through the built binary: snow,
/// rain turning to snow and the two mixed from Open-Meteo's rain and snowfall (Testford, whose weather is a rainy
/// night: the source's word wins), MET Norway's symbol, plain mode in two languages, `--json`'s kinds, and the weather's
/// own snow said alike by the three providers where the radar says nothing of what falls.
struct WhatFallsToTheMinuteTests {
    static func clock(_ seconds: Int) -> String { RainToTheMinuteTests.clock(seconds) }

    /// Serves the weather as `FakeOpenWeather` does, and `minutes` to the nowcast's request.
    static func server(_ minutes: Data) throws -> LoopbackServer {
        try minutesFirst { request in request.asksForNowcast ? .json(minutes) : FakeOpenWeather.route(request) }
    }

    /// A piped `:rain` for `place`, which waits for its minutes: the one-shots after it find them fresh in the cache,
    /// so what they say does not hang on the minutes coming in with the weather (asked beside it, they are taken only
    /// then, and a loaded machine can let them land a moment after).
    static func warm(_ runner: BinaryRunner, _ place: String, _ arguments: [String] = []) async throws {
        let session = try await runner.run(arguments, input: place + "\n:rain\n")
        #expect(session.status == 0, "\(session.stderr)")
    }

    static let weatherPaths: Set = ["/data/2.5/weather", "/data/2.5/forecast", "/v1/forecast", "/weatherapi/locationforecast/2.0/complete"]

    /// A server answering with `handler`, the weather's answers held until the minutes' request has been answered
    /// (5 s at most): asked beside the weather and taken only when in with it, the minutes are then in however loaded
    /// the machine is (each view of these tests is about them).
    static func minutesFirst(_ handler: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply) throws -> LoopbackServer {
        let answered = LockedFlag(false)
        return try LoopbackServer { request in
            if request.asksForNowcast {
                defer { answered.value = true }
                return handler(request)
            }
            if weatherPaths.contains(request.path), !answered.value {
                let deadline = ContinuousClock.now + .seconds(5)
                while !answered.value, ContinuousClock.now < deadline { usleep(2_000) }
                usleep(50_000)  // the minutes' answer on its way
            }
            return handler(request)
        }
    }

    /// Open-Meteo says snow: `:rain`'s sentence and key say snow, the current view's line is "Snow", plain mode says
    /// it in English and French, and `--json`'s steps carry `kind` "snow" from the source (null when dry).
    @Test func snowFromOpenMeteoIsSaidAsSnowInEveryView() async throws {
        let quarter = RainToTheMinuteTests.quarter
        let minutes = try FakeNowcast.openMeteo(amounts: [0, 0, 0.5, 0.5, 0, 0, 0, 0, 0, 0], end: quarter + 900, snow: [0, 0, 1, 1])
        let server = try Self.server(minutes)
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let (start, stop) = (Self.clock(quarter + 1_800), Self.clock(quarter + 3_600))
        let sentence = "Light snow from about \(start), stopping around \(stop) (Open-Meteo, 15-minute steps)."

        let session = try await runner.run([], input: "Testford\n:rain\n")
        #expect(session.status == 0, "\(session.stderr)")
        let text = session.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains(sentence) && !text.contains("Light rain from"), "\(session.stdout)")
        #expect(session.stdout.contains("  snow:  · dry  ▂ light  ▅ moderate  █ heavy"), "\(session.stdout)")

        let view = try await runner.run(["Testford"])
        #expect(view.stdout.contains("Snow             Light snow from about \(start)"), "\(view.stdout)")

        let plain = try await runner.run(["--plain"], input: "Testford\n:rain\n")
        #expect(plain.stdout.contains("\nLight snow from about \(start), stopping around \(stop).\n"), "\(plain.stdout)")
        let french = BinaryRunner(server: server, extra: ["LANG": "fr_FR.UTF-8"])
        defer { french.remove() }
        let plainFrench = try await french.run(["--plain"], input: "Testford\n:rain\n")
        #expect(plainFrench.stdout.contains("\nNeige faible à partir de \(start) environ, cessant vers \(stop).\n"), "\(plainFrench.stdout)")

        let json = try await runner.run(["--json", "Testford"])
        #expect(try JSONSchema.repository().errors(in: json.stdout) == [])
        let steps = try JSONValue.parse(json.stdout)["minutes"]?["steps"]?.array ?? []
        #expect(steps.count == 8, "\(json.stdout)")
        #expect(steps.filter { $0["kind"] == .string("snow") }.count == 2)
        #expect(steps.allSatisfy { ($0["kind"] == .null) == ($0["intensity"] == .null) })
        #expect(steps.allSatisfy { $0["kind"] == .null || $0["kindFrom"] == .string("source") })
        #expect(server.requests.filter(\.asksForNowcast).allSatisfy { $0.value("minutely_15") == "precipitation,rain,snowfall" })
    }

    /// Rain turning to snow within the two hours says when it turns; rain and snow in the same quarters is sleet.
    @Test func rainTurningToSnowAndTheTwoMixed() async throws {
        let quarter = RainToTheMinuteTests.quarter
        let turning = try FakeNowcast.openMeteo(amounts: [0, 0.5, 0.5, 0.5, 0.5, 0, 0, 0, 0, 0], end: quarter + 900, snow: [0, 0, 0, 1, 1])
        let server = try Self.server(turning)
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        try await Self.warm(runner, "Testford")
        let view = try await runner.run(["--json", "Testford"])
        #expect(view.status == 0, "\(view.stderr)")
        let said = "Light rain from about \(Self.clock(quarter + 900)), turning to snow around \(Self.clock(quarter + 2_700)), "
            + "stopping around \(Self.clock(quarter + 4_500)) (Open-Meteo, 15-minute steps)."
        let minutes = try JSONValue.parse(view.stdout)["minutes"]
        #expect(minutes?["summary"] == .string(said), "\(view.stdout)")
        #expect(minutes?["steps"]?.array?.compactMap { $0["kind"]?.string } == ["rain", "rain", "snow", "snow"])
        let session = try await runner.run([], input: "Testford\n:rain\n")
        #expect(session.stdout.contains("  rain, then snow:  · dry"), "\(session.stdout)")

        let mixed = try FakeNowcast.openMeteo(amounts: [0.5, 0.5, 0, 0, 0, 0, 0, 0, 0, 0], end: quarter + 900, snow: [0.5, 0.5])
        let mixedServer = try Self.server(mixed)
        defer { mixedServer.stop() }
        let mixedRunner = BinaryRunner(server: mixedServer)
        defer { mixedRunner.remove() }
        try await Self.warm(mixedRunner, "Testford")
        let sleet = try await mixedRunner.run(["Testford"])
        #expect(sleet.stdout.contains("Sleet            Light sleet now, stopping around \(Self.clock(quarter + 1_800))"), "\(sleet.stdout)")
    }

    /// MET Norway's radar (Oslo, by its coordinates): the symbol of the hour says sleet.
    @Test func metNorwaysSymbolSaysSleet() async throws {
        let start = Int(Date().timeIntervalSince1970) / 300 * 300
        let rates = (0..<24).map { (2..<6).contains($0) ? 1.0 : 0 }
        let minutes = try FakeNowcast.met(rates: rates, start: start, symbols: [0: "lightsleet"])
        let server = try Self.minutesFirst { request in
            if request.asksForNowcast { return .json(minutes) }
            if request.path == "/geo/1.0/reverse" { return .json(#"[{"name":"Oslo","lat":59.91,"lon":10.75,"country":"NO"}]"#) }
            return FakeOpenWeather.route(request)
        }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        try await Self.warm(runner, "59.91, 10.75")
        let view = try await runner.run(["59.91, 10.75"])
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout.contains("Light sleet from about \(Self.clock(start + 600))"), "\(view.stdout)")
        #expect(server.requests.contains { $0.path == "/weatherapi/nowcast/2.0/complete" })
    }

    /// One weather, three providers: where MET Norway's radar says nothing of what falls (no symbol), each provider's
    /// own snow now says it, alike: the same sentence, label and `--json` kinds (from the weather).
    @Test func theThreeProvidersSnowSaysTheSameKind() async throws {
        let start = Int(Date().timeIntervalSince1970) / 300 * 300
        let rates = (0..<24).map { (2..<6).contains($0) ? 1.0 : 0 }
        let minutes = try FakeNowcast.met(rates: rates, start: start)
        var told: [String] = []
        for provider in ConsistencyTests.Provider.allCases {
            let server = try Self.minutesFirst { request in Self.snowing(request, minutes: minutes) }
            defer { server.stop() }
            let runner: BinaryRunner
            switch provider {
            case .openWeather: runner = BinaryRunner(server: server, extra: ["WEATHER_PROVIDER": "openweather"])
            case .openMeteo: runner = BinaryRunner(server: server, key: nil)
            case .metNorway: runner = BinaryRunner(server: server, key: nil, extra: ["WEATHER_PROVIDER": "met-norway"])
            }
            defer { runner.remove() }
            try await Self.warm(runner, "59.91, 10.75", ["--no-failover"])
            let json = try await runner.run(["--no-failover", "--json", "59.91, 10.75"])
            #expect(json.status == 0, "\(provider): \(json.stderr)")
            let document = try JSONValue.parse(json.stdout)
            let steps = document["minutes"]?["steps"]?.array ?? []
            #expect(steps.compactMap { $0["kind"]?.string } == ["snow", "snow", "snow", "snow"], "\(provider): \(json.stdout)")
            #expect(steps.compactMap { $0["kindFrom"]?.string }.allSatisfy { $0 == "weather" })
            // Each provider's fixture has its own zone: the times are compared as the steps', the words as they are.
            let summary = document["minutes"]?["summary"]?.string ?? ""
            #expect(summary.contains(/^Light snow from about [0-9:]+, stopping around [0-9:]+ \(MET Norway radar, 5-minute steps\)\.$/), "\(provider): \(summary)")
            #expect(steps.first { $0["kind"] != .null }?["start"] == steps.first { $0["intensity"] != .null }?["start"])
            told.append(summary.replacing(/[0-9]{2}:[0-9]{2}/, with: "hh:mm"))
        }
        #expect(Set(told).count == 1, "\(told)")
    }

    /// Each provider's weather now is snow (OpenWeather's 601, Open-Meteo's 73, MET Norway's "snow"), at the
    /// coordinates asked; the nowcast is `minutes`.
    static func snowing(_ request: LoopbackServer.Request, minutes: Data) -> LoopbackServer.Reply {
        if request.asksForNowcast { return .json(minutes) }
        switch request.path {
        case "/geo/1.0/reverse": return .json(#"[{"name":"Oslo","lat":59.91,"lon":10.75,"country":"NO"}]"#)
        case "/data/2.5/weather":
            let text = String(decoding: Fixtures.data("current_testford.json"), as: UTF8.self)
                .replacingOccurrences(of: #""id":501,"main":"Rain","description":"moderate rain""#, with: #""id":601,"main":"Snow","description":"snow""#)
            return .json(Data(text.utf8))
        case "/v1/forecast":
            guard var body = try? JSONSerialization.jsonObject(with: FakeOpenMeteo.fixture("forecast_testford.json")) as? [String: Any],
                var current = body["current"] as? [String: Any]
            else { return .respond(status: 500, body: Data()) }
            current["weather_code"] = 73
            body["current"] = current
            return .json((try? JSONSerialization.data(withJSONObject: body)) ?? Data())
        case FakeMETNorway.path:
            // The first hour's symbol, the weather now.
            let text = FakeMETNorway.current()
            guard let first = text.firstRange(of: /"next_1_hours":\{"summary":\{"symbol_code":"[a-z_]+"/) else {
                return .respond(status: 500, body: Data())
            }
            return .json(Data(text.replacingCharacters(in: first, with: #""next_1_hours":{"summary":{"symbol_code":"snow""#).utf8),
                headers: ["Expires": FakeMETNorway.httpDate(Date().addingTimeInterval(1_800))])
        default:
            return FakeProviders.route(request)
        }
    }
}
