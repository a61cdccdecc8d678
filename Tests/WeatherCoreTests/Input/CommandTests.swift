import Testing
import WeatherCLI  // the English words of a phrase are the terminal's
@testable import WeatherCore
@testable import WeatherProviders

struct CommandTests {
    @Test(arguments: [
        ("London", Command.search("London")), ("  Paris, FR ", .search("Paris, FR")), ("", .empty), ("   ", .empty),
        (":hourly", .hourly(nil)), (":HOURLY   12", .hourly(12)), ("  :hourly 40 ", .hourly(40)), (":5day", .daily),
        (":5DAY", .daily), (":units imperial", .units(.imperial)), (":Units   METRIC", .units(.metric)),
        (":units standard", .units(.standard)), (":clock 12", .clock(.twelveHour)), (":clock 24", .clock(.twentyFourHour)), (":units", .units(nil)), (":clock", .clock(nil)),
        (":recent", .recent), (":pick 2", .pick(2)), (":help", .help), (":quit", .quit), (":q", .quit), (":Q", .quit),
        (":offline on", .offline(true)), (":offline off", .offline(false)),
        (":hourly 1h", .hourByHour(nil)), (":hourly 1H 12", .hourByHour(12)), (":h 1h 48", .hourByHour(48)), (":hourly 3h", .hourly(nil)),
        (":provider", .provider(nil)), (":provider open-meteo", .provider(.openMeteo)), (":provider OpenMeteo", .provider(.openMeteo)),
        (":provider met-norway", .provider(.metNorway)), (":provider metno", .provider(.metNorway)),
        (":provider openweather", .provider(.openWeather)),
    ])
    func parses(line: String, expected: Command) throws {
        #expect(try Command.parse(line, providers: .standard) == expected)
    }

    @Test(arguments: [
        ":hourly abc", ":hourly -5", ":hourly 0", ":hourly 99999", ":units kelvin", ":pick 0", ":pick x",
        ":clock 13", ":nope", ":", ":5day now", ":offline maybe", ":hourly 1 2", ":hourly 1h 49", ":hourly 1h 0",
        ":hourly 1h x", ":hourly 1h 2 3", ":provider wttr", ":provider open meteo",
    ])
    func refusesWithAHint(line: String) {
        #expect(throws: WeatherError.self) { try Command.parse(line, providers: .standard) }
    }

    /// Any start of one command's name works as that command; `:h`, `:r` and `:p` keep their short forms.
    @Test(arguments: [
        (":hour", Command.hourly(nil)), (":hou 1h 6", .hourByHour(6)), (":ho 12", .hourly(12)), (":hel", .help),
        (":he", .help), (":h", .hourly(nil)), (":ra", .rain), (":re", .recent), (":r", .recent), (":pi 3", .pick(3)),
        (":p 3", .pick(3)), (":pro met-norway", .provider(.metNorway)), (":un imperial", .units(.imperial)),
        (":cl 12", .clock(.twelveHour)), (":com A; B", .compare("A", "B")), (":l fr", .language(.french)),
        (":langu", .language(nil)), (":off on", .offline(true)), (":qu", .quit), (":ex", .quit), (":5", .daily),
        (":da", .daily), (":five", .daily),
    ])
    func anUnambiguousStartIsTheCommand(line: String, expected: Command) throws {
        #expect(try Command.parse(line, providers: .standard) == expected)
    }

    /// A start several commands share names them all, in the order :help lists them.
    @Test func anAmbiguousStartNamesTheCommandsItCouldBe() {
        #expect(throws: WeatherError.invalidInput(Phrase("error.command.ambiguous", ["name": "c", "list": ":compare, :clock"]))) {
            try Command.parse(":c 12")
        }
        #expect(throws: WeatherError.invalidInput(Phrase("error.offline.usage"))) { try Command.parse(":o") }  // :offline alone
        #expect(throws: WeatherError.invalidInput(Phrase("error.command.unknown", ["name": "hx"]))) { try Command.parse(":hx") }
        let words = Phrase("error.command.ambiguous", ["name": "c", "list": ":compare, :clock"]).words(.terminal(.english))
        #expect(words == "\":c\" could be :compare, :clock: type more of it.")
    }

    @Test func unknownCommandNamesHelp() {
        do {
            _ = try Command.parse(":forecast")
            Issue.record("expected an error")
        } catch {
            guard case .invalidInput(let detail) = error else { Issue.record("\(error)"); return }
            #expect(detail.words(.terminal(.english)).contains(":help"))
        }
    }
}
