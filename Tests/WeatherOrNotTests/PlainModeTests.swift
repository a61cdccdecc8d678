import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore

/// Plain mode through the built binary: `TERM=dumb` turns it on, `--plain` asks for it, `:plain on` saves it; its
/// output is sentences, with no drawing, colour or escape sequence.
@Suite(.serialized)
struct PlainModeTests {
    /// Any character a drawn view uses and plain mode never does: box drawing and blocks, Braille, arrows, the degree
    /// sign, and the escape character.
    static func drawn(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return value == 0x1B || value == 0xB0 || (0x2190...0x21FF).contains(value) || (0x2500...0x259F).contains(value)
                || (0x2800...0x28FF).contains(value) || (0x2600...0x27BF).contains(value) || (0x1F000...0x1FAFF).contains(value)
        }
    }

    @Test func aDumbTerminalGetsPlainSentences() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        var dumb = runner
        dumb.environment["TERM"] = "dumb"
        let plain = try await dumb.run(["--offline", "--hourly", "London"])
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("London, England, United Kingdom.\nThe next 24 hours.\n"), "\(plain.stdout)")
        #expect(plain.stdout.contains(" degrees, wind from the "))
        #expect(!Self.drawn(plain.stdout + plain.stderr), "\(plain.stdout)")
        // The same run on another terminal is drawn.
        let drawn = try await runner.run(["--offline", "--hourly", "London"])
        #expect(drawn.stdout.contains("°C") && !drawn.stdout.contains(" degrees"))
    }

    /// The lists plain mode reads out name the country in full, as its views do ("U S" read letter by letter
    /// under a view that said "United States").
    @Test func plainListsNameTheCountryInFull() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(["--plain"], input: "Springfield\n:recent\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1. Springfield, Illinois, United States\n"), "\(result.stdout)")
        #expect(!result.stdout.contains(", US"), "\(result.stdout)")
    }

    @Test func plainAsksForSentencesEvenWithColourForced() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let result = try await runner.run(["--offline", "--plain", "--color", "always", "London"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("London, England, United Kingdom.\nObserved at "), "\(result.stdout)")
        #expect(result.stdout.contains("Wind from the south-west at 13 kilometres per hour, gusting to 26 kilometres per hour."))
        #expect(!Self.drawn(result.stdout + result.stderr), "\(result.stdout)")
        // A place that is not there: the failure a sentence too, no mark before it.
        let failed = try await runner.run(["--offline", "--plain", "Xyzzyville"])
        #expect(failed.status != 0 && !failed.stderr.isEmpty && !Self.drawn(failed.stderr))
    }

    @Test func plainOnIsSavedForTheNextSession() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let first = try await runner.run(["--offline"], input: ":plain on\nLondon\n:map\n")
        #expect(first.stdout.hasPrefix("Plain mode on, saved: every view is said in sentences.\n"), "\(first.stdout)")
        #expect(first.stdout.contains("The places you follow. Type a number to open one.\n1. London, England, United Kingdom: "))
        #expect(!Self.drawn(first.stdout))
        #expect(try Preferences(data: Data(contentsOf: runner.preferencesFile)).plain == true)
        let second = try await runner.run(["--offline"], input: ":5day\n:plain off\n:5day\n")
        #expect(second.stdout.contains("London, England, United Kingdom.\nThe next 5 days.\n"), "\(second.stdout)")
        #expect(second.stdout.contains("Plain mode off, saved.\n"))
        #expect(second.stdout.hasSuffix("\n") && second.stdout.contains("°C"))
    }

    /// At the prompt on a dumb terminal: the prompt's own messages and the view as lines of text, no spinner frames.
    @Test func thePromptOnADumbTerminalSpeaksInSentences() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(["--offline"], extra: ["TERM": "dumb"], expecting: "(offline)> "))
        terminal.send("London\n")
        #expect(await terminal.waitFor("Wind from the south-west at 13 kilometres per hour"), "\(terminal.diagnostics)")
        terminal.send(":plain\n")
        #expect(await terminal.waitFor("Plain mode is on: every view is said in sentences. :plain off turns it off."))
        let transcript = terminal.transcript
        #expect(!transcript.contains("°") && !transcript.contains("⠋") && !transcript.contains("\u{1B}[K"), "\(transcript)")
        #expect(await terminal.quit() == 0)
    }

    @Test func plainIsInTheHelpTheManualAndTheCompletions() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let help = try await runner.run(["--help"])
        #expect(help.stdout.contains("--plain"))
        #expect(help.stdout.contains("TERM=dumb"))
        let page = try await runner.run(["--generate-man-page"])
        #expect(page.stdout.contains("plain"))
        for shell in ["bash", "zsh", "fish"] {
            let script = try await runner.run(["--generate-completion-script", shell])
            #expect(script.stdout.contains("plain"), "\(shell)")
        }
    }
}
