import Foundation
import WeatherCoreTesting
import Testing
import WeatherCLI
import WeatherCore
import WeatherProviders

/// `--generate-completion-script`: each script loaded by the real shell and asked for completions, the built binary
/// on its PATH and a preferences file written by the test. bash is asked through its completion function (as
/// readline asks it), fish through `complete -C`, zsh at a real prompt on a pseudo-terminal, Tab and all.
@Suite(.serialized)
struct CompletionScriptTests {
    static let places = [
        Place(name: "San Francisco", state: "California", country: "US", latitude: 37.7749, longitude: -122.4194),
        Place(name: "São Paulo", country: "BR", latitude: -23.5505, longitude: -46.6333),
        Place(name: "London", country: "GB", latitude: 51.5073, longitude: -0.1276),
        Place(name: "Saint-Denis", country: "FR", latitude: 48.9362, longitude: 2.3574),
        Place(name: "O'Fallon", state: "Missouri", country: "US", latitude: 38.8106, longitude: -90.6998),
    ]

    /// A sandbox whose preferences hold `places` (most recent first), with the binary on PATH and the script saved.
    struct Sandbox {
        let runner = BinaryRunner(server: nil)
        let script: URL
        var environment: [String: String]

        init(_ shell: String) async throws {
            var preferences = Preferences()
            for place in CompletionScriptTests.places.reversed() { preferences.remember(place) }
            try runner.write(preferences)
            let bin = runner.home.path("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: bin.appendingPathComponent("weather-or-not").path, withDestinationPath: BinaryRunner.executable)
            let generated = try await runner.run(["--generate-completion-script", shell])
            #expect(generated.status == 0)
            script = runner.home.path("completion.\(shell)")
            try Data(generated.stdout.utf8).write(to: script)
            environment = runner.environment
            environment["PATH"] = bin.path + ":/usr/bin:/bin"
        }
    }

    /// Every option `--help` lists, read from the help itself.
    static func optionsInHelp() async throws -> [String] {
        let help = try await BinaryRunner(server: nil).run(["--help"]).stdout
        return help.split(separator: "\n").flatMap { line -> [String] in
            guard line.hasPrefix("  -") else { return [] }
            let synopsis = line.split(separator: " ").prefix { $0.hasPrefix("-") }
            return synopsis.map { String($0.hasSuffix(",") ? $0.dropLast() : $0) }
        }
    }

    static func shell(_ name: String) throws -> String {
        try #require(ExternalProgram.find(name), "\(name) is not installed: scripts/test.sh installs it (scripts/setup.sh --for-tests)")
    }

    // MARK: bash

    /// What the completion function offers for the words of a line, the last being completed.
    static func bash(_ sandbox: Sandbox, _ words: [String]) async throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
            source "$1" || exit 9
            complete -p weather-or-not >/dev/null || exit 8
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _weather_or_not
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await ExternalProgram.run(
            shell("bash"), ["--norc", "--noprofile", "-c", program, "bash", sandbox.script.path], environment: sandbox.environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesOptionsValuesAndRecentCitiesQuoted() async throws {
        let sandbox = try await Sandbox("bash")
        defer { sandbox.runner.remove() }
        #expect(Set(try await Self.bash(sandbox, ["weather-or-not", "-"])) == Set(try await Self.optionsInHelp()))
        #expect(try await Self.bash(sandbox, ["weather-or-not", "--five"]) == ["--five-day"])
        for option in CommandLineSpec.options(.standard) where !option.choices.isEmpty {
            #expect(try await Self.bash(sandbox, ["weather-or-not", option.long, ""]) == option.choices, "\(option.long)")
        }
        // "--units=im" reaches the function as "--units" "=" "im".
        #expect(try await Self.bash(sandbox, ["weather-or-not", "--units", "=", "IM"]) == ["imperial"])
        #expect(try await Self.bash(sandbox, ["weather-or-not", "--timeout", ""]).isEmpty)

        // Cities: most recent first, matched ignoring case, quoted so that the shell reads each back as one word.
        let all = try await Self.bash(sandbox, ["weather-or-not", ""])
        #expect(all.count == Self.places.count)
        let san = try await Self.bash(sandbox, ["weather-or-not", "san"])
        #expect(san == [#"San\ Francisco\,\ California\,\ US"#])
        let fallon = try await Self.bash(sandbox, ["weather-or-not", "o"])
        let words = try await ExternalProgram.run(
            Self.shell("bash"), ["--norc", "-c", "eval \"set -- $1\"; printf '<%s>' \"$@\"", "bash", try #require(fallon.first)])
        #expect(words.stdout == "<O'Fallon, Missouri, US>")
        #expect(try await Self.bash(sandbox, ["weather-or-not", "\"lo"]) == ["\"London, GB\""])
        #expect(try await Self.bash(sandbox, ["weather-or-not", "--units", "metric", "Lon"]) == [#"London\,\ GB"#])
        // After "--" everything is a place.
        #expect(try await Self.bash(sandbox, ["weather-or-not", "--", "--h"]).isEmpty)
    }

    @Test func theCitiesAreReadAtEachTabNotWhenTheScriptWasMade() async throws {
        let sandbox = try await Sandbox("bash")
        defer { sandbox.runner.remove() }
        var preferences = Preferences()
        preferences.remember(Place(name: "Reykjavík", country: "IS", latitude: 64.1466, longitude: -21.9426))
        try sandbox.runner.write(preferences)
        #expect(try await Self.bash(sandbox, ["weather-or-not", "r"]) == [#"Reykjavík\,\ IS"#])
        try FileManager.default.removeItem(at: sandbox.runner.preferencesFile)
        #expect(try await Self.bash(sandbox, ["weather-or-not", ""]).isEmpty)
    }

    /// At a real bash prompt (readline, history expansion on): names that look like code or hold quotes are
    /// inserted as text, whether the word was begun bare, with " or with '.
    @Test func bashAtARealPromptInsertsNamesAsTextNeverAsCode() async throws {
        let sandbox = try await Sandbox("bash")
        defer { sandbox.runner.remove() }
        let marker = sandbox.runner.home.path("ran")
        let names = ["St. John's", "$(touch \(marker.path))", "Westward Ho!", "Say \"hi\" `x`"]
        var preferences = Preferences()
        for (index, name) in names.enumerated() { preferences.remember(Place(name: name, latitude: Double(index), longitude: 0)) }
        try sandbox.runner.write(preferences)
        var environment = sandbox.environment
        environment["TERM"] = "xterm"
        let terminal = try PseudoTerminal(executable: Self.shell("bash"), arguments: ["--norc", "--noprofile", "-i"], environment: environment)
        terminal.send("PS1='ba''sh> '; source \(sandbox.script.path); weather-or-not() { printf '<%s>' \"$@\"; echo ' end'; }\n")
        #expect(await terminal.waitFor("bash> "))
        for (typed, expected) in [
            ("\"St", names[0]), ("'St", names[0]), ("St", names[0]), ("\"$", names[1]), ("'$", names[1]), ("$", names[1]),
            ("\"W", names[2]), ("W", names[2]), ("\"Say", names[3]), ("'Say", names[3]), ("Say", names[3]),
        ] {
            terminal.send("weather-or-not \(typed)\t\n")
            #expect(await terminal.waitFor("<\(expected)> end"), "\(typed): \(terminal.unmatched)")
        }
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        terminal.send("exit\n")
        _ = await terminal.waitForExit()
    }

    // MARK: fish

    static func fish(_ sandbox: Sandbox, _ line: String) async throws -> [String] {
        let result = try await ExternalProgram.run(
            shell("fish"), ["--no-config", "-c", "source $argv[1]; and complete -C$argv[2]", sandbox.script.path, line],
            environment: sandbox.environment)
        #expect(result.status == 0, "\(result.stderr)")
        // "candidate<Tab>description"
        return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    @Test func fishCompletesOptionsValuesAndRecentCities() async throws {
        let sandbox = try await Sandbox("fish")
        defer { sandbox.runner.remove() }
        #expect(Set(try await Self.fish(sandbox, "weather-or-not -")) == Set(try await Self.optionsInHelp()))
        for option in CommandLineSpec.options(.standard) where !option.choices.isEmpty {
            #expect(Set(try await Self.fish(sandbox, "weather-or-not \(option.long) ")) == Set(option.choices), "\(option.long)")
        }
        #expect(try await Self.fish(sandbox, "weather-or-not --units=im") == ["--units=imperial"])
        #expect(try await Self.fish(sandbox, "weather-or-not --timeout ").isEmpty)
        #expect(Set(try await Self.fish(sandbox, "weather-or-not ")) == Set(Self.places.map(\.displayName)))
        #expect(try await Self.fish(sandbox, "weather-or-not --units metric lon") == ["London, GB"])
    }

    /// A script made in another language describes the options in it (the menu fish and zsh show); installed
    /// scripts are made in English (`--lang en`).
    @Test func theMenuDescriptionsFollowTheLanguage() async throws {
        var sandbox = try await Sandbox("fish")
        defer { sandbox.runner.remove() }
        let french = try await sandbox.runner.run(["--lang", "fr", "--generate-completion-script", "fish"])
        try Data(french.stdout.utf8).write(to: sandbox.script)
        let result = try await ExternalProgram.run(
            Self.shell("fish"), ["--no-config", "-c", "source $argv[1]; and complete -C'weather-or-not --un'; and complete -C'weather-or-not lon'", sandbox.script.path],
            environment: sandbox.environment)
        #expect(result.stdout == "--units\tunités pour cette exécution\nLondon, GB\tdéjà consultée\n", "\(result.stdout)\(result.stderr)")
        sandbox.environment["LANG"] = "de_DE.UTF-8"  // the locale chooses when --lang does not
        let german = try await ExternalProgram.run(BinaryRunner.executable, ["--generate-completion-script", "zsh"], environment: sandbox.environment)
        #expect(german.stdout.contains("'--units=[Einheiten für diesen Aufruf]:units:(metric imperial standard)'"), "\(german.stdout)")
    }

    // MARK: zsh

    /// An interactive zsh on a pseudo-terminal with the script in its fpath and compinit run; `weather-or-not` is a
    /// function there that prints its arguments, so a line completed with Tab and run shows what zsh inserted.
    static func zsh(_ sandbox: Sandbox) async throws -> PseudoTerminal {
        let folder = sandbox.runner.home.path("zfunctions")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: sandbox.script, to: folder.appendingPathComponent("_weather-or-not"))
        var environment = sandbox.environment
        environment["TERM"] = "xterm"
        let terminal = try PseudoTerminal(executable: shell("zsh"), arguments: ["-f", "-i"], environment: environment)
        terminal.send(
            "PS1='z''sh> '; fpath=(\(folder.path) $fpath); autoload -U compinit; compinit -u -D; "
                + "weather-or-not() { printf '<%s>' \"$@\"; print ' end'; }\n")
        #expect(await terminal.waitFor("zsh> "))
        return terminal
    }

    /// Types `typed`, then Tab, then Return: the arguments the completed line ran with.
    static func tab(_ terminal: PseudoTerminal, _ typed: String, expecting: String) async -> Bool {
        terminal.send("weather-or-not \(typed)\t\n")  // zsh completes before it reads the Return
        return await terminal.waitFor(expecting + " end")
    }

    @Test func zshCompletesEveryOptionItsValuesAndRecentCitiesAtARealPrompt() async throws {
        let sandbox = try await Sandbox("zsh")
        defer { sandbox.runner.remove() }
        let terminal = try await Self.zsh(sandbox)
        let options = try await Self.optionsInHelp()
        // Each option from its shortest prefix no other option shares.
        for option in options {
            let prefix = (2...option.count).lazy.map { String(option.prefix($0)) }
                .first { prefix in options.filter { $0.hasPrefix(prefix) }.count == 1 } ?? option
            #expect(await Self.tab(terminal, prefix, expecting: "<\(option)>"), "\(option) from \(prefix): \(terminal.unmatched)")
        }
        for option in CommandLineSpec.options(.standard) where !option.choices.isEmpty {
            for choice in option.choices {
                let prefix = (1...choice.count).lazy.map { String(choice.prefix($0)) }
                    .first { prefix in option.choices.filter { $0.hasPrefix(prefix) }.count == 1 } ?? choice
                #expect(await Self.tab(terminal, "\(option.long) \(prefix)", expecting: "<\(option.long)><\(choice)>"))
            }
        }
        // Cities: matched ignoring case, inserted quoted, read back by zsh as one argument.
        #expect(await Self.tab(terminal, "san", expecting: "<San Francisco, California, US>"))
        #expect(await Self.tab(terminal, "o", expecting: "<O'Fallon, Missouri, US>"))
        #expect(await Self.tab(terminal, "--clock 24 LON", expecting: "<--clock><24><London, GB>"))
        terminal.send("exit\n")
        _ = await terminal.waitForExit()
    }
}
