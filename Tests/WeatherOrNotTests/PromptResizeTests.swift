import Foundation
import WeatherCoreTesting
import Testing

/// A terminal resized while a line is typed at the prompt: the prompt and the line are drawn again at the new width,
/// stepping back only over rows that are the line's, and the line typed goes on as if nothing happened.
@Suite(.serialized)
struct PromptResizeTests {
    @Test func aResizeRedrawsTheLineBeingTyped() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt())
        #expect(await terminal.waitForRawMode())
        terminal.send("Test")
        #expect(await terminal.waitFor("Test"))
        // One row at 100 columns and at 40: back to its start, cleared, the prompt and the line again.
        terminal.resize(columns: 40)
        #expect(await terminal.waitFor("\r\u{1B}[J"), "\(terminal.diagnostics)")
        #expect(await terminal.waitFor("weather> Test"), "\(terminal.diagnostics)")
        // Typed on to 53 columns: two rows at 40, the cursor on the second.
        terminal.send(String(repeating: "x", count: 40))
        #expect(await terminal.waitFor("xxxx"))
        await terminal.drain(for: 0.3)
        // At 45 columns the line still takes two rows, and it took two at 40 (the width the program learned from
        // the first resize): one row up.
        terminal.resize(columns: 45)
        #expect(await terminal.waitFor("\r\u{1B}[1A\u{1B}[J"), "\(terminal.diagnostics)")
        #expect(await terminal.waitFor("weather> Test"), "\(terminal.diagnostics)")
        // Wider than the line: it takes one row now, so it steps up none (a terminal that rewraps has one row).
        terminal.resize(columns: 120)
        #expect(await terminal.waitFor("\r\u{1B}[J"), "\(terminal.diagnostics)")
        // The line is intact: what was typed before and after the resizes is the line sent.
        terminal.send(String(repeating: "\u{8}", count: 40) + "ford\r")
        #expect(await terminal.waitFor("Testford, England, GB"), "\(terminal.diagnostics)")
        #expect(await terminal.waitFor("Testford> "))
        // Resized while nothing is typed, then typed: the session goes on, and several resizes in a row are not an
        // error that ends the prompt.
        for columns: UInt16 in [60, 70, 80, 90] { terminal.resize(columns: columns) }
        await terminal.drain(for: 0.3)
        terminal.send(":units\r")
        #expect(await terminal.waitFor("Units: metric"))
        #expect(await terminal.quit() == 0)
        #expect(server.requests(to: "/geo/1.0/direct").compactMap { $0.value("q") } == ["Testford"])
    }
}
