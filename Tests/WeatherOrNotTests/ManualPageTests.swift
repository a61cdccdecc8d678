import Foundation
import WeatherCoreTesting
import Testing
import WeatherCLI
import WeatherCore
import WeatherProviders

/// weather-or-not(1), as the built binary prints it in each language: clean under the real groff and mandoc, and
/// saying what `--help` and `:help` say.
@Suite
struct ManualPageTests {
    static let environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]

    /// The page as the binary prints it in `language`, saved in `runner`'s sandbox.
    static func pageFile(_ runner: BinaryRunner, _ language: Language) async throws -> URL {
        let roff = try await runner.run(["--lang", language.code, "--generate-man-page"])
        #expect(roff.status == 0)
        let file = runner.home.path("weather-or-not.\(language.code).1")
        try Data(roff.stdout.utf8).write(to: file)
        return file
    }

    static func tool(_ name: String) throws -> String {
        try #require(ExternalProgram.find(name), "\(name) is not installed: scripts/setup.sh --for-tests installs it")
    }

    @Test(arguments: Language.allCases)
    func groffAndMandocFindNothingToSay(_ language: Language) async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let file = try await Self.pageFile(runner, language)
        let warnings = try await ExternalProgram.run(Self.tool("groff"), ["-man", "-Tutf8", "-ww", "-z", file.path], environment: Self.environment)
        #expect(warnings.status == 0)
        #expect(warnings.stderr.isEmpty, "\(warnings.stderr)")
        // -Tlint reports style notes too (a line over 80 bytes, a sentence not on its own line).
        let lint = try await ExternalProgram.run(Self.tool("mandoc"), ["-Tlint", "-Wstyle", file.path], environment: Self.environment)
        #expect(lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.status == 0)
    }

    @Test(arguments: Language.allCases)
    func itDocumentsEveryOptionOfHelpEveryPromptCommandAndExitStatus(_ language: Language) async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let strings = Strings.terminal(language)
        let file = try await Self.pageFile(runner, language)
        let roff = try String(contentsOf: file, encoding: .utf8)
        // Rendered as man does, on lines long enough that no paragraph is broken (or hyphenated).
        let rendered = try await ExternalProgram.run(
            Self.tool("groff"), ["-man", "-Tutf8", "-P-cbou", "-rLL=1000n", file.path], environment: Self.environment)
        #expect(rendered.status == 0)
        let text = rendered.stdout
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // Each section heading as the language writes it (non-ASCII letters reach roff as escapes, so it is read
        // on the rendered page), and the page's header.
        #expect(roff.hasPrefix(".TH "), "\(roff.prefix(40))")
        for section in ["name", "synopsis", "description", "options", "commands", "environment", "files", "exitStatus", "providers", "examples", "seeAlso"] {
            #expect(lines.contains(strings["man.section." + section]), "\(section)")
        }
        #expect(text.contains(strings["man.header"]), "man.header")
        /// A term of a list (an option, a command, a status): on its own line, or with its text after it.
        func listed(_ term: String) -> Bool { lines.contains { $0 == term || $0.hasPrefix(term + " ") } }
        // Each option as --help spells it (synopsis and value), and its text as --help wraps it, word for word.
        let help = try await runner.run(["--help", "--lang", language.code]).stdout
        let helpLines = help.split(separator: "\n")
        /// Words one space apart (a no-break space, as French puts before a colon, counts as a space).
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let helpWords = words(help)
        let pageWords = words(text)
        for option in CommandLineSpec.options(.standard) {
            let synopsis = option.synopsis(strings)
            #expect(helpLines.contains { $0.hasPrefix("  " + synopsis) }, "--help: \(synopsis)")
            #expect(listed(synopsis), "man page: \(synopsis)")
            let said = words(option.help(strings))
            #expect(helpWords.contains(said) && pageWords.contains(said), "\(option.long)")
        }
        for (command, meaning) in Help.commands(strings) {
            #expect(listed(command), "\(command)")
            #expect(pageWords.contains(words(meaning)), "\(command): \(meaning)")
        }
        for status in ExitStatus.documented {
            let meaning = words(ExitStatus.meaning(status, strings))
            #expect(listed("\(status)"), "\(status)")
            #expect(pageWords.contains(meaning) && helpWords.contains("\(status) " + meaning), "\(status)")
        }
        for provider in ["OpenWeather", "Open-Meteo", "MET Norway"] { #expect(text.contains(provider)) }
        // How a place is read: a state or a country after the name, and the namesake seen last.
        #expect(pageWords.contains(words(strings["man.description.places"])), "man.description.places")
    }
}
