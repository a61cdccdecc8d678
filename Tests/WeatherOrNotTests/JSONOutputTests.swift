import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing

/// `--json` of the built binary against each provider (loopback servers answering as they do) and offline: every
/// document, of each view and of two views together, conforms to docs/weather-or-not.schema.json, and holds the
/// figures as numbers, the times with the place's offset, and who answered.
struct JSONOutputTests {
    /// The four documents of a place: the current weather, --hourly, --five-day, and both; each checked against the
    /// schema.
    static func documents(_ runner: BinaryRunner, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> (current: JSONValue, hourly: JSONValue, daily: JSONValue, both: JSONValue)
    {
        let schema = try JSONSchema.repository()
        var found: [JSONValue] = []
        for views in [[], ["--hourly"], ["--five-day"], ["--hourly", "--five-day"]] {
            let result = try await runner.run(["--json"] + views + arguments)
            #expect(result.status == 0, "\(views): \(result.stderr)", sourceLocation: sourceLocation)
            let errors = schema.errors(in: result.stdout)
            #expect(errors.isEmpty, "\(views + arguments): \(errors.prefix(5))", sourceLocation: sourceLocation)
            found.append(try JSONValue.parse(result.stdout))
        }
        return (found[0], found[1], found[2], found[3])
    }

    @Test func openWeatherWithAKey() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let (current, hourly, daily, both) = try await Self.documents(runner, ["Testford"])
        // current_testford.json: 7.46 °C, 93 %, 1007 hPa, 4.63 m/s from 236° gusting 11.3, 16093 m, 0.82 mm in 1 h.
        #expect(current["version"] == .number(2))
        #expect(current["view"] == .string("current"))
        #expect(current["provider"] == .string("openweather"))
        #expect(current["failover"] == .null)
        #expect(current["source"]?["kind"] == .string("live"))
        #expect(current["observedAt"] == .string("2023-11-13T23:30:00+00:00"))
        #expect(current["temperature"] == .number(7.5))
        #expect(current["humidity"] == .number(93))
        #expect(current["pressure"] == .number(1007))
        #expect(current["wind"] == .object(["speed": .number(16.7), "gust": .number(40.7), "degrees": .number(236), "compass": .string("SW")]))
        #expect(current["visibility"] == .number(16.09))
        #expect(current["cloudCover"] == .number(100))
        #expect(current["recentRain"] == .object(["amount": .number(0.82), "hours": .number(1)]))
        #expect(current["condition"]?["code"] == .number(501))
        #expect(current["condition"]?["group"] == .string("rain"))
        #expect(current["place"]?["latitude"] == .number(51.5))
        #expect(current["place"]?["name"] == .string("Testford"))

        let rows = try #require(hourly["rows"]?.array)
        #expect(rows.count == 8)
        #expect(rows.allSatisfy { $0["hours"] == .number(3) })
        #expect(rows.first?["start"] == .string("2023-11-14T00:00:00+00:00"))
        #expect(rows.first?["end"] == .string("2023-11-14T03:00:00+00:00"))
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0["end"] == $1["start"] })
        #expect(hourly["now"]?["observedAt"] == current["observedAt"])
        #expect(daily["days"]?.array?.first?["date"] == .string("2023-11-13"))
        #expect(both["version"] == .number(2))
        #expect(both["hourly"]?["view"] == .string("hourly"))
        #expect(both["daily"]?["view"] == .string("daily"))
        #expect(both["current"] == nil)
        // OpenWeather has no UV index, and Open-Meteo's request was refused here (this server is OpenWeather's alone):
        // none, never a made-up one.
        #expect(current["uvIndex"] == .null && current["uvSource"] == .null)
        #expect(rows.allSatisfy { $0["uvIndex"] == .null })
    }

    @Test func openMeteoWithoutAKey() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        let (current, hourly, daily, _) = try await Self.documents(runner, ["--units", "imperial", "London"])
        #expect(current["provider"] == .string("open-meteo"))
        #expect(current["place"]?["timeZone"] == .string("Europe/London"))
        #expect(current["place"]?["latitude"] == .number(51.5085))
        #expect(current["units"]?["temperature"] == .string("°F"))
        #expect(hourly["units"]?["wind"] == .string("mph"))
        #expect(daily["days"]?.array?.isEmpty == false)
        #expect(current["failover"] == .null)
        // forecast_testford.json's current UV index, 0.4: 0 as the WHO writes it, low; Open-Meteo's own.
        #expect(current["uvIndex"] == .object([
            "value": .number(0.4), "whole": .number(0), "category": .string("low"), "description": .string("low"),
        ]))
        #expect(current["uvSource"]?["provider"] == .string("open-meteo") && current["uvSource"]?["clearSky"] == .bool(false))

        // Kathmandu, typed as coordinates: its times carry +05:45.
        let kathmandu = try await runner.run(["--json", "--hourly", "27.7017, 85.3206"])
        let value = try JSONValue.parse(kathmandu.stdout)
        #expect(value["now"]?["observedAt"]?.string?.hasSuffix("+05:45") == true)
        #expect(value["rows"]?.array?.first?["start"]?.string?.hasSuffix(":00+05:45") == true)
    }

    @Test func metNorway() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        let (current, hourly, _, _) = try await Self.documents(runner, ["--provider", "met-norway", "London"])
        #expect(current["provider"] == .string("met-norway"))
        #expect(hourly["provider"] == .string("met-norway"))
        #expect(current["source"]?["kind"] == .string("live"))
        #expect(hourly["rows"]?.array?.isEmpty == false)
    }

    /// Review session 3, item 1: the loopback servers' observations are from November 2023, years before the fetch (as
    /// a stuck station's or a caching proxy's would be). The current view says when it was observed, with a date and no
    /// age, in `--json`'s notice and drawn and in plain mode, in the reader's language; the source stays live, and the
    /// forecasts' views say nothing of it.
    @Test func anObservationFarOlderThanItsFetchIsSaidToBe() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let (current, hourly, daily, _) = try await Self.documents(runner, ["Testford"])
        #expect(current["notice"] == .string("Observed on Mon 13 Nov 2023 at 23:30: not the weather now."))
        #expect(current["source"]?["kind"] == .string("live"))
        #expect(hourly["notice"]?.string?.contains("Observed") != true)
        #expect(daily["notice"]?.string?.contains("Observed") != true)
        let shown = try await runner.run(["Testford"])
        #expect(shown.stdout.contains("Observed on Mon 13 Nov 2023 at 23:30: not the weather now."), "\(shown.stdout)")
        let plain = try await runner.run(["--plain", "--lang", "fr", "Testford"])
        #expect(plain.stdout.contains("Observation du lundi 13 novembre 2023 à 23:30 : ce n’est pas la météo actuelle."), "\(plain.stdout)")
    }

    @Test func offlineSampleDataIsMarkedAsSuch() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let (current, hourly, daily, _) = try await Self.documents(runner, ["--offline", "--lang", "de", "--units", "standard", "Tokyo"])
        for view in [current, hourly, daily] {
            #expect(view["units"]?["temperature"] == .string("K"))
            #expect(view["units"]?["wind"] == .string("m/s"))
            #expect(view["provider"] == .null)
            #expect(view["source"]?["kind"] == .string("sample"))
            #expect(view["language"] == .string("de"))
            #expect(view["notice"]?.string?.isEmpty == false)
        }
        #expect(current["observedAt"]?.string?.hasSuffix("+09:00") == true)
        #expect((current["temperature"]?.double ?? 0) > 200)  // kelvin
        // The samples have no UV index: none is shown, nor asked for.
        for view in [current, hourly, daily] { #expect(view["uvSource"] == .null) }
        #expect(current["uvIndex"] == .null)
    }

    @Test func aFailoverNamesBothProviders() async throws {
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/data/") ? .json("{}", status: 503) : FakeProviders.route(request)
        }
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_PROVIDER": "openweather"])
        defer { runner.remove() }
        let result = try await runner.run(["--json", "--timeout", "2", "London"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONSchema.repository().errors(in: result.stdout) == [])
        let value = try JSONValue.parse(result.stdout)
        #expect(value["provider"] == .string("open-meteo"))
        #expect(value["failover"] == .object(["from": .string("openweather"), "reason": .string("server error 503")]))
    }

    @Test func aStaleCopySaysHowOldAndWhy() async throws {
        let server = try FakeOpenWeather.start()
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        #expect(try await runner.run(["--json", "Testford"]).status == 0)
        server.stop()
        try runner.backdateCache(by: 3_600)
        let result = try await runner.run(["--json", "--timeout", "1", "Testford"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONSchema.repository().errors(in: result.stdout) == [])
        let source = try JSONValue.parse(result.stdout)["source"]
        #expect(source?["kind"] == .string("stale"))
        #expect((source?["ageSeconds"]?.double ?? 0) >= 3_600)
        #expect(source?["reason"]?.string?.isEmpty == false)
    }
}
