import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore

/// The built binary with piped standard input, and as a one-shot command.
@Suite(.serialized)
struct PipedAndOneShotTests {
    @Test func pipedSessionMatchesItsGoldenOutput() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(input: "Testford\n:hourly\n:5day\n:units imperial\n:clock 12\n:hourly 3\n\n:recent\n")
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stderr.isEmpty)
        golden.check(result.stdout, "piped_session.txt")
        // Geocoding, weather, forecast, and Open-Meteo's UV index beside them (refused here: no UV shown): everything
        // after comes from memory.
        #expect(server.weatherRequests.count == 4)
        #expect(server.requests.filter(\.asksForUVIndexAlone).count == 1)
    }

    /// Offline, hour by hour shows the samples' 3-hour steps and says so of the samples: no provider was asked, so
    /// none is blamed and none advised (it named OpenWeather and `:provider open-meteo`, which does nothing offline).
    @Test func offlineHourByHourSaysTheSamplesAreInThreeHourSteps() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let result = try await runner.run(["--offline"], input: "London\n:hourly 1h\n")
        #expect(result.status == 0, "\(result.stderr)")
        let all = FaultTests.unwrapped(result.stdout + result.stderr)
        #expect(all.contains("The sample data comes in 3-hour steps only."), "\(all)")
        #expect(!all.contains("OpenWeather forecasts") && !all.contains(":provider open-meteo"))
    }

    @Test func pipedInputStartsFromTheLastCity() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        _ = try await runner.run(input: "Testford\n")
        let result = try await runner.run(input: ":hourly 2\n")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Testford, England, GB: the next 6 hours"))
        #expect(!result.stdout.contains("moderate rain,"))  // the current view is not printed unless asked
    }

    @Test func eachPipedCommandIsAnsweredBeforeTheNextLineArrives() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let program = try runner.start()
        program.send("Testford\n")
        #expect(await program.waitFor("Testford, England, GB"))
        program.send(":hourly 1\n")
        #expect(await program.waitFor("Now"))
        #expect(try await program.finish() == 0)
    }

    @Test func commandsBeforeAnyCitySaySo() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let result = try await runner.run(input: ":hourly\n:5day\n:pick 2\n:bogus\n")
        #expect(result.status == 1)  // a command failed: errors on standard error, status 1
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            No city yet: type a city name first, such as London.
            No city yet: type a city name first, such as London.
            There is nothing to pick: the last search found one place.
            Unknown command ":bogus". Type :help for the list.

            """)
    }

    @Test func viewFlagsWithoutACityOrALastCityExitWithUsage() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let json = try await runner.run(["--json"])
        #expect(json.status == 64)
        #expect(json.stderr.replacingOccurrences(of: "\n", with: " ") == "--json needs a city, and there is no last city yet: for example weather-or-not --json London. ")
        let hourly = try await runner.run(["--hourly"])
        #expect(hourly.status == 64)
        #expect(hourly.stderr.hasPrefix("--hourly and --five-day need a city, and there is no last city yet: for example"))
    }

    @Test func oneShotViewsMatchTheirGoldenOutput() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let current = try await runner.run(["Testford"])
        #expect(current.status == 0)
        golden.check(current.stdout, "oneshot_current.txt")
        let hourly = try await runner.run(["--hourly", "Testford"])
        golden.check(hourly.stdout, "oneshot_hourly.txt")
        let daily = try await runner.run(["--five-day", "--units", "imperial", "--clock", "12", "Springfield,", "IL,", "US"])
        #expect(daily.status == 0)
        golden.check(daily.stdout, "oneshot_five_day_imperial.txt")
        for result in [current, hourly, daily] { #expect(!result.stdout.contains("\u{1B}")) }
    }

    @Test func oneShotFailuresExitNonZeroWithOneLineOnStandardError() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let notFound = try await runner.run(["Atlantis"])
        #expect(notFound.status == 65)
        #expect(notFound.stdout.isEmpty)
        #expect(notFound.stderr == """
            No place called "Atlantis" was found. Try "City", "City, CC" (country code),
            "City, ST, US" or "lat, lon".

            """)  // wrapped at 80 columns

        var noKey = BinaryRunner(server: server, key: nil)
        defer { noKey.remove() }
        noKey.environment["OPENWEATHER_API_KEY"] = nil
        let missing = try await noKey.run(["--provider", "openweather", "--no-failover", "London"])
        #expect(missing.status == 77)
        #expect(missing.stderr.contains("OPENWEATHER_API_KEY"))
        #expect(missing.stderr.contains("--offline"))
        #expect(server.requests(to: "/geo/1.0/direct").count == 1)  // only Atlantis went out

        server.setHandler { _ in .json("{\"cod\":401}", status: 401) }
        let rejected = try await runner.run(["London"])
        #expect(rejected.status == 77)
        #expect(rejected.stderr.contains("rejected the API key"))

        let closed = try ClosedPort()
        let base = closed.baseURL
        var offline = BinaryRunner(server: nil, extra: ["OPENWEATHER_BASE_URL": base])
        defer { offline.remove() }
        offline.environment["OPENWEATHER_BASE_URL"] = base
        let unreachable = try await offline.run(["--timeout", "3", "London"])
        #expect(unreachable.status == 69)
        #expect(unreachable.stderr.hasPrefix("Cannot reach 127.0.0.1"))
    }

    @Test func versionAndHelpCreditOpenWeather() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        #expect(try await runner.run(["--version"]).stdout.contains("Weather data by OpenWeather"))
        let help = try await runner.run(input: ":help\n").stdout
        #expect(help.contains(":hourly [N]"))
        #expect(help.contains("Weather data by OpenWeather"))
    }
}

/// The binary copied away from the build folder still has its sample data (issue: installed binary).
struct InstalledBinaryTests {
    @Test func aCopiedBinaryStillServesItsSampleData() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let copy = folder.path("weather-or-not")
        // Copied by cp, not by this process: a file this process holds open for writing can be inherited by a
        // program another test spawns at that moment, and exec then fails with "Text file busy".
        let cp = try Process.run(URL(fileURLWithPath: "/bin/cp"), arguments: [BinaryRunner.executable, copy.path])
        await offThread { cp.waitUntilExit() }
        let runner = BinaryRunner(server: nil, key: nil)
        defer { runner.remove() }
        let process = Process()
        process.executableURL = copy
        process.arguments = ["--offline", "Kathmandu"]
        process.environment = runner.environment
        process.currentDirectoryURL = folder.url
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = await offThread {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        #expect(process.terminationStatus == 0)
        #expect(text.contains("Sample data (offline mode): not real weather."))
        #expect(text.contains("Kathmandu, NP"))
        #expect(text.contains("(UTC+05:45)"))
    }
}

struct OfflineModeTests {
    @Test func aRecentLiveCityDoesNotHideTheSampleOfTheSameName() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        var preferences = Preferences()
        preferences.remember(Place(name: "London", state: "Ontario", country: "CA", latitude: 42.98, longitude: -81.24))
        try runner.write(preferences)
        let result = try await runner.run(["--offline", "London"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("London, England, GB"))
        #expect(result.stdout.contains("Sample data (offline mode): not real weather."))
    }

    @Test func offlineCanBeSwitchedOnAndOffAtThePrompt() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(input: ":offline on\nTokyo\n:offline off\nTestford\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Offline mode on: sample data (not real weather) for"))
        #expect(result.stdout.contains("Tokyo, JP"))
        #expect(result.stdout.contains("Offline mode off"))
        #expect(result.stdout.contains("Testford, England, GB  Mon 23:30"))
        #expect(server.requests(to: "/geo/1.0/direct").compactMap { $0.value("q") } == ["Testford"])  // Tokyo never went out
    }
}

struct UnitsAfterOtherViewsTests {
    @Test func unitsAfterACompareRedrawTheComparisonAndAfterRainTheOutlook() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(input: "Testford\n:compare Testford; Daytown\n:units imperial\n:rain\n:clock 12\n")
        #expect(result.status == 0)
        let requests = server.requests.count
        let comparisons = result.stdout.components(separatedBy: "Temperature ").dropFirst()
        #expect(comparisons.count == 2)  // drawn, then drawn again in °F with no request
        #expect(comparisons.first?.contains("7°C (feels like 5°C)") == true)
        #expect(comparisons.last?.contains("45°F (feels like 41°F)") == true)
        let outlooks = result.stdout.components(separatedBy: "Testford, England, GB: Rain").dropFirst()
        #expect(outlooks.count == 2)  // :rain, then again on the 12-hour clock
        #expect(outlooks.last?.contains("PM") == true)
        #expect(outlooks.first?.contains("PM") == false)
        #expect(server.requests.count == requests)
    }
}

struct DidYouMeanTests {
    @Test func aPlaceNotFoundSuggestsTheClosestPastCities() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(input: "Testford\nTestfrod\nZzyzx\n")
        #expect(result.stderr.contains("No place called \"Testfrod\" was found. Try \"City\", \"City, CC\""))
        #expect(result.stderr.contains("Did you mean \"Testford, England, GB\"?"))
        #expect(result.stderr.components(separatedBy: "Did you mean").count == 2)  // nothing close to Zzyzx
        #expect(result.status == 1)
    }
}
