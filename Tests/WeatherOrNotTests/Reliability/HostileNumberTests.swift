import Foundation
import Synchronization
import WeatherCoreTesting
import Testing
import WeatherProviders

/// Answers with numbers no weather has (±1e300, a time of 1e19 or -1, a UTC offset of a billion seconds), from each
/// provider, through the built program: every view, `--json` and `--format` with every placeholder either show
/// the rest of the weather or refuse the answer in one line naming the provider; nothing traps (a trap ends the
/// program by a signal, which no expected status is), a refused answer is never cached, and once the provider
/// answers sensibly again the next run works, as does `--offline`.
@Suite(.serialized)
struct HostileNumberTests {
    /// Which provider is asked, for which place, and which cache key its weather answer is stored under.
    enum Provider: String, CustomStringConvertible {
        case openWeather = "openweather", openMeteo = "open-meteo", metNorway = "met-norway"

        var description: String { rawValue }
        var city: String { self == .openWeather ? "Testford" : "London" }
        var displayName: String {
            switch self {
            case .openWeather: "OpenWeather"
            case .openMeteo: "Open-Meteo"
            case .metNorway: "MET Norway"
            }
        }

        /// The path of the answer spoiled, and the prefix of its cache key.
        var weather: (path: String, cacheKey: String) {
            switch self {
            case .openWeather: ("/data/2.5/weather", "weather|")
            case .openMeteo: ("/v1/forecast", "open-meteo|forecast|")
            case .metNorway: (FakeMETNorway.path, "metno|")
            }
        }
    }

    /// One hostile answer: where, which numbers (paths with `*` for every element), the value, and what is expected:
    /// nil when the weather is shown, else words of the one line refusing it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var provider: Provider
        var path: String
        var spoil: [String: JSONValue]
        var refusal: String?

        var testDescription: String { name }

        /// The prefix of the cache key the spoiled answer would be stored under.
        var cacheKey: String {
            switch path {
            case HostileNumberTests.owCurrent: "weather|"
            case HostileNumberTests.owForecast: "forecast|"
            case "/geo/1.0/direct": "direct|"
            case "/v1/search": "open-meteo|search|"
            case "/v1/forecast": "open-meteo|forecast|"
            default: "metno|"
            }
        }
    }

    /// A number for a spoiled field.
    enum JSONValue: Sendable {
        case number(Double)
        case text(String)

        var object: Any {
            switch self {
            case .number(let value): value
            case .text(let value): value
            }
        }
    }

    static let owCurrent = "/data/2.5/weather", owForecast = "/data/2.5/forecast"
    static let everyCurrentFigure = [
        "main.feels_like", "main.humidity", "main.pressure", "visibility", "wind.speed", "wind.deg", "wind.gust", "rain.1h",
        "clouds.all", "sys.sunrise", "sys.sunset",
    ]
    static let temperature = "the temperature it gave was impossible", time = "the time it gave was impossible"

    static let cases: [Case] = [
        Case(name: "OpenWeather temperature 1e300", provider: .openWeather, path: owCurrent, spoil: ["main.temp": .number(1e300)], refusal: temperature),
        Case(name: "OpenWeather temperature -1e300", provider: .openWeather, path: owCurrent, spoil: ["main.temp": .number(-1e300)], refusal: temperature),
        Case(name: "OpenWeather time 1e19", provider: .openWeather, path: owCurrent, spoil: ["dt": .number(1e19)], refusal: time),
        Case(name: "OpenWeather time -1", provider: .openWeather, path: owCurrent, spoil: ["dt": .number(-1)], refusal: time),
        Case(name: "OpenWeather UTC offset 1e9", provider: .openWeather, path: owCurrent, spoil: ["timezone": .number(1e9)]),
        Case(
            name: "OpenWeather every other current figure 1e300", provider: .openWeather, path: owCurrent,
            spoil: Dictionary(uniqueKeysWithValues: everyCurrentFigure.map { ($0, .number(1e300)) })),
        Case(
            name: "OpenWeather every other current figure -1e300", provider: .openWeather, path: owCurrent,
            spoil: Dictionary(uniqueKeysWithValues: everyCurrentFigure.map { ($0, .number(-1e300)) })),
        Case(name: "OpenWeather forecast temperatures 1e300", provider: .openWeather, path: owForecast, spoil: ["list.*.main.temp": .number(1e300)]),
        Case(name: "OpenWeather forecast times 1e19", provider: .openWeather, path: owForecast, spoil: ["list.*.dt": .number(1e19)]),
        Case(
            name: "OpenWeather forecast figures -1e300", provider: .openWeather, path: owForecast,
            spoil: [
                "list.*.pop": .number(-1e300), "list.*.main.humidity": .number(1e300), "list.*.wind.speed": .number(-1e300),
                "list.*.wind.deg": .number(1e300), "list.1.rain.3h": .number(1e300), "city.timezone": .number(1e9),
            ]),
        Case(
            name: "OpenWeather geocoding off the map", provider: .openWeather, path: "/geo/1.0/direct",
            spoil: ["*.lat": .number(1e300), "*.lon": .number(-1e19)], refusal: "every place it gave was off the map"),
        Case(
            name: "Open-Meteo geocoding off the map", provider: .openMeteo, path: "/v1/search",
            spoil: ["results.*.latitude": .number(-1e300)], refusal: "every place it gave was off the map"),
        Case(name: "Open-Meteo temperature 1e300", provider: .openMeteo, path: "/v1/forecast", spoil: ["current.temperature_2m": .number(1e300)], refusal: temperature),
        Case(name: "Open-Meteo time 1e19", provider: .openMeteo, path: "/v1/forecast", spoil: ["current.time": .number(1e19)], refusal: time),
        Case(name: "Open-Meteo UTC offset 1e9", provider: .openMeteo, path: "/v1/forecast", spoil: ["utc_offset_seconds": .number(1e9)]),
        Case(
            name: "Open-Meteo every hourly and daily figure 1e300", provider: .openMeteo, path: "/v1/forecast",
            spoil: [
                "hourly.temperature_2m.*": .number(1e300), "hourly.precipitation.*": .number(1e300),
                "hourly.relative_humidity_2m.*": .number(-1e300), "hourly.weather_code.*": .number(1e300),
                "daily.time.*": .number(1e19), "daily.temperature_2m_max.*": .number(1e300),
                "current.weather_code": .number(-1e300), "current.pressure_msl": .number(1e300), "current.wind_speed_10m": .number(-1),
            ]),
        Case(name: "Open-Meteo hourly times -1", provider: .openMeteo, path: "/v1/forecast", spoil: ["hourly.time.*": .number(-1)]),
        Case(
            name: "MET Norway temperatures 1e300", provider: .metNorway, path: FakeMETNorway.path,
            spoil: ["properties.timeseries.*.data.instant.details.air_temperature": .number(1e300)], refusal: "it held no forecast"),
        Case(
            name: "MET Norway times in 2090", provider: .metNorway, path: FakeMETNorway.path,
            spoil: ["properties.timeseries.*.time": .text("2090-01-01T00:00:00Z")], refusal: time),
        Case(
            name: "MET Norway every other figure -1e300", provider: .metNorway, path: FakeMETNorway.path,
            spoil: [
                "properties.timeseries.*.data.instant.details.relative_humidity": .number(1e300),
                "properties.timeseries.*.data.instant.details.wind_speed": .number(-1e300),
                "properties.timeseries.*.data.instant.details.air_pressure_at_sea_level": .number(-1e300),
                "properties.timeseries.*.data.next_1_hours.details.precipitation_amount": .number(1e300),
            ]),
    ]

    /// `json` with the value at every path made `value` (`*` is every element of an array).
    static func spoiled(_ json: Any, _ path: ArraySlice<Substring>, _ value: Any) -> Any {
        guard let step = path.first else { return value }
        let rest = path.dropFirst()
        if var object = json as? [String: Any] {
            if let member = object[String(step)] { object[String(step)] = spoiled(member, rest, value) }
            return object
        }
        if var array = json as? [Any] {
            for index in array.indices where step == "*" || Int(step) == index { array[index] = spoiled(array[index], rest, value) }
            return array
        }
        return json
    }

    static func spoiled(_ body: Data, _ spoil: [String: JSONValue]) throws -> Data {
        var json = try JSONSerialization.jsonObject(with: body)
        for (path, value) in spoil { json = spoiled(json, path.split(separator: ".")[...], value.object) }
        return try JSONSerialization.data(withJSONObject: json)
    }

    /// The keys of the live cache entries (a set-aside `*.corrupt-*` file is none).
    static func cacheKeys(_ runner: BinaryRunner) -> [String] {
        let folder = runner.home.path("cache/weather-or-not")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.compactMap { name in
            guard let file = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
                let newline = file.firstIndex(of: UInt8(ascii: "\n")),
                let header = try? JSONSerialization.jsonObject(with: file[..<newline]) as? [String: Any]
            else { return nil }
            return header["key"] as? String
        }
    }

    static let everyPlaceholder = "%c %C %t %f %h %w %l %p %o %P %S %s"

    @Test(arguments: cases)
    func aHostileAnswerIsShownWithoutItsNonsenseOrRefused(_ hostile: Case) async throws {
        let spoiled = LockedFlag(true)
        let server = try LoopbackServer { request in
            let healthy = FakeProviders.route(request)
            guard spoiled.value, request.path == hostile.path, case .respond(let status, let headers, let body, let delay) = healthy else {
                return healthy
            }
            let bad = (try? Self.spoiled(body, hostile.spoil)) ?? Data("spoiling failed".utf8)
            return .respond(status: status, headers: headers, body: bad, delay: delay)
        }
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: hostile.provider == .openWeather ? "e2e-key-Zq81" : nil)
        defer { runner.remove() }
        let chosen = ["--provider", hostile.provider.rawValue, "--no-failover"]
        let city = hostile.provider.city
        let expected: Set<Int32> = hostile.refusal == nil ? [0] : [1, 69]

        let session = try await runner.run(
            chosen, input: "\(city)\n:hourly\n:hourly 1h\n:5day\n:rain\n:compare \(city); 51.5, -0.12\n:units imperial\n:units standard\n")
        let json = try await runner.run(chosen + ["--json", "--hourly", city])
        let format = try await runner.run(chosen + ["--format", Self.everyPlaceholder, city])
        for (name, result) in [("session", session), ("--json", json), ("--format", format)] {
            #expect(expected.contains(result.status), "\(hostile.name), \(name): exit \(result.status)\n\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(hostile.name), \(name)")
        }
        if let refusal = hostile.refusal {
            for result in [json, format] {
                let line = result.stderr.split(separator: "\n").joined(separator: " ")
                #expect(line.contains(hostile.provider.displayName) && line.contains(refusal), "\(hostile.name): \(result.stderr)")
                #expect(result.stdout.isEmpty, "\(hostile.name)")
            }
            #expect(!Self.cacheKeys(runner).contains { $0.hasPrefix(hostile.cacheKey) }, "\(hostile.name): cached")
        } else {
            #expect(session.stdout.contains(city), "\(hostile.name): \(session.stdout)")
            #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any], "\(hostile.name): \(json.stdout)")
            #expect(format.stdout.contains(city), "\(hostile.name): \(format.stdout)")
            #expect(Self.cacheKeys(runner).contains { $0.hasPrefix(hostile.provider.weather.cacheKey) }, "\(hostile.name): shown, so cached")
        }

        // The provider answers sensibly again: the next run shows the weather, and offline mode works too.
        spoiled.value = false
        let healed = try await runner.run(chosen + [city])
        #expect(healed.status == 0 && healed.stdout.contains(city), "\(hostile.name): \(healed.stderr)")
        let offline = try await runner.run(["--offline", "London"])
        #expect(offline.status == 0 && offline.stdout.contains("London"), "\(hostile.name): \(offline.stderr)")
    }

    /// A cached answer that cannot be shown (written by an older version, or edited) is set aside and fetched anew,
    /// never fatal; so is a cache file whose own time is nonsense.
    @Test func aPoisonedCacheEntryIsSetAsideAndFetchedAgain() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        #expect(try await runner.run(["Testford"]).status == 0)
        let folder = runner.home.path("cache/weather-or-not")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let current = try #require(names.first { $0.hasPrefix("weather-") })
        let forecast = try #require(names.first { $0.hasPrefix("forecast-") })
        // The current weather's body poisoned under a fresh header; the forecast's header given a time of 1e300.
        for (name, edit) in [(current, "body"), (forecast, "header")] {
            let url = folder.appendingPathComponent(name)
            let file = try Data(contentsOf: url)
            let newline = try #require(file.firstIndex(of: UInt8(ascii: "\n")))
            var header = try #require(try JSONSerialization.jsonObject(with: file[..<newline]) as? [String: Any])
            var body = Data(file[(newline + 1)...])
            if edit == "body" {
                body = try Self.spoiled(body, ["main.temp": .number(1e300)])
            } else {
                header["fetchedAt"] = 1e300
            }
            try (JSONSerialization.data(withJSONObject: header) + Data("\n".utf8) + body).write(to: url)
        }
        server.resetLog()
        let again = try await runner.run(["Testford"])
        #expect(again.status == 0 && again.stdout.contains("Testford"), "\(again.stderr)")
        #expect(server.requests(to: Self.owCurrent).count == 1 && server.requests(to: Self.owForecast).count == 1)
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(after.filter { $0.contains(".corrupt-") }.count == 2, "\(after)")
        #expect(Set(Self.cacheKeys(runner).map { $0.prefix { $0 != "|" } }).isSuperset(of: ["weather", "forecast"]))
    }

    /// A good copy is never replaced by a hostile answer: it stands in, with its age, as for any unreadable answer.
    @Test func aHostileAnswerNeverReplacesAGoodCopy() async throws {
        let spoiled = LockedFlag(false)
        let server = try LoopbackServer { request in
            guard spoiled.value, request.path == Self.owCurrent else { return FakeProviders.route(request) }
            return .json(try! Self.spoiled(Fixtures.data("current_testford.json"), ["dt": .number(1e19)]))
        }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        #expect(try await runner.run(["Testford"]).status == 0)
        try runner.backdateCache(by: 3_600)
        spoiled.value = true
        let result = try await runner.run(["--no-failover", "Testford"])
        #expect(result.status == 0 && result.stdout.contains("Testford"), "\(result.stderr)")
        let notice = result.stdout.split(separator: "\n").joined(separator: " ")
        #expect(notice.contains("From 1 hour ago") && notice.contains(Self.time), "\(result.stdout)")
    }

    @Test func preferencesWithCoordinatesOffTheMapAreSetAside() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        try FileManager.default.createDirectory(at: runner.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"lastCity": {"name": "Nowhere", "latitude": 1e300, "longitude": -1e19}, "units": "metric"}"#.utf8)
            .write(to: runner.preferencesFile)
        let result = try await runner.run([], input: ":hourly\nTestford\n")
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("not valid"), "\(result.stderr)")
        #expect(result.stdout.contains("Testford"))
        let folder = runner.preferencesFile.deletingLastPathComponent()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains(".corrupt-") })
    }

    @Test func anAbsurdColumnsIsIgnored() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["COLUMNS": "9000000000000000000"])
        defer { runner.remove() }
        let result = try await runner.run(["--hourly", "Testford"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "laid out at 80 columns, as piped")
    }
}

