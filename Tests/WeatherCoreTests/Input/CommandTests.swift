import Testing
@testable import WeatherCore

struct CommandTests {
    @Test(arguments: [
        ("London", Command.search("London")), ("  Paris, FR ", .search("Paris, FR")), ("", .empty), ("   ", .empty),
        (":hourly", .hourly(nil)), (":HOURLY   12", .hourly(12)), ("  :hourly 40 ", .hourly(40)), (":5day", .daily),
        (":5DAY", .daily), (":units imperial", .units(.imperial)), (":Units   METRIC", .units(.metric)),
        (":units standard", .units(.standard)), (":clock 12", .clock(.twelveHour)), (":clock 24", .clock(.twentyFourHour)), (":units", .units(nil)), (":clock", .clock(nil)),
        (":recent", .recent), (":pick 2", .pick(2)), (":help", .help), (":quit", .quit), (":q", .quit), (":Q", .quit),
        (":offline on", .offline(true)), (":offline off", .offline(false)),
    ])
    func parses(line: String, expected: Command) throws {
        #expect(try Command.parse(line) == expected)
    }

    @Test(arguments: [
        ":hourly abc", ":hourly -5", ":hourly 0", ":hourly 99999", ":units kelvin", ":pick 0", ":pick x",
        ":clock 13", ":nope", ":", ":5day now", ":offline maybe", ":hourly 1 2",
    ])
    func refusesWithAHint(line: String) {
        #expect(throws: WeatherError.self) { try Command.parse(line) }
    }

    @Test func unknownCommandNamesHelp() {
        do {
            _ = try Command.parse(":forecast")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains(":help"))
        }
    }
}
