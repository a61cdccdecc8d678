import Foundation
import WeatherCoreTesting
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
        let runner = BinaryRunner(server: server, extra: ["COLUMNS": "1000"])  // the message on one line
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

    // MARK: Many windows, links, oversized and unreadable files (issue 23)

    static let towns = ["Avon", "Bray", "Cork", "Dover", "Ely", "Fife", "Goole", "Hove", "Ilford", "Jarrow"]

    /// Open-Meteo's geocoding finding each of `towns` at a place of its own (Open-Meteo's forecast for any of them).
    static func townServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            guard request.path == "/v1/search", let name = request.value("name"), let index = towns.firstIndex(of: name) else {
                return FakeOpenMeteo.route(request)
            }
            let latitude = 50 + Double(index) / 2
            return .json(#"{"results": [{"id": \#(index + 1), "name": "\#(name)", "latitude": \#(latitude), "longitude": -1.5, "#
                + #""country_code": "GB", "timezone": "Europe/London", "country": "United Kingdom", "population": 1000}]}"#)
        }
    }

    /// Starts `count` windows on one home and waits until each has read its preferences (it answers `:units`).
    func windows(_ count: Int, of runner: BinaryRunner) async throws -> [PipedProgram] {
        let programs = try (0..<count).map { _ in try runner.start() }
        for program in programs {
            program.send(":units\n")
            #expect(await program.waitFor("24-hour"))
        }
        return programs
    }

    @Test func tenWindowsSearchingAtOnceKeepAllTenCities() async throws {
        let server = try Self.townServer()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        // All ten have read the same (missing) preferences before any of them saves.
        let programs = try await windows(10, of: runner)
        for (program, town) in zip(programs, Self.towns) { program.send(town + "\n") }
        for program in programs { #expect(try await program.finish() == 0, "\(program.output)") }
        #expect(server.requests(to: "/v1/search").count == 10)
        let saved = try savedPreferences(runner)
        #expect(Set(saved.recentCities.map(\.name)) == Set(Self.towns))
        #expect(saved.lastCity != nil && saved.lastCity == saved.recentCities.first)  // the last one searched
    }

    @Test func unitsChangedInOneWindowAndLanguageInAnotherAreBothKept() async throws {
        let server = try Self.townServer()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        let programs = try await windows(2, of: runner)
        programs[0].send("Avon\n:units imperial\n")
        #expect(await programs[0].waitFor("°F"))
        programs[1].send(":lang fr\nBray\n")
        #expect(try await programs[1].finish() == 0)
        #expect(try await programs[0].finish() == 0)
        let saved = try savedPreferences(runner)
        #expect(saved.units == .imperial)
        #expect(saved.language == .french)
        #expect(saved.recentCities.map(\.name) == ["Bray", "Avon"])
        #expect(saved.lastCity?.name == "Bray")
    }

    @Test func aSymlinkedPreferencesFileStaysALink() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let dotfiles = runner.home.path("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles.appendingPathComponent("weather-or-not.json")
        try Data(#"{"units": "imperial"}"#.utf8).write(to: target)
        try FileManager.default.createDirectory(at: runner.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: runner.preferencesFile.path, withDestinationPath: target.path)
        let result = try await runner.run(input: "Testford\n")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: runner.preferencesFile.path) == target.path)
        let saved = try Preferences(data: Data(contentsOf: target))
        #expect(saved.lastCity?.name == "Testford")
        #expect(saved.units == .imperial)
    }

    @Test func preferencesOverTheCapAreLeftInPlaceWithOneLine() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        // Messages on one line each, whatever the length of the temporary path.
        let runner = BinaryRunner(server: server, extra: ["COLUMNS": "1000"])
        defer { runner.remove() }
        // 100 MB of preferences (sparse: it takes no disk); read whole, they once cost 1.7 GB of memory.
        try FileManager.default.createDirectory(at: runner.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: runner.preferencesFile.path, contents: Data("{".utf8)))
        let handle = try FileHandle(forWritingTo: runner.preferencesFile)
        try handle.truncate(atOffset: 100_000_000)
        try handle.close()
        let result = try await runner.run(input: "Testford\n:units imperial\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("45°F"))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.contains("over 1 MiB") == true)
        let attributes = try FileManager.default.attributesOfItem(atPath: runner.preferencesFile.path)
        #expect(attributes[.size] as? Int == 100_000_000)
        #expect(FileManager.default.contents(atPath: runner.preferencesFile.path)?.prefix(2) == Data("{\0".utf8))
    }

    /// A history in another program's format (here bash's), which libedit cannot load.
    @Test(arguments: [false, true])
    func aHistoryThatCannotBeLoadedIsLeftAloneWithOneLine(oversized: Bool) async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["COLUMNS": "1000"])
        defer { runner.remove() }
        let history = runner.home.path("state/weather-or-not/history")
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
        let line = oversized ? "_HiStOrY_V2_\n" + String(repeating: "Testford\n", count: 120_000) : "ls -la\ncd /tmp\n"
        let before = Data(line.utf8)
        try before.write(to: history)
        let terminal = try #require(try await runner.prompt())
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("Testford> "))
        #expect(await terminal.quit() == 0)
        let said = oversized ? "is over 1 MiB; it is left untouched" : "could not be read; it is left untouched"
        #expect(terminal.transcript.components(separatedBy: said).count - 1 == 1, "\(terminal.transcript)")
        #expect(FileManager.default.contents(atPath: history.path) == before)
    }
}
