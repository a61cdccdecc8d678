import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore

/// The built binary's `--format`: one line for a status bar, from the cache while it is fresh, from an older copy
/// (marked) when a refresh fails, never writing preferences, never coloured unless asked.
@Suite(.serialized)
struct StatusLineTests {
    /// A sandbox whose last city is Testford, its answers cached by a piped session; the server's log emptied.
    static func afterASession(_ server: LoopbackServer) async throws -> BinaryRunner {
        let runner = BinaryRunner(server: server)
        #expect(try await runner.run([], input: "Testford\n").status == 0)
        server.resetLog()
        return runner
    }

    @Test func aFreshCacheAnswersWithNoRequestAndNoPreferenceWritten() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = try await Self.afterASession(server)
        defer { runner.remove() }
        let before = try Data(contentsOf: runner.preferencesFile)
        let result = try await runner.run(["--format", "3"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("Testford, England, GB: "))
        #expect(result.stdout.hasSuffix("°C\n"))  // fresh: no mark
        #expect(result.stdout.filter { $0 == "\n" }.count == 1)
        #expect(server.requests.isEmpty)
        #expect(try Data(contentsOf: runner.preferencesFile) == before)
    }

    @Test func aStaleCopyStandsInMarkedWhenTheRefreshFails() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = try await Self.afterASession(server)
        defer { runner.remove() }
        let fresh = try await runner.run(["--format", "%l|%t"]).stdout
        try runner.backdateCache(by: 30 * 60)
        server.setHandler { _ in .json(#"{"cod":503,"message":"down"}"#, status: 503) }
        let before = try Data(contentsOf: runner.preferencesFile)
        let result = try await runner.run(["--format", "%l|%t"])
        #expect(result.status == 0)
        #expect(result.stdout == fresh.dropLast() + " *\n")
        #expect(!server.requests.isEmpty)  // it did try
        #expect(try Data(contentsOf: runner.preferencesFile) == before)
    }

    @Test func withNoCopyAFailureIsOneLineOnStandardError() async throws {
        let server = try LoopbackServer { _ in .json(#"{"cod":503,"message":"down"}"#, status: 503) }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(["--format", "1", "--no-failover", "Testford"])
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: runner.preferencesFile.path))
    }

    @Test func everyPlaceholderAndPresetPrintsOneLine() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let all = try await runner.run(["--format", "%c|%C|%t|%f|%h|%w|%l|%p|%o|%P|%S|%s|%%", "Testford"])
        #expect(all.status == 0)
        let fields = all.stdout.dropLast().split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 13)
        #expect(fields[2].hasSuffix("°C") && fields[3].hasSuffix("°C"))
        #expect(fields[4].hasSuffix("%") && fields[8].hasSuffix("%"))
        #expect(fields[5].contains("km/h"))
        #expect(fields[6] == "Testford, England, GB")
        #expect(fields[9].hasSuffix("hPa"))
        #expect(fields[10].count == 5 && fields[11].count == 5)  // 24-hour clock
        #expect(fields[12] == "%")
        #expect(!all.stdout.contains("\u{1B}"))
        for preset in ["1", "2", "3", "4"] {
            let result = try await runner.run(["--format", preset, "--units", "imperial", "Testford"])
            #expect(result.status == 0)
            #expect(result.stdout.filter { $0 == "\n" }.count == 1 && result.stdout.contains("°F"))
            #expect(result.stdout.hasPrefix("Testford, England, GB: ") == (preset == "3" || preset == "4"))
            #expect(result.stdout.contains("🌡️") == (preset == "2" || preset == "4"))
        }
        #expect(!FileManager.default.fileExists(atPath: runner.preferencesFile.path))
    }

    @Test func colourOnlyWithColorAlwaysEvenOnATerminal() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = try await Self.afterASession(server)
        defer { runner.remove() }
        let terminal = try runner.terminal(["--format", "%t %C"])
        #expect(await terminal.waitForExit() == 0)
        #expect(terminal.transcript.contains("°C"))
        #expect(!terminal.transcript.contains("\u{1B}"))
        let always = try await runner.run(["--format", "%t", "--color", "always"])
        #expect(always.stdout.contains("\u{1B}["))
    }

    @Test func usageErrorsNameThePlaceholderOrTheClash() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let unknown = try await runner.run(["--format", "%t %Q", "London"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: --format has an unknown placeholder %Q"))
        let json = try await runner.run(["--format", "1", "--json", "London"])
        #expect(json.status == 64)
        #expect(json.stderr.contains("--json"))
        let noCity = try await runner.run(["--format", "1"])
        #expect(noCity.status == 64)
        #expect(noCity.stderr.hasPrefix("--format needs a city"))
    }

    @Test func offlineSampleDataIsMarked() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let result = try await runner.run(["--offline", "--format", "%l: %t", "London"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("London, England, GB: "))
        #expect(result.stdout.hasSuffix("°C (offline)\n"))
    }
}
