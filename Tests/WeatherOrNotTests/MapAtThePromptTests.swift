import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore

/// `:map` at the prompt through a real pseudo-terminal, against the loopback Open-Meteo: the cross moved by an arrow
/// key and h/j/k/l, Enter asking for the weather at the cross's point, a number opening a place, `q` returning to a
/// prompt whose history holds the lines typed before and nothing of the map's keys.
@Suite(.serialized)
struct MapAtThePromptTests {
    /// The loopback providers, a sandbox following Kolkata and London (`followTwo`), and the program at its prompt.
    private func launch(columns: UInt16 = 100) async throws -> (server: LoopbackServer, runner: BinaryRunner, terminal: PseudoTerminal) {
        let server = try FakeProviders.start()
        let runner = BinaryRunner(server: server, key: nil)
        try followTwo(runner)
        let terminal = try runner.terminal(columns: columns)
        #expect(await terminal.waitFor("weather> "), "\(terminal.diagnostics)")
        return (server, runner, terminal)
    }

    /// `text` without the terminal's escape sequences (colours, cursor moves).
    private func unescaped(_ text: String) -> String {
        text.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
    }

    /// The point the last key line names ("+ at 22.57, 88.36 · …"), the terminal's colours taken out.
    private func lastPoint(in transcript: String) -> (latitude: Double, longitude: Double)? {
        let plain = unescaped(transcript)
        guard let line = plain.components(separatedBy: "+ at ").last?.components(separatedBy: " ·").first else { return nil }
        let parts = line.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    @Test func theCrossMovesAndEnterAsksForTheWeatherAtItsPoint() async throws {
        let (server, runner, terminal) = try await launch()
        defer {
            server.stop()
            runner.remove()
        }
        terminal.send(":help\r")
        #expect(await terminal.waitFor("Commands:"))
        #expect(await terminal.waitFor("weather> "))
        terminal.send(":map\r")
        #expect(await terminal.waitFor("q: back"), "\(terminal.diagnostics)")
        let start = try #require(lastPoint(in: terminal.transcript))
        // The cross starts on Kolkata's cell.
        #expect(abs(start.latitude - 22.57) < 3 && abs(start.longitude - 88.36) < 3, "\(start)")
        // Right with an arrow key, down with j: the map drawn again over itself each time.
        terminal.send("\u{1B}[C")
        #expect(await terminal.waitFor("\u{1B}[J"), "\(terminal.diagnostics)")
        #expect(await terminal.waitFor("q: back"))
        terminal.send("j")
        #expect(await terminal.waitFor("\u{1B}[J"))
        #expect(await terminal.waitFor("q: back"))
        let point = try #require(lastPoint(in: terminal.transcript))
        #expect(point.longitude > start.longitude && point.latitude < start.latitude, "\(start) → \(point)")
        server.resetLog()
        terminal.send("\r")
        #expect(await terminal.waitFor("> "), "\(terminal.diagnostics)")
        // The weather asked for is the point's, not a place's.
        let forecast = try #require(server.requests(to: "/v1/forecast").first, "\(terminal.diagnostics)")
        let latitude = try #require(forecast.value("latitude").flatMap(Double.init))
        let longitude = try #require(forecast.value("longitude").flatMap(Double.init))
        #expect(abs(latitude - point.latitude) < 0.006 && abs(longitude - point.longitude) < 0.006, "\(forecast.target)")
        // q returns to a working prompt whose history holds the lines typed, the latest first (the two :map as one, as
        // libedit keeps a line typed twice in a row), and no key of the map's.
        terminal.send(":map\r")
        #expect(await terminal.waitFor("q: back"))
        terminal.send("q")
        #expect(await terminal.waitFor("> "))
        terminal.send("\u{1B}[A")
        #expect(await terminal.waitFor(":map"), "\(terminal.diagnostics)")
        await terminal.drain(for: 0.2)
        terminal.send("\u{1B}[A")
        #expect(await terminal.waitFor("help"), "\(terminal.diagnostics)")  // libedit redraws only what changed
        terminal.send("\r")
        #expect(await terminal.waitFor("Commands:"))
        #expect(await terminal.quit() == 0)
    }

    @Test func aNumberOpensItsPlaceAndEscReturns() async throws {
        let (server, runner, terminal) = try await launch()
        defer {
            server.stop()
            runner.remove()
        }
        terminal.send(":map\r")
        #expect(await terminal.waitFor("q: back"))
        terminal.send("v")
        #expect(await terminal.waitFor("v: the map"), "\(terminal.diagnostics)")  // the list, with its keys
        terminal.send("2")
        #expect(await terminal.waitFor("London> "), "\(terminal.diagnostics)")
        terminal.send(":map\r")
        #expect(await terminal.waitFor("q: back"))
        terminal.send("\u{1B}")
        #expect(await terminal.waitFor("London> "), "\(terminal.diagnostics)")
        terminal.send(":recent\r")
        #expect(await terminal.waitFor("1. London"))
        #expect(await terminal.quit() == 0)
    }

    /// At 40 columns, where the keys' line wraps to three rows: the opening map draws place 1's number with the cross
    /// ("1+"), `q` leaves the keys' rows once above the prompt (nothing drawn again), and Enter at once opens place 1
    /// itself, its own coordinates asked for, not a point the gazetteer names near its cell.
    @Test func atFortyColumnsTheOpeningCrossCarriesPlaceOneAndEnterOpensIt() async throws {
        let (server, runner, terminal) = try await launch(columns: 40)
        defer {
            server.stop()
            runner.remove()
        }
        terminal.send(":map\r")
        #expect(await terminal.waitFor("q: back"), "\(terminal.diagnostics)")
        let drawn = unescaped(terminal.transcript.components(separatedBy: ":map").last ?? "")
        #expect(drawn.contains("1+"), "\(drawn)")
        #expect(!drawn.contains("1. Kolkata"), "\(drawn)")  // its label on the map, not under it
        terminal.send("q")
        #expect(await terminal.waitFor("weather> "), "\(terminal.diagnostics)")
        await terminal.drain(for: 0.3)
        let after = unescaped(terminal.transcript.components(separatedBy: ":map").last ?? "")
        #expect(after.components(separatedBy: "q: back").count == 2, "\(after)")
        server.resetLog()
        terminal.send(":map\r")
        #expect(await terminal.waitFor("q: back"))
        terminal.send("\r")
        #expect(await terminal.waitFor("Kolkata> "), "\(terminal.diagnostics)")
        // Its weather fresh in the cache from the map's list, or else asked at its own coordinates: never at the
        // middle of its cell.
        for forecast in server.requests(to: "/v1/forecast") {
            let latitude = forecast.value("latitude").flatMap(Double.init) ?? 0
            let longitude = forecast.value("longitude").flatMap(Double.init) ?? 0
            #expect(abs(latitude - 22.5726) < 0.0001 && abs(longitude - 88.3639) < 0.0001, "\(forecast.target)")
        }
        terminal.send(":recent\r")
        #expect(await terminal.waitFor("1. Kolkata"))
        #expect(await terminal.quit() == 0)
    }

    /// A window resized while the map is explored: the map drawn again at the new width, at the top of a cleared
    /// screen, the cross kept on its point.
    @Test func aResizeDrawsTheMapAgainAtTheNewWidth() async throws {
        let (server, runner, terminal) = try await launch()
        defer {
            server.stop()
            runner.remove()
        }
        terminal.send(":map\r")
        #expect(await terminal.waitFor("q: back"))
        let before = try #require(lastPoint(in: terminal.transcript))
        terminal.resize(columns: 60)
        #expect(await terminal.waitFor("\u{1B}[2J"), "\(terminal.diagnostics)")
        #expect(await terminal.waitFor("q: back"), "\(terminal.diagnostics)")
        let drawn = terminal.transcript.components(separatedBy: "\u{1B}[2J").last ?? ""
        let plain = unescaped(drawn)
        let braille = plain.split(separator: "\r\n").filter { $0.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) } }
        #expect(!braille.isEmpty && braille.allSatisfy { $0.count <= 60 }, "\(plain)")
        let after = try #require(lastPoint(in: terminal.transcript))
        // The cross on the same point, within a cell of the new frame (each of its cells spans more degrees).
        #expect(abs(after.latitude - before.latitude) < 5 && abs(after.longitude - before.longitude) < 5, "\(before) → \(after)")
        terminal.send("q")
        #expect(await terminal.waitFor("weather> "))
        terminal.send(":recent\r")
        #expect(await terminal.waitFor("1. Kolkata"))
        #expect(await terminal.quit() == 0)
    }
}
