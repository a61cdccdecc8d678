import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Providers through the built binary, all three served by one loopback server (`FakeProviders`).
struct ProviderTests {
    static func keyless(_ server: LoopbackServer) -> BinaryRunner {
        BinaryRunner(server: server, key: nil)
    }

    /// Every provider as `FakeProviders` serves it, but OpenWeather answering 503.
    static func openWeatherFailing() throws -> LoopbackServer {
        try LoopbackServer { request in
            request.path.hasPrefix("/data/") ? .json("{}", status: 503) : FakeProviders.route(request)
        }
    }

    @Test func withoutAKeyTheWeatherComesFromOpenMeteo() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = Self.keyless(server)
        defer { runner.remove() }
        let result = try await runner.run(["London"])
        #expect(result.status == 0)
        #expect(result.stdout.withoutOldObservation.hasPrefix("London, England, GB"))
        #expect(!result.stdout.contains("Open-Meteo"))  // the default goes without saying in the header
        #expect(!(result.stdout + result.stderr).contains("API key"))
        #expect(server.weatherRequests.map(\.path) == ["/v1/search", "/v1/forecast"])
        #expect(!server.requests.contains { $0.target.contains("appid") })
    }

    @Test func metNorwayFindsPlacesThroughOpenMeteoAndNamesItself() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = Self.keyless(server)
        defer { runner.remove() }
        let result = try await runner.run(["--provider", "met-norway", "--hourly", "London"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("· MET Norway"))
        let forecast = try #require(server.requests(to: FakeMETNorway.path).first)
        #expect(forecast.headers["user-agent"]?.hasPrefix("weather-or-not/") == true)
        #expect(server.requests.first?.path == "/v1/search")
        #expect(server.requests(to: "/data/2.5/forecast").isEmpty)
    }

    /// Typed coordinates carry no zone and MET Norway gives none: the built binary takes the zone where they lie
    /// from the system's files (Kathmandu's +05:45, not the longitude's +06:00); with no zone files (`TZDIR` empty),
    /// times are in UTC and the view says so.
    @Test func metNorwayShowsTypedCoordinatesInTheZoneWhereTheyLie() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = Self.keyless(server)
        defer { runner.remove() }
        let result = try await runner.run(["--provider", "met-norway", "27.7172, 85.324"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(UTC+05:45)"), "\(result.stdout)")
        #expect(!result.stdout.contains("Times in UTC"))
        #expect(server.requests(to: "/v1/search").isEmpty)  // coordinates are not searched for

        let empty = TemporaryFolder()
        defer { empty.remove() }
        let bare = BinaryRunner(server: server, key: nil, extra: ["TZDIR": empty.url.path])
        defer { bare.remove() }
        let utc = try await bare.run(["--provider", "met-norway", "27.7172, 85.324"])
        #expect(utc.status == 0, "\(utc.stderr)")
        #expect(utc.stdout.contains("(UTC+00:00)") && utc.stdout.contains("Times in UTC: this place's time zone is not known."))
    }

    @Test func aFailingOpenWeatherGivesWayToOpenMeteoAndSaysSo() async throws {
        let server = try Self.openWeatherFailing()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_PROVIDER": "openweather"])
        defer { runner.remove() }
        let result = try await runner.run(["--timeout", "2", "London"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("OpenWeather did not answer (server error 503); showing Open-Meteo."))
        #expect(result.stdout.contains("· Open-Meteo"))
        #expect(!server.requests(to: "/v1/forecast").isEmpty)
        #expect(!server.requests.contains { $0.path.hasPrefix("/v1/") && $0.target.contains("appid") })

        let strict = try await runner.run(["--timeout", "2", "--no-failover", "London"])
        #expect(strict.status == 69)
        #expect(strict.stderr.contains("OpenWeather's server failed (HTTP 503)"))
    }

    @Test func anUnknownProviderIsAUsageError() async throws {
        let runner = BinaryRunner(server: nil, extra: ["WEATHER_PROVIDER": "wttr"])
        defer { runner.remove() }
        let result = try await runner.run(["London"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("WEATHER_PROVIDER must be openweather, open-meteo or met-norway."))
        let flag = try await BinaryRunner(server: nil).run(["--provider", "wttr", "London"])
        #expect(flag.status == 64)
        #expect(flag.stderr.contains("--provider must be openweather, open-meteo or met-norway."))
    }

    @Test func providerAtThePromptIsSavedAndShown() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = Self.keyless(server)
        defer { runner.remove() }
        var result = try await runner.run([], input: ":provider\n:provider met-norway\nLondon\n:hourly 1h 3\n")
        #expect(result.status == 0, "\(result.stderr)")
        result.stdout = result.stdout.replacingOccurrences(of: "\n", with: " ")  // messages wrap at 80 columns
        #expect(result.stdout.contains("Weather from Open-Meteo (no key needed). Others: openweather, met-norway (:provider NAME)."))
        #expect(result.stdout.contains("Weather from MET Norway (no key needed; your choice)."))
        #expect(result.stdout.contains("the next 3 hours · MET Norway"))
        let saved = try Preferences(data: Data(contentsOf: runner.preferencesFile))
        #expect(saved.provider == .metNorway)
    }

    /// Without a key, `:provider openweather` would only ever show another provider's weather under a warning: it is
    /// refused with how to set a key, nothing is saved, and the session goes on with the provider it had.
    @Test func openWeatherWithoutAKeyIsRefusedAtThePromptAndNotSaved() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = Self.keyless(server)
        defer { runner.remove() }
        var result = try await runner.run([], input: ":provider openweather\nLondon\n:provider\n")
        #expect(result.status == 1)  // a piped session with a failed command
        result.stderr = result.stderr.replacingOccurrences(of: "\n", with: " ")
        result.stdout = result.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(result.stderr.contains("OpenWeather needs an API key and none is set"), "\(result.stderr)")
        #expect(result.stderr.contains("set OPENWEATHER_API_KEY"))
        #expect(result.stderr.contains("The weather still comes from Open-Meteo."))
        #expect(result.stdout.contains("London, England, GB"))
        #expect(!result.stdout.contains("showing Open-Meteo"))  // no failover warning above the view
        #expect(result.stdout.contains("Weather from Open-Meteo (no key needed)"))
        #expect(server.requests.allSatisfy { !$0.path.hasPrefix("/data/") && !$0.path.hasPrefix("/geo/") })
        let saved = try Preferences(data: Data(contentsOf: runner.preferencesFile))
        #expect(saved.provider != .openWeather)
    }

    /// `--provider openweather` without a key is refused with EX_NOPERM (77, as for a missing key in every run), with
    /// no request made and nothing on standard output; a status line never silently shows another provider's figures.
    @Test func openWeatherWithoutAKeyOnTheCommandLineIsRefused() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = Self.keyless(server)
        defer { runner.remove() }
        for arguments in [["--provider", "openweather", "--format", "%t", "London"], ["--provider", "openweather", "London"]] {
            let result = try await runner.run(arguments)
            #expect(result.status == 77, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("OPENWEATHER_API_KEY"))
        }
        let variable = BinaryRunner(server: server, key: nil, extra: ["WEATHER_PROVIDER": "openweather"])
        defer { variable.remove() }
        let fromVariable = try await variable.run(["--format", "%t", "London"])
        #expect(fromVariable.status == 77)
        #expect(fromVariable.stdout.isEmpty)
        #expect(server.requests.isEmpty)
    }

    /// A status line from another provider than the one chosen: the line as always, and standard error says who answered.
    @Test func aStatusLineSaysOnStandardErrorWhichProviderAnswered() async throws {
        let server = try Self.openWeatherFailing()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_PROVIDER": "openweather"])
        defer { runner.remove() }
        let result = try await runner.run(["--timeout", "2", "--format", "%t", "London"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("°C\n"))
        #expect(!result.stdout.contains("Open-Meteo"))
        #expect(result.stderr.contains("OpenWeather did not answer (server error 503); showing Open-Meteo."), "\(result.stderr)")
        #expect(!server.requests(to: "/v1/forecast").isEmpty)

        let direct = try await runner.run(["--provider", "open-meteo", "--format", "%t", "London"])
        #expect(direct.status == 0)
        #expect(direct.stderr.isEmpty)  // the provider chosen answered: nothing to say
    }

    @Test func aCityFoundThroughOneProviderIsShownByAnotherWithoutASearch() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = Self.keyless(server)
        defer { runner.remove() }
        let result = try await runner.run([], input: "London\n:provider met-norway\nLondon\n")
        #expect(result.status == 0, "\(result.stderr)")
        // One search in all: MET Norway shows the stored place, with the time zone Open-Meteo's search gave it.
        #expect(server.requests(to: "/v1/search").count == 1)
        #expect(server.requests(to: FakeMETNorway.path).count == 1)
        #expect(result.stdout.contains("(UTC+00:00) · MET Norway"))
        let saved = try Preferences(data: Data(contentsOf: runner.preferencesFile))
        #expect(saved.lastCity?.timeZone == "Europe/London")
    }

    @Test func thePromptSaysOnceWhereTheWeatherComesFrom() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = Self.keyless(server)
        defer { runner.remove() }
        for launch in 1...2 {
            let terminal = try #require(try await runner.prompt())
            #expect(await terminal.quit() == 0)
            let said = terminal.transcript.contains("Weather from Open-Meteo (no key needed).")
            #expect(said == (launch == 1), "launch \(launch)")
        }
    }
}
