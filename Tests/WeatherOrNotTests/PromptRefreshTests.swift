import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore

/// The built binary at a real pseudo-terminal, launched with Testford's answers cached 30 minutes ago: the copy and
/// the prompt come at once, whatever the network does, and the refresh is drawn over the copy when it comes.
@Suite(.serialized)
struct PromptRefreshTests {
    /// A sandbox whose last city is Testford, its answers cached 30 minutes ago by a piped session of the program.
    static func launchedBefore(_ server: LoopbackServer, extra: [String: String] = [:]) async throws -> BinaryRunner {
        let runner = BinaryRunner(server: server, extra: extra)
        #expect(try await runner.run([], input: "Testford\n").status == 0)
        try runner.backdateCache(by: 30 * 60)
        return runner
    }

    /// The program relaunched on a terminal after `launchedBefore`, the server holding its weather request until
    /// `release` and then answering with Daytown's clear sky; `arrived` is signalled when the request reaches it.
    struct HeldRefresh {
        let arrived = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server: LoopbackServer
        let runner: BinaryRunner
        let terminal: PseudoTerminal

        init(extra: [String: String] = [:]) async throws {
            server = try FakeOpenWeather.start()
            runner = try await PromptRefreshTests.launchedBefore(server, extra: extra)
            let (arrived, release) = (arrived, release)
            server.setHandler { request in
                guard request.path == "/data/2.5/weather" else { return FakeOpenWeather.route(request) }
                arrived.signal()
                _ = release.wait(timeout: .now() + 30)
                return .json(Fixtures.data("current_daytown.json"))
            }
            terminal = try runner.terminal()
        }

        /// True once the refresh has reached the server (which holds it until `release`).
        func requestArrived() async -> Bool {
            await offThread { [arrived] in arrived.wait(timeout: .now() + 15) == .success }
        }

        func end() {
            release.signal()
            server.stop()
            runner.remove()
        }
    }

    @Test func theStaleCopyAndThePromptComeFirstThenTheRefreshIsDrawnOverTheCopy() async throws {
        let launch = try await HeldRefresh()
        defer { launch.end() }
        let terminal = launch.terminal
        #expect(await terminal.waitFor("! From 30 minutes ago; updating…"))
        #expect(await terminal.waitFor("moderate rain"))
        #expect(await terminal.waitFor("Testford> "))
        // The refresh has reached the server, which holds its answer: the copy and the prompt did not wait for it.
        #expect(await launch.requestArrived())
        terminal.send(":he")
        #expect(await terminal.waitFor(":he"))
        // The copy's rows, from its notice to the prompt: how far up the refresh goes to draw over it.
        let transcript = terminal.transcript
        let copy = try #require(transcript.range(of: "! From 30 minutes ago"))
        let prompt = try #require(transcript.range(of: "Testford> ", range: copy.upperBound..<transcript.endIndex))
        let rows = transcript[copy.lowerBound..<prompt.lowerBound].filter { $0 == "\n" || $0 == "\r\n" }.count
        launch.release.signal()
        #expect(await terminal.waitFor("\r\u{1B}[\(rows)A\u{1B}[J"), "\(terminal.diagnostics)")
        #expect(await terminal.waitFor("clear sky"))
        #expect(!terminal.unmatched.contains("updating"))
        #expect(await terminal.waitFor("Testford> :he"))  // the prompt and what was typed, drawn again
        terminal.send("lp\r")
        #expect(await terminal.waitFor("Commands:"))
        #expect(await terminal.waitFor("Testford> "))
        #expect(await terminal.quit() == 0)
    }

    @Test func aRefreshThatFailsSaysSoOnceAndTheCopyStays() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = try await Self.launchedBefore(server)
        defer { runner.remove() }
        server.setHandler { request in
            request.path.hasPrefix("/data/") ? .json("down", status: 503) : FakeOpenWeather.route(request)
        }
        let terminal = try runner.terminal()
        #expect(await terminal.waitFor("! From 30 minutes ago; updating…"))
        #expect(await terminal.waitFor("Testford> "))
        #expect(await terminal.waitFor("Could not update Testford: server error 503. Still showing the copy from 30 minutes ago."))
        #expect(await terminal.waitFor("Testford> "))
        terminal.send(":units imperial\r")
        #expect(await terminal.waitFor("! From 30 minutes ago: could not refresh. OpenWeather's server failed (HTTP 503)."))
        #expect(await terminal.waitFor("45°F"))  // the copy, drawn again in the new units
        #expect(await terminal.quit() == 0)
        let transcript = terminal.transcript
        #expect(transcript.components(separatedBy: "Could not update").count == 2)
        #expect(!transcript.contains("A\u{1B}[J"))  // nothing was drawn over the copy
        #expect(!transcript.contains("Cannot reach") && !transcript.contains("clear sky"))
    }

    /// `TERM=dumb`: the cursor cannot move, so the refresh is printed below the prompt, and the prompt again (in plain
    /// mode's sentences, which a dumb terminal gets).
    @Test func aTerminalThatCannotMoveTheCursorGetsTheRefreshBelow() async throws {
        let launch = try await HeldRefresh(extra: ["TERM": "dumb"])
        defer { launch.end() }
        let terminal = launch.terminal
        #expect(await terminal.waitFor("updating…"))
        #expect(await terminal.waitFor("Testford> "))
        #expect(await launch.requestArrived())
        launch.release.signal()
        #expect(await terminal.waitFor("Clear sky."))
        #expect(await terminal.waitFor("Testford> "))
        #expect(await terminal.quit() == 0)
        #expect(!terminal.transcript.contains("\u{1B}[J"))
    }

    @Test func aServerThatNeverAnswersNeverDelaysThePrompt() async throws {
        let arrived = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { request in
            guard request.path.hasPrefix("/data/") else { return FakeOpenWeather.route(request) }
            arrived.signal()
            return .neverRespond
        }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        var preferences = Preferences()
        preferences.remember(Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12))
        try runner.write(preferences)
        // Nothing cached: the first fetch runs behind the prompt.
        let terminal = try runner.terminal(["--timeout", "60"])
        #expect(await terminal.waitFor("Testford> "))
        #expect(await offThread { arrived.wait(timeout: .now() + 15) == .success })
        #expect(!terminal.transcript.contains("Testford, England, GB"))
        #expect(await terminal.quit() == 0)
    }
}
