import Foundation
import TestSupport
import Testing
import WeatherCore
#if canImport(Glibc)
import Glibc
#endif

/// Preferences, cache and history files that are broken, in the way or refused: the program runs on defaults,
/// says so once, and loses nothing already saved; writes stay atomic under concurrency and kills.
@Suite(.serialized)
struct FileFaultTests {
    func savedPreferences(_ runner: BinaryRunner) throws -> Preferences {
        try Preferences(data: Data(contentsOf: runner.preferencesFile))
    }

    func write(_ text: String, to runner: BinaryRunner) throws {
        try FileManager.default.createDirectory(at: runner.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: runner.preferencesFile)
    }

    @Test(arguments: ["{\"lastCity\": ", "{\"units\": 42}", "[1, 2, 3]", "\u{0}\u{1}binary", ""])
    func unusablePreferencesAreKeptAsideAndReportedOnce(contents: String) async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        try write(contents, to: runner)
        let result = try await runner.run(input: "Testford\n:units imperial\n:units metric\n")
        #expect(result.status == 0)
        #expect(result.stderr.components(separatedBy: "using defaults").count - 1 == 1)
        let folder = runner.preferencesFile.deletingLastPathComponent()
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("preferences.json.corrupt-") }
        #expect(aside.count == 1)
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent(aside[0]).path) == Data(contents.utf8))
        #expect(try savedPreferences(runner).lastCity?.name == "Testford")
    }

    @Test func aDirectoryWhereThePreferencesFileShouldBe() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        try FileManager.default.createDirectory(at: runner.preferencesFile.appendingPathComponent("inner"), withIntermediateDirectories: true)
        let result = try await runner.run(input: "Testford\n")
        #expect(result.status == 0)
        #expect(result.stderr.contains("is a directory"))
        #expect(try savedPreferences(runner).lastCity?.name == "Testford")
    }

    @Test func aDiskThatRefusesWritesIsReportedOnceAndTheSessionGoesOn() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        var runner = BinaryRunner(server: server)
        defer { runner.remove() }
        // /proc refuses new folders: every save fails, as on a full or read-only disk.
        runner.environment["XDG_CONFIG_HOME"] = "/proc/self/weather-or-not-nowhere"
        runner.environment["XDG_CACHE_HOME"] = "/proc/self/weather-or-not-nowhere"
        let result = try await runner.run(input: "Testford\n:units imperial\n:hourly 1\n:units metric\n")
        #expect(result.status == 0)
        #expect(result.stderr.components(separatedBy: "Could not save preferences").count - 1 == 1)
        #expect(result.stdout.contains("45°F"))
        #expect(result.stdout.contains("Testford, England, GB: the next 3 hours"))
    }

    @Test func twoInstancesSavingAtOnceNeverLeaveAnUnparsableFile() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        try write(#"{"recentCities":[{"name":"Keep","latitude":1,"longitude":2}],"units":"metric"}"#, to: runner)
        let toggles = String(repeating: ":units imperial\n:units metric\n:clock 12\n:clock 24\n", count: 150)
        let programs = try [runner.start(), runner.start()]
        for program in programs {
            program.send(toggles)
            try program.closeInput()
        }
        var reads = 0
        var unreadable = 0
        let deadline = Date().addingTimeInterval(60)
        while programs.contains(where: \.isRunning), Date() < deadline {
            if let data = FileManager.default.contents(atPath: runner.preferencesFile.path) {
                reads += 1
                if (try? Preferences(data: data)) == nil { unreadable += 1 }
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        for program in programs { #expect(try await program.finish() == 0) }
        #expect(reads > 0)
        #expect(unreadable == 0)
        #expect(try savedPreferences(runner).recentCities.first?.name == "Keep")
    }

    @Test func killedWhileSavingNeverLeavesAnUnparsableFile() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let initial = #"{"recentCities":[{"name":"Keep","latitude":1,"longitude":2}],"units":"standard"}"#
        let toggles = String(repeating: ":units imperial\n:units metric\n", count: 2000)
        var roundsThatSaved = 0
        for round in 0..<25 {
            try write(initial, to: runner)
            let program = try runner.start()
            program.send(toggles)
            // Wait for the first save to land (start-up time varies with load), then kill at a random moment.
            for _ in 0..<500 where (try? savedPreferences(runner))?.units == .standard {
                try await Task.sleep(for: .milliseconds(10))
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...30)))
            await program.kill()
            let preferences = try? savedPreferences(runner)
            #expect(preferences?.recentCities.first?.name == "Keep", "round \(round)")
            if preferences?.units != .standard { roundsThatSaved += 1 }
        }
        #expect(roundsThatSaved == 25)  // every kill landed among saves
    }

    @Test func filesThatCouldHoldTheKeyAreTheUsersAlone() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt())
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("Testford> "))
        #expect(await terminal.quit() == 0)
        let files = FileManager.default.enumerator(atPath: runner.home.url.path)?.compactMap { $0 as? String } ?? []
        var checked = 0
        for path in files {
            let full = runner.home.path(path).path
            var info = stat()
            guard stat(full, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFREG {
                #expect(info.st_mode & 0o077 == 0, "\(path) is \(String(info.st_mode & 0o777, radix: 8))")
                checked += 1
            }
        }
        #expect(checked >= 4)  // preferences, history, two cache files at least
    }
}
