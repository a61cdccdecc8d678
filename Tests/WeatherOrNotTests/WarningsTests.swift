import Foundation
import Synchronization
import WeatherCoreTesting
import Testing
import WeatherCore

/// Official warnings through the built binary: asked with the weather, drawn above the current view, most severe
/// first; at the prompt, when they come after the view, under it; a failing warning service beside a working forecast;
/// a bad base URL of a warning service.
@Suite(.serialized)
struct WarningsTests {
    /// A MeteoAlarm feed for the United Kingdom with warnings for Testford (England) around `now`: an orange one, a
    /// yellow one, one for another area and one already over.
    static func feed(now: Date = Date()) -> String {
        func time(_ hours: Double) -> String {
            let format = ISO8601DateFormatter()
            return format.string(from: now.addingTimeInterval(hours * 3600))
        }
        func alert(_ area: String, _ event: String, _ level: String, from: Double, to: Double) -> String {
            """
            {"alert": {"status": "Actual", "msgType": "Alert", "info": [{"language": "en-GB", "event": "\(event)",
             "area": [{"areaDesc": "\(area)", "geocode": [{"value": "UK999", "valueName": "EMMA_ID"}]}],
             "onset": "\(time(from))", "expires": "\(time(to))", "senderName": "Test Office",
             "parameter": [{"valueName": "awareness_level", "value": "\(level)"}], "description": "Take care."}]}}
            """
        }
        return """
            {"warnings": [\(alert("Testford", "Yellow rain warning", "2; yellow; Moderate", from: -1, to: 5)),
             \(alert("Testford area", "Orange wind warning", "3; orange; Severe", from: -2, to: 20)),
             \(alert("Elsewhere", "Red snow warning", "4; red; Extreme", from: -2, to: 20)),
             \(alert("Testford", "Yellow fog warning", "2; yellow; Moderate", from: -8, to: -2))]}
            """
    }

    static func server(warnings: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply) throws -> LoopbackServer {
        try LoopbackServer { request in
            request.path.hasPrefix("/api/v1/warnings/") ? warnings(request) : FakeProviders.route(request)
        }
    }

    /// A server whose warning feed is held until the semaphore is signalled (20 s at most); the weather is answered.
    static func heldFeed() throws -> (LoopbackServer, DispatchSemaphore) {
        let feed = Self.feed()
        let release = DispatchSemaphore(value: 0)
        let server = try Self.server { _ in
            _ = release.wait(timeout: .now() + 20)
            return .json(feed)
        }
        return (server, release)
    }

    /// Testford as a past session left it (a recent city: its coordinates known, no geocoding), so its weather and its
    /// warnings leave together and a one-shot draws them above its view.
    static let testford = Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12)

    static func followingTestford(_ runner: BinaryRunner) throws {
        var preferences = Preferences()
        preferences.recentCities = [testford]
        try runner.write(preferences)
    }

    /// The weather's server holds its answer until the warning request has come (3 s at most), and notes whether it
    /// did: asked after the weather landed, as before, it would not have.
    @Test func theWarningsLeaveWithTheWeatherAndComeAboveItMostSevereFirst() async throws {
        let feed = Self.feed()
        let warningsCame = Mutex(false)
        let weatherSawWarnings = Mutex<Bool?>(nil)
        let server = try LoopbackServer { request in
            if request.path.hasPrefix("/api/v1/warnings/") {
                warningsCame.withLock { $0 = true }
                return .json(feed)
            }
            if request.path.hasPrefix("/data/") {
                for _ in 0..<600 where !warningsCame.withLock({ $0 }) { usleep(5_000) }
                weatherSawWarnings.withLock { $0 = $0 ?? warningsCame.withLock { $0 } }
            }
            return FakeProviders.route(request)
        }
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        try Self.followingTestford(runner)
        let result = try await runner.run(["Testford"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(weatherSawWarnings.withLock { $0 } == true)
        #expect(server.requests(to: "/geo/1.0/direct").isEmpty)
        let lines = result.stdout.withoutOldObservation.split(separator: "\n").map(String.init)
        let warnings = lines.filter { $0.hasPrefix("⚠ ") }
        #expect(warnings.count == 2, "\(result.stdout)")
        #expect(warnings.first?.hasPrefix("⚠ Orange wind warning, orange, until ") == true)
        #expect(warnings.last?.hasPrefix("⚠ Yellow rain warning, yellow, until ") == true)
        #expect(lines.prefix(2) == warnings[...])  // above the view
        #expect(lines.dropFirst(2).first?.hasPrefix("Testford, England, GB") == true)
        #expect(server.requests(to: "/api/v1/warnings/feeds-united-kingdom").count == 1)
    }

    /// A new city the geocoder finds: its weather takes the geocoder's connection, while its warnings open one of
    /// their own, two round trips behind. The one-shot draws the view as soon as the weather is in (here while the
    /// warning server still holds its answer), and the warnings come under it when they land; the run waits for them
    /// within its deadline.
    @Test func aOneShotDrawsAGeocodedCityAtOnceAndItsWarningsUnderIt() async throws {
        let (server, release) = try Self.heldFeed()
        defer {
            release.signal()
            server.stop()
        }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        let terminal = try runner.terminal(["Testford"])
        #expect(await terminal.waitFor("moderate rain"), "\(terminal.diagnostics)")
        #expect(!terminal.transcript.contains("⚠"))
        // The warnings' request left with the weather's, on a connection of its own: it may reach the server after.
        #expect(await until { server.requests(to: "/api/v1/warnings/feeds-united-kingdom").count == 1 })
        release.signal()
        #expect(await terminal.waitFor("Official warnings for Testford, England, GB, just in:"), "\(terminal.diagnostics)")
        #expect(await terminal.waitFor("Orange wind warning, "), "\(terminal.diagnostics)")
        #expect(await terminal.waitForExit() == 0)
        #expect(server.requests(to: "/geo/1.0/direct").count == 1)
    }

    /// A one-shot waits for the warnings no longer than its one deadline (`--timeout`), and so does each line of a
    /// piped session: a warning server that never answers leaves the view drawn, the service said to be unavailable
    /// above it (not lost without a trace), and the run ends well.
    @Test func aOneShotWaitsForTheWarningsWithinItsDeadline() async throws {
        let server = try Self.server { _ in .neverRespond }
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        try Self.followingTestford(runner)
        let result = try await runner.run(["--timeout", "2", "Testford"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.withoutOldObservation.hasPrefix("warnings unavailable (MeteoAlarm)\nTestford, England, GB"), "\(result.stdout)")
        #expect(!result.stdout.contains("⚠"))
        #expect(server.requests(to: "/api/v1/warnings/feeds-united-kingdom").count == 1)
        let piped = try await runner.run(["--timeout", "2"], input: "Testford\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.withoutOldObservation.hasPrefix("warnings unavailable (MeteoAlarm)\nTestford, England, GB"), "\(piped.stdout)")
    }

    @Test func theJSONCarriesThemAsTheSchemaSays() async throws {
        let feed = Self.feed()
        let server = try Self.server { _ in .json(feed) }
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        let result = try await runner.run(["--json", "Testford"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONSchema.repository().errors(in: result.stdout) == [])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let warnings = try #require(json?["warnings"] as? [String: Any])
        #expect(warnings["covered"] as? Bool == true && (warnings["unavailable"] as? [String])?.isEmpty == true)
        let items = try #require(warnings["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["level"] as? String } == ["orange", "yellow"])
        #expect(items.first?["area"] as? String == "Testford area" && items.first?["language"] as? String == "en-gb")
        #expect((items.first?["expires"] as? String)?.hasSuffix("+00:00") == true)
    }

    @Test func aStatusLineGivesTheCountAndHighestLevelAndAFreshCopySpendsNoRequest() async throws {
        let feed = Self.feed()
        let server = try Self.server { _ in .json(feed) }
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        let first = try await runner.run(["--format", "%l: %W", "Testford"])
        #expect(first.status == 0 && first.stdout == "Testford, England, GB: 2 orange\n", "\(first.stdout) \(first.stderr)")
        let second = try await runner.run(["--format", "%W", "Testford"])
        #expect(second.stdout == "2 orange\n")
        #expect(server.requests(to: "/api/v1/warnings/feeds-united-kingdom").count == 1)
        // Without %W, none is asked; with warnings off, %W is "–".
        let asked = server.requests.filter { $0.path.hasPrefix("/api/v1/warnings/") }.count
        let other = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])  // an empty cache
        defer { other.remove() }
        #expect(try await other.run(["--format", "%t", "Testford"]).status == 0)
        #expect(server.requests.filter { $0.path.hasPrefix("/api/v1/warnings/") }.count == asked)
        var off = runner
        off.environment["WEATHER_OR_NOT_WARNINGS"] = "off"
        #expect(try await off.run(["--format", "%W", "Testford"]).stdout == "–\n")
    }

    /// At the prompt libedit holds the main thread: the warnings, held by their server until the weather and the prompt
    /// are drawn, still come with no key pressed.
    @Test func atThePromptTheWarningsComeWithoutAKeystroke() async throws {
        let (server, release) = try Self.heldFeed()
        defer {
            release.signal()
            server.stop()
        }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        let terminal = try runner.terminal()
        #expect(await terminal.waitFor("> "))
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("moderate rain"))
        #expect(await terminal.waitFor("Testford> "))
        #expect(await until { !server.requests(to: "/api/v1/warnings/feeds-united-kingdom").isEmpty })
        release.signal()
        // Under the view, after a short lead: the view is not drawn again.
        #expect(await terminal.waitFor("Official warnings for Testford, England, GB, just in:"), "\(terminal.diagnostics)")
        #expect(await terminal.waitFor("⚠ \u{1B}[0mOrange wind warning, "), "\(terminal.diagnostics)")
        terminal.send("\u{04}")
        #expect(await terminal.waitForExit() == 0)
    }

    /// At 40 columns the warning lines above the view wrap: the rows the prompt counts for the view above it are the
    /// rows drawn, wrapped ones included, so the refresh of a launch's copy is drawn over exactly the copy and its
    /// warnings (a count of one row a warning would leave rows of the old drawing on the screen).
    @Test func wrappedWarningRowsAreCountedWhenARefreshIsDrawnOverThem() async throws {
        let feed = Self.feed()
        let holding = Mutex(false)
        let release = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { request in
            if request.path.hasPrefix("/api/v1/warnings/") { return .json(feed) }
            if request.path == "/data/2.5/weather", holding.withLock({ $0 }) {
                _ = release.wait(timeout: .now() + 30)
                return .json(Fixtures.data("current_daytown.json"))
            }
            return FakeProviders.route(request)
        }
        defer {
            release.signal()
            server.stop()
        }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        #expect(try await runner.run([], input: "Testford\n").status == 0)
        try runner.backdateCache(by: 30 * 60)
        holding.withLock { $0 = true }
        let terminal = try runner.terminal(columns: 40)
        // The warnings come above the copy, or (when they land after it) under it: either way, then the prompt.
        #expect(await terminal.waitFor("Testford> "), "\(terminal.diagnostics)")
        if !terminal.transcript.contains("Orange wind warning, ") {
            #expect(await terminal.waitFor("Orange wind warning, "), "\(terminal.diagnostics)")
            #expect(await terminal.waitFor("Testford> "), "\(terminal.diagnostics)")
        }
        let transcript = terminal.transcript
        func lineStart(_ text: String) -> String.Index? {
            transcript.range(of: text).map { found in
                transcript[..<found.lowerBound].lastIndex { $0 == "\n" || $0 == "\r\n" }.map { transcript.index(after: $0) } ?? transcript.startIndex
            }
        }
        let start = try #require([lineStart("⚠"), lineStart("! From 30 minutes ago")].compactMap { $0 }.min())
        let prompt = try #require(transcript.range(of: "Testford> ", options: .backwards))
        let drawn = transcript[start..<prompt.lowerBound]
        #expect(drawn.contains("! From 30 minutes ago"), "\(drawn)")
        // The orange warning's line did not fit 40 columns: its end time came on the next row, indented, not cut.
        let wind = try #require(drawn.range(of: "Orange wind warning, "), "\(drawn)")
        let rows = drawn[wind.upperBound...].split { $0 == "\r\n" || $0 == "\n" }
        #expect(rows.count > 1 && !rows[0].contains(":") && !rows[0].contains("…"), "\(rows.prefix(2))")
        #expect(rows.count > 1 && rows[1].hasPrefix("  ") && rows[1].contains(":"), "\(rows.prefix(2))")
        let height = drawn.filter { $0 == "\n" || $0 == "\r\n" }.count
        release.signal()
        #expect(await terminal.waitFor("\r\u{1B}[\(height)A\u{1B}[J"), "rows \(height): \(terminal.diagnostics)")
        #expect(await terminal.waitFor("clear sky"))
        #expect(await terminal.quit() == 0)
    }

    @Test func aFailingWarningServiceLeavesTheWeatherAndSaysSoQuietly() async throws {
        let server = try Self.server { _ in .json("{\"error\": true}", status: 503) }
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        try Self.followingTestford(runner)
        let result = try await runner.run(["Testford"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        // Where the warnings would be: above the view.
        #expect(result.stdout.withoutOldObservation.hasPrefix("warnings unavailable (MeteoAlarm)\nTestford, England, GB"), "\(result.stdout)")
    }

    /// A server whose warning feed is held until the weather has been answered (`/data/`), and half a second more:
    /// the program has its view before its warnings, whatever the machine's load.
    static func feedAfterTheWeather() throws -> LoopbackServer {
        let feed = Self.feed()
        let weatherAnswered = Mutex(false)
        return try LoopbackServer { request in
            if request.path.hasPrefix("/api/v1/warnings/") {
                for _ in 0..<2000 where !weatherAnswered.withLock({ $0 }) { usleep(5_000) }
                usleep(500_000)
                return .json(feed)
            }
            let reply = FakeProviders.route(request)
            if request.path.hasPrefix("/data/") { weatherAnswered.withLock { $0 = true } }
            return reply
        }
    }

    /// Piped (stdin not a terminal), the input ends as soon as the view is printed: the session still waits for the
    /// warnings that left with the weather, within the answer's deadline, and draws them above the view (it was lost,
    /// with no trace, when they came after the weather).
    @Test func aPipedSessionWaitsForTheWarningsThatLeftWithTheWeather() async throws {
        let server = try Self.feedAfterTheWeather()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        try Self.followingTestford(runner)
        let result = try await runner.run(input: "Testford\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.withoutOldObservation.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("⚠ Orange wind warning, orange, until ") == true, "\(result.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("⚠ Yellow rain warning, yellow, until ") == true)
        #expect(lines.dropFirst(2).first?.hasPrefix("Testford, England, GB") == true)
        #expect(server.requests(to: "/api/v1/warnings/feeds-united-kingdom").count == 1)
    }

    /// A city the geocoder finds, piped with more commands after it: the view comes when its weather is in, the
    /// warnings (behind it by two round trips) under it after the "just in" lead before the next command is read.
    @Test func aPipedSessionPrintsAGeocodedCitysWarningsUnderItsViewBeforeTheNextCommand() async throws {
        let server = try Self.feedAfterTheWeather()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        let result = try await runner.run(input: "Testford\n:units imperial\n")
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        let view = try #require(out.range(of: "Testford, England, GB"), "\(out)")
        let lead = try #require(out.range(of: "Official warnings for Testford, England, GB, just in:"), "\(out)")
        let warning = try #require(out.range(of: "⚠ Orange wind warning, orange, until "), "\(out)")
        let units = try #require(out.range(of: "°F"), "\(out)")
        #expect(view.lowerBound < lead.lowerBound && lead.lowerBound < warning.lowerBound && warning.lowerBound < units.lowerBound)
        #expect(server.requests(to: "/geo/1.0/direct").count == 1)
    }

    /// The only service covering the place fails: the piped view says so above it (as a one-shot does), and
    /// `:alerts` and `:alerts 1` say the warnings could not be had from it, never "No warnings in force"; plain too.
    @Test func aFailedServiceIsNeverAnAllClear() async throws {
        let server = try Self.server { _ in .json("{\"error\": true}", status: 503) }
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        try Self.followingTestford(runner)
        let drawn = try await runner.run(input: "Testford\n:alerts\n:alerts 1\n")
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.withoutOldObservation.hasPrefix("warnings unavailable (MeteoAlarm)\nTestford, England, GB"), "\(drawn.stdout)")
        let sentence = "Could not get the warnings for Testford, England, GB from MeteoAlarm."
        #expect(drawn.stdout.components(separatedBy: sentence).count == 3, "\(drawn.stdout)")
        #expect(!drawn.stdout.contains("No warnings"))
        let plain = try await runner.run(["--plain"], input: "Testford\n:alerts\n")
        #expect(plain.stdout.hasPrefix("Warnings unavailable (MeteoAlarm).\n"), "\(plain.stdout)")
        #expect(plain.stdout.contains("Could not get the warnings for Testford, England, United Kingdom from MeteoAlarm."), "\(plain.stdout)")
        #expect(!plain.stdout.contains("No warnings"))
    }

    /// Offline, `:alerts` asks no service (the loopback counts every request) and says warnings are not available
    /// offline, in the language chosen, rather than real warnings (or a real all-clear) beside sample weather.
    @Test(arguments: [("en", "There are no official warnings in offline mode."), ("fr", "Pas d’alertes météo officielles en mode hors ligne.")])
    func offlineAlertsAskNothingAndSaySo(language: String, words: String) async throws {
        let server = try Self.server { _ in .json(Self.feed()) }
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        let result = try await runner.run(["--offline", "--lang", language], input: "London\n:alerts\nNew York\n:alerts 1\n")
        #expect(server.requests.isEmpty, "\(server.requests.map(\.path))")
        #expect(result.stderr.components(separatedBy: words).count == 3, "\(result.stderr)")
        #expect(!result.stdout.contains("⚠") && !result.stdout.contains("No warnings") && !result.stdout.contains("Aucune alerte"))
        #expect(result.status == 1)  // as offline :air, a command that could not be answered
    }

    @Test func warningsOffAsksNone() async throws {
        let server = try Self.server { _ in .json(Self.feed()) }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)  // the runner's default: off
        defer { runner.remove() }
        let result = try await runner.run(["Testford"])
        #expect(result.status == 0 && !result.stdout.contains("⚠"))
        #expect(server.requests.allSatisfy { !$0.path.hasPrefix("/api/v1/warnings/") })
    }

    @Test(arguments: ["NWS_BASE_URL", "BRIGHTSKY_BASE_URL", "ECCC_BASE_URL", "METEOALARM_BASE_URL"], ["ftp://127.0.0.1", "http://127.0.0.1:99999", "http://example.org"])
    func aBadBaseURLNamesItsVariableAndExits78(variable: String, base: String) async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: [variable: base, "WEATHER_OR_NOT_WARNINGS": "on"])
        defer { runner.remove() }
        let result = try await runner.run(["Testford"])
        let message = result.stderr.split(separator: "\n").joined(separator: " ")
        #expect(result.status == 78, "\(message)")
        #expect(message.hasPrefix(variable + " "), "\(message)")
        #expect(server.requests.isEmpty)
    }
}
