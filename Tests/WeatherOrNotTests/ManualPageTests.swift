import Foundation
import TestSupport
import Testing
import WeatherCLI

/// weather-or-not(1), as the built binary prints it: clean under the real groff and mandoc, and saying what `--help`
/// and `:help` say.
@Suite
struct ManualPageTests {
    static let environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]

    /// The page as the binary prints it, saved in `runner`'s sandbox.
    static func pageFile(_ runner: BinaryRunner) async throws -> URL {
        let roff = try await runner.run(["--generate-man-page"])
        #expect(roff.status == 0)
        let file = runner.home.path("weather-or-not.1")
        try Data(roff.stdout.utf8).write(to: file)
        return file
    }

    static func tool(_ name: String) throws -> String {
        try #require(ExternalProgram.find(name), "\(name) is not installed: scripts/setup.sh --for-tests installs it")
    }

    @Test func groffAndMandocFindNothingToSay() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let file = try await Self.pageFile(runner)
        let warnings = try await ExternalProgram.run(Self.tool("groff"), ["-man", "-Tutf8", "-ww", "-z", file.path], environment: Self.environment)
        #expect(warnings.status == 0)
        #expect(warnings.stderr.isEmpty, "\(warnings.stderr)")
        // -Tlint reports style notes too (a line over 80 bytes, a sentence not on its own line).
        let lint = try await ExternalProgram.run(Self.tool("mandoc"), ["-Tlint", "-Wstyle", file.path], environment: Self.environment)
        #expect(lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.status == 0)
    }

    @Test func itDocumentsEveryOptionOfHelpEveryPromptCommandAndExitStatus() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let file = try await Self.pageFile(runner)
        let roff = try String(contentsOf: file, encoding: .utf8)
        // Rendered as man does, on lines long enough that no paragraph is broken (or hyphenated).
        let rendered = try await ExternalProgram.run(
            Self.tool("groff"), ["-man", "-Tutf8", "-P-cbou", "-rLL=1000n", file.path], environment: Self.environment)
        #expect(rendered.status == 0)
        let text = rendered.stdout
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "PROMPT COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS", "PROVIDERS", "EXAMPLES"] {
            #expect(roff.contains(".SH \(section)\n"), "\(section)")
        }
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        /// A term of a list (an option, a command, a status): on its own line, or with its text after it.
        func listed(_ term: String) -> Bool { lines.contains { $0 == term || $0.hasPrefix(term + " ") } }
        // Each option as --help spells it (synopsis and value), and its text as --help wraps it, word for word.
        let help = try await runner.run(["--help"]).stdout
        let helpLines = help.split(separator: "\n")
        let helpWords = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let pageWords = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for option in CommandLineSpec.options {
            #expect(helpLines.contains { $0.hasPrefix("  " + option.synopsis) }, "--help: \(option.synopsis)")
            #expect(listed(option.synopsis), "man page: \(option.synopsis)")
            let words = option.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(helpWords.contains(words) && pageWords.contains(words), "\(option.long)")
        }
        for (command, meaning) in Help.commands {
            #expect(listed(command), "\(command)")
            #expect(pageWords.contains(meaning), "\(command): \(meaning)")
        }
        for (status, meaning) in ExitStatus.documented {
            #expect(listed("\(status)"), "\(status)")
            #expect(pageWords.contains(meaning) && helpWords.contains("\(status) " + meaning), "\(status)")
        }
        for provider in ["OpenWeather", "Open-Meteo", "MET Norway"] { #expect(text.contains(provider)) }
    }
}
