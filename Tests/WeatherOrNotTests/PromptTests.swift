import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore

/// The built binary at a real pseudo-terminal, against the loopback server.
@Suite(.serialized)
struct PromptTests {
    static let prompt = "> "

    /// A whole first session: each line typed at a fresh prompt, then `expecting` awaited, then `:q`.
    func typeInOneSession(_ runner: BinaryRunner, _ lines: [String], expecting: String) async throws {
        let terminal = try #require(try await runner.prompt())
        for line in lines { terminal.send(line + "\r") }
        #expect(await terminal.waitFor(expecting))
        #expect(await terminal.quit() == 0)
    }

    @Test func aTypedCityShowsItsWeatherAndTheOtherMatches() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt())
        terminal.send("London\r")
        #expect(await terminal.waitFor("London, England, GB"))
        #expect(await terminal.waitFor("moderate rain"))
        #expect(await terminal.waitFor("2. London, Ontario, CA"))
        #expect(await terminal.waitFor("London, GB> "))  // two Londons: the prompt says which
        terminal.send(":pick 2\r")
        #expect(await terminal.waitFor("1. London, England, GB\r\n"))  // the list keeps its order; the mark moves
        #expect(await terminal.waitFor("2. London, Ontario, CA  (shown)"))
        #expect(await terminal.waitFor("London, CA> "))
        #expect(await terminal.quit() == 0)
    }

    @Test func tabCompletesAPastMultiWordCity() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        var preferences = Preferences()
        preferences.recentCities = [
            Place(name: "Rio de Janeiro", state: "Rio de Janeiro", country: "BR", latitude: -22.911, longitude: -43.2094),
            Place(name: "Zürich", state: "Zurich", country: "CH", latitude: 47.3744, longitude: 8.541),
        ]
        try runner.write(preferences)
        let terminal = try #require(try await runner.prompt())
        terminal.send("Rio\t")
        #expect(await terminal.waitFor("Janeiro, BR"))  // libedit redraws only what Tab added
        terminal.send("\r")
        #expect(await terminal.waitFor("Rio de Janeiro> "))
        // A recent city is shown from its stored coordinates: no geocoding.
        #expect(server.requests(to: "/geo/1.0/direct").isEmpty)
        #expect(server.requests(to: "/data/2.5/weather").first?.value("lat") == "-22.9110")
        terminal.send("zur\t\r")
        #expect(await terminal.waitFor("Zürich> "))
        #expect(await terminal.waitForRawMode())
        terminal.send("\u{4}")
        let status = await terminal.waitForExit()
        #expect(status == 0, "\(terminal.diagnostics)")
    }

    /// On an ASCII terminal, Tab inserts a recent city folded as matching folds it, so Enter finds that city again
    /// (no geocoding), while the prompt shows it as the ASCII views write it.
    @Test func tabCompletesARecentCityOnAnASCIITerminal() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        var preferences = Preferences()
        preferences.recentCities = [Place(name: "Zürich", state: "Zurich", country: "CH", latitude: 47.3744, longitude: 8.541)]
        try runner.write(preferences)
        let terminal = try #require(try await runner.prompt(extra: ["LC_ALL": "C", "LANG": "C"]))
        terminal.send("zur\t")
        #expect(await terminal.waitFor("ich, CH"))  // the region, equal to the name, left out
        terminal.send("\r")
        #expect(await terminal.waitFor("Zuerich> "))
        #expect(server.requests(to: "/geo/1.0/direct").isEmpty)
        #expect(await terminal.quit() == 0)
    }

    @Test func upRecallsHistoryAcrossARelaunch() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        try await typeInOneSession(runner, ["Testford", ":recent"], expecting: "1. Testford, England, GB")
        let second = try runner.terminal()
        #expect(await second.waitFor("Testford> "))
        second.send("\u{1B}[A")
        await second.drain(for: 0.2)
        second.send("\u{1B}[A")
        #expect(await second.waitFor("recent"))  // libedit redraws only what changed from ":q"
        second.send("\r")
        #expect(await second.waitFor("1. Testford, England, GB"))
        #expect(await second.quit() == 0)
    }

    @Test func aRelaunchResumesTheLastCityWithoutAnyRequest() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        try await typeInOneSession(runner, ["Testford"], expecting: "Testford> ")
        server.resetLog()
        let second = try runner.terminal()
        #expect(await second.waitFor("Testford, England, GB"))  // shown at launch, before anything is typed
        #expect(await second.waitFor("Testford> "))
        second.send(":hourly\r")
        #expect(await second.waitFor("Now"))
        #expect(await second.waitFor("Testford> "))
        #expect(server.requests.isEmpty)  // no geocoding, and the cache is fresh
        #expect(await second.quit() == 0)
    }

    @Test func ctrlCCancelsASlowRequestAndClearsALine() async throws {
        let server = try LoopbackServer { request in
            request.value("q") == "Slowville" ? .neverRespond : FakeOpenWeather.route(request)
        }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(["--timeout", "60"]))
        terminal.send("Slowville\r")
        #expect(await terminal.waitFor("Fetching weather"))
        terminal.send("\u{3}")
        #expect(await terminal.waitFor("Cancelled."))
        #expect(await terminal.waitFor("weather> "))
        terminal.send("abc")
        await terminal.drain(for: 0.2)
        terminal.send("\u{3}")
        #expect(await terminal.waitFor("weather> "))
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("Testford, England, GB"))
        #expect(server.requests(to: "/geo/1.0/direct").map { $0.value("q") } == ["Slowville", "Testford"])
        #expect(await terminal.quit() == 0)
    }

    /// Ctrl-L, as in a shell: the screen is cleared, the view shown last drawn again at its top with no request, and
    /// the prompt comes back under it with the text typed so far.
    @Test func ctrlLClearsTheScreenAndRedrawsTheView() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt())
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("Testford> "))
        #expect(await terminal.waitForRawMode())
        // The weather's own requests: what goes beside it (air, UV, minutes) may still land after the view.
        let weather = { server.weatherRequests.filter { !$0.asksForUVIndexAlone }.count }
        let requests = weather()
        terminal.send("Lon\u{0C}")
        #expect(await terminal.waitFor("\u{1B}[H\u{1B}[2J"), "\(terminal.diagnostics)")
        #expect(await terminal.waitFor("Testford, England, GB"))
        #expect(await terminal.waitFor("Testford> Lon"), "\(terminal.diagnostics)")
        #expect(weather() == requests)
        terminal.send("don\r")  // the line typed before Ctrl-L goes on
        #expect(await terminal.waitFor("London, GB> "))
        #expect(await terminal.quit() == 0)
    }

    /// A number after `:recent` picks from its list; a command may be shortened to any start that names just it.
    @Test func aNumberAfterRecentPicksAndAShortCommandWorks() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt())
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("Testford> "))
        terminal.send("London\r")
        #expect(await terminal.waitFor("London, GB> "))
        terminal.send(":rec\r")
        #expect(await terminal.waitFor("2. Testford, England, GB"))
        terminal.send("2\r")
        #expect(await terminal.waitFor("Testford> "), "\(terminal.diagnostics)")
        #expect(server.requests(to: "/geo/1.0/direct").count == 2)  // Testford and London; the pick searched nothing
        terminal.send(":hour 2\r")
        #expect(await terminal.waitFor("the next 6 hours"))
        terminal.send(":c\r")
        #expect(await terminal.waitFor("could be :compare, :clock"))
        #expect(await terminal.quit() == 0)
    }

    @Test func ctrlDExitsWithStatusZero() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let terminal = try runner.terminal(["--offline"])
        #expect(await terminal.waitFor("weather (offline)> "))
        #expect(await terminal.waitForRawMode())
        terminal.send("\u{4}")
        let status = await terminal.waitForExit()
        #expect(status == 0, "\(terminal.diagnostics)")
    }

    @Test func nonASCIIInputReachesTheServerWhateverTheLocale() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(extra: ["LC_ALL": "C", "LANG": "C"]))
        terminal.send("Zürich\r")
        #expect(await terminal.waitFor("Zuerich> "))  // transliterated like the views under a non-UTF-8 locale
        #expect(server.requests(to: "/geo/1.0/direct").first?.value("q") == "Zürich")
        #expect(await terminal.quit() == 0)
    }

    @Test func unitsSwitchRerendersWithoutARequestAndPersists() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt())
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("Testford> "))
        // The weather's own requests: what goes beside it (air, UV, minutes) may still land after the view.
        let weather = { server.weatherRequests.filter { !$0.asksForUVIndexAlone }.count }
        let before = weather()
        terminal.send(":units imperial\r")
        #expect(await terminal.waitFor("45°F"))
        terminal.send(":5day\r")
        #expect(await terminal.waitFor("Today"))
        #expect(await terminal.waitFor("Testford> "))
        #expect(weather() == before)
        #expect(await terminal.quit() == 0)
        let saved = try Preferences(data: Data(contentsOf: runner.preferencesFile))
        #expect(saved.units == .imperial)
    }

    /// Text typed while a request runs is not drawn after the spinner line (echo is off meanwhile).
    @Test func typingDuringARequestIsNotEchoedOverTheSpinner() async throws {
        // Slowville's answer is held until the test has typed, however loaded the machine is.
        let typed = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { request in
            guard request.value("q") == "Slowville" else { return FakeOpenWeather.route(request) }
            _ = typed.wait(timeout: .now() + 30)
            return .json(Data("[]".utf8))
        }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(["--timeout", "60"]))
        terminal.send("Slowville\r")
        #expect(await terminal.waitFor("Fetching weather"))
        terminal.send("zqx")
        await terminal.drain(for: 0.3)
        #expect(!terminal.transcript.contains("zqx"))  // not echoed while the request runs
        typed.signal()
        #expect(await terminal.waitFor("No place called"))
        #expect(await terminal.waitFor("weather> "))
        let beforePrompt = terminal.transcript.components(separatedBy: "weather> ").dropLast().joined()
        #expect(!beforePrompt.contains("zqx"))  // never drawn over the spinner or the answer
        // Ctrl-U empties the line of what was typed ahead. (Not Ctrl-C: arriving before the line editor has set up
        // the terminal, it would interrupt and flush the ":q" sent after it.)
        terminal.send("\u{15}")
        #expect(await terminal.quit() == 0)
    }

    /// `:units` alone says what is in force; `:help` lists one command per line.
    @Test func settingsAndHelpAtThePrompt() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(["--offline", "--units", "imperial"], expecting: "weather (offline)> "))
        terminal.send(":units\r")
        #expect(await terminal.waitFor("Units: imperial (°F, mph, inHg, in). Clock: 24-hour."))
        terminal.send(":help\r")
        #expect(await terminal.waitFor(":hourly [N]       the next N 3-hour steps (default 8, at most 40)\r\n  :hourly 1h [N]"))
        #expect(await terminal.quit() == 0)
    }
}
