import Foundation
import Testing
import WeatherCore
import WeatherCoreTesting

/// Where the built binary starts and what `--here`, `--locate` and `:locate` ask: a guess from `TZ` or from a
/// localtime link of the test's own, none from a zone naming no place, and the IP geolocation service (a loopback
/// server here) asked only when `:locate` or `--locate` is typed.
@Suite(.serialized)
struct WhereaboutsTests {
    /// The loopback IP geolocation service, counting what reaches it.
    static func ipGeolocation() throws -> LoopbackServer {
        try LoopbackServer { request in
            request.path == "/json" ? .json(Fixtures.data("ipgeo/ipinfo_testford.json")) : .json("{}", status: 404)
        }
    }

    /// The weather servers, the IP geolocation service, and a sandbox whose `TZ` is Europe/Lisbon.
    struct InLisbon {
        let server: LoopbackServer
        let ipgeo: LoopbackServer
        let runner: BinaryRunner

        init() throws {
            server = try FakeProviders.start()
            ipgeo = try WhereaboutsTests.ipGeolocation()
            runner = BinaryRunner(server: server, extra: ["TZ": "Europe/Lisbon", "IPGEO_BASE_URL": ipgeo.baseURL])
        }

        func end() {
            server.stop()
            ipgeo.stop()
            runner.remove()
        }
    }

    @Test func aFirstLaunchGuessesFromTZ() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["TZ": "Europe/Lisbon"])
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(expecting: "Lisbon> "), "no guess")
        #expect(terminal.transcript.contains("A guess from your time zone (Europe/Lisbon): Lisbon, PT."))
        #expect(terminal.transcript.contains(":home CITY"))
        #expect(await terminal.waitFor("Lisbon, PT"))
        #expect(await terminal.quit() == 0)
        // The weather was asked for at Lisbon's coordinates, and nothing else was asked: no geocoding.
        #expect(server.requests.contains { $0.value("lat")?.hasPrefix("38.7") == true })
        #expect(server.requests(to: "/geo/1.0/direct").isEmpty && server.requests(to: "/v1/search").isEmpty)
        // A guess is not saved as the last city.
        let saved = try? Preferences(data: Data(contentsOf: runner.preferencesFile))
        #expect(saved?.lastCity == nil)
    }

    @Test func aFirstLaunchGuessesFromTheLocaltimeLink() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        var runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let link = runner.home.path("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../usr/share/zoneinfo/America/Argentina/Buenos_Aires")
        runner.environment["WEATHER_OR_NOT_LOCALTIME"] = link
        let terminal = try #require(try await runner.prompt(expecting: "Buenos Aires> "), "no guess")
        #expect(terminal.transcript.contains("(America/Argentina/Buenos_Aires): Buenos Aires, AR."))
        #expect(await terminal.quit() == 0)
    }

    @Test(arguments: ["UTC", "Etc/GMT-3", "CET-1CEST,M3.5.0,M10.5.0/3", ""])
    func aZoneNamingNoPlaceAsksForACity(tz: String) async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["TZ": tz])
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(), "no prompt")
        #expect(await terminal.quit() == 0)
        #expect(!terminal.transcript.contains("guess"))
        #expect(server.requests.isEmpty)
    }

    @Test func theLastCityThenTheHomeComeBeforeTheGuess() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["TZ": "Europe/Lisbon"])
        defer { runner.remove() }
        var preferences = Preferences()
        preferences.home = Place(name: "Porto", country: "PT", latitude: 41.1496, longitude: -8.611, timeZone: "Europe/Lisbon")
        try runner.write(preferences)
        let home = try #require(try await runner.prompt(expecting: "Porto> "), "the home was not shown")
        #expect(await home.quit() == 0)
        #expect(!home.transcript.contains("guess"))
        preferences.remember(TestData.place)
        try runner.write(preferences)
        let last = try #require(try await runner.prompt(expecting: "Testford> "), "the last city was not shown")
        #expect(await last.quit() == 0)
    }

    @Test func homeIsSavedAndHereShowsIt() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["TZ": "UTC"])
        defer { runner.remove() }
        let result = try await runner.run(input: ":here\n:home\n:home Testford\n:home\n")
        #expect(result.stderr.contains("No home is set, and the time zone (UTC) names no place to guess from."))
        #expect(result.stdout.contains("No home yet: :home CITY saves one"))
        #expect(result.stdout.contains("Home saved: Testford, "))
        #expect(result.stdout.contains("Home: Testford, "))
        let saved = try Preferences(data: Data(contentsOf: runner.preferencesFile))
        #expect(saved.home?.name == "Testford")
        // A one-shot --here shows the home; --json carries its weather.
        let here = try await runner.run(["--here", "--json"])
        #expect(here.status == 0)
        #expect(here.stdout.contains(#""name": "Testford""#), "\(here.stdout)")
        #expect(here.stdout.contains(#""by": "home""#), "\(here.stdout)")
        #expect(try JSONSchema.repository().errors(in: here.stdout) == [])
    }

    /// `--here --json` and `--locate --json`: the document says how its place was found, and holds to the schema.
    @Test func theJSONSaysHowThePlaceWasFound() async throws {
        let lisbon = try InLisbon()
        defer { lisbon.end() }
        let (runner, ipgeo) = (lisbon.runner, lisbon.ipgeo)
        let guess = try await runner.run(["--here", "--json", "--hourly"])
        #expect(guess.status == 0, "\(guess.stderr)")
        #expect(guess.stdout.contains(#""by": "timeZone""#) && guess.stdout.contains(#""zone": "Europe/Lisbon""#), "\(guess.stdout)")
        #expect(guess.stdout.contains(#""name": "Lisbon""#))
        #expect(guess.stderr.isEmpty, "\(guess.stderr)")  // the guess is said in the document, not on standard error
        #expect(try JSONSchema.repository().errors(in: guess.stdout) == [])
        #expect(ipgeo.connectionsAccepted == 0)
        let located = try await runner.run(["--locate", "--json", "--hourly", "--five-day"])
        #expect(located.status == 0, "\(located.stderr)")
        #expect(located.stdout.contains(#""by": "ipAddress""#) && located.stdout.contains(#""service": "127.0.0.1""#), "\(located.stdout)")
        #expect(try JSONSchema.repository().errors(in: located.stdout) == [])
        #expect(ipgeo.requests.count == 1)
        // A city typed: no "located".
        let typed = try await runner.run(["--json", "Testford"])
        #expect(!typed.stdout.contains("located"))
    }

    @Test func hereOneShotWithoutHomeOrGuessAndMisuse() async throws {
        let runner = BinaryRunner(server: nil, extra: ["TZ": "UTC"])
        defer { runner.remove() }
        let none = try await runner.run(["--here"])
        #expect(none.status == 65)
        #expect(none.stderr.contains("No home is set"))
        for arguments in [["--here", "London"], ["--locate", "London"], ["--here", "--locate"]] {
            let misuse = try await runner.run(arguments)
            #expect(misuse.status == 64, "\(arguments)")
            #expect(misuse.stderr.contains("names the place, so it cannot be combined"), "\(arguments)")
        }
    }

    @Test func theIPServiceIsAskedOnlyWhenAsked() async throws {
        let lisbon = try InLisbon()
        defer { lisbon.end() }
        let (runner, ipgeo) = (lisbon.runner, lisbon.ipgeo)
        // A first launch (a guess), searches, views, :here and :home; piped, one-shot and --here runs.
        let terminal = try #require(try await runner.prompt(expecting: "Lisbon> "))
        for line in ["Testford", ":hourly", ":here", ":home", ":recent"] { terminal.send(line + "\r") }
        #expect(await terminal.waitFor("No home yet"))
        #expect(await terminal.quit() == 0)
        _ = try await runner.run(input: "Testford\n:5day\n:here\n")
        _ = try await runner.run(["Testford"])
        _ = try await runner.run(["--here", "--format", "1"])
        #expect(ipgeo.connectionsAccepted == 0)

        // Asked: one request, and the place is a place like any other (shown, saved, offered by Tab).
        let asked = try #require(try await runner.prompt(expecting: "> "))
        asked.send(":locate\r")
        #expect(await asked.waitFor("127.0.0.1 places this machine's address in Porto, PT."))
        #expect(await asked.waitFor("Porto> "))
        #expect(await asked.quit() == 0)
        #expect(ipgeo.requests.map(\.target) == ["/json"])
        let saved = try Preferences(data: Data(contentsOf: runner.preferencesFile))
        #expect(saved.lastCity?.name == "Porto" && saved.recentCities.first?.name == "Porto")
        #expect(saved.lastCity?.timeZone == "Europe/Lisbon")
    }

    /// A service that never answers: Ctrl-C cancels the request (with a 60 s timeout, the prompt could only come back
    /// this soon by it), and nothing is shown or saved.
    @Test func ctrlCCancelsLocate() async throws {
        let ipgeo = try LoopbackServer { _ in .neverRespond }
        defer { ipgeo.stop() }
        let runner = BinaryRunner(server: nil, extra: ["IPGEO_BASE_URL": ipgeo.baseURL])
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(["--timeout", "60"]))
        terminal.send(":locate\r")
        #expect(await terminal.waitFor("Fetching weather"))
        terminal.send("\u{3}")
        #expect(await terminal.waitFor("Cancelled."))
        #expect(await terminal.waitFor("weather> "))
        #expect(await terminal.quit() == 0)
        #expect(ipgeo.requests.count == 1)
        #expect(!terminal.transcript.contains("Could not ask"))
    }

    @Test func locateOneShot() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let ipgeo = try Self.ipGeolocation()
        defer { ipgeo.stop() }
        let runner = BinaryRunner(server: server, extra: ["IPGEO_BASE_URL": ipgeo.baseURL])
        defer { runner.remove() }
        let result = try await runner.run(["--locate"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Porto, PT"))
        #expect(result.stderr.contains("places this machine's address in Porto, PT"))
        #expect(ipgeo.requests.count == 1)
        // A one-shot saves nothing.
        #expect(!FileManager.default.fileExists(atPath: runner.preferencesFile.path))
    }

    @Test(arguments: ["http://ipinfo.example", "ftp://127.0.0.1", "https://127.0.0.1%0d%0aX-Injected%3a%201"])
    func aBadIPGeolocationURLExits78NamingItsVariable(base: String) async throws {
        let runner = BinaryRunner(server: nil, extra: ["IPGEO_BASE_URL": base])
        defer { runner.remove() }
        let result = try await runner.run(["--locate"])
        #expect(result.status == 78)
        // One message (wrapped to the width), naming the variable, and nothing else.
        #expect(result.stderr.hasPrefix("IPGEO_BASE_URL "), "\(result.stderr)")
        #expect(!result.stderr.contains("Could not") && result.stdout.isEmpty, "\(result.stderr)")
    }

    @Test func aFailingIPServiceIsOneLineAndExits69() async throws {
        let ipgeo = try LoopbackServer { _ in .json("{}", status: 503) }
        defer { ipgeo.stop() }
        let runner = BinaryRunner(server: nil, extra: ["IPGEO_BASE_URL": ipgeo.baseURL])
        defer { runner.remove() }
        let result = try await runner.run(["--locate"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("Could not ask 127.0.0.1 where you are: server error 503."))
        let piped = try await runner.run(input: ":locate\n")
        #expect(piped.status == 1)
        #expect(piped.stderr.hasPrefix("Could not ask 127.0.0.1 where you are: server error 503."), "\(piped.stderr)")
        #expect(piped.stdout.isEmpty)
    }
}
