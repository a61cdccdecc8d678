import Foundation

/// A line typed at the prompt, parsed.
package enum Command: Equatable, Sendable {
    /// A place to look up: a name or coordinates.
    case search(String)
    /// `:hourly [N]`: the next N 3-hour slots (nil: the default 8).
    case hourly(Int?)
    /// `:hourly 1h [N]`: the next N hours one by one (nil: the default 24), where the provider has them.
    case hourByHour(Int?)
    /// `:5day`.
    case daily
    /// `:units NAME`; nil (no value) asks for the setting in force.
    case units(UnitSystem?)
    /// `:clock 12|24`; nil asks for the setting in force.
    case clock(ClockStyle?)
    /// `:lang CODE`; nil asks for the language in force (and lists the others).
    case language(Language?)
    case recent
    case pick(Int)
    /// `:rain`: when it next rains or snows.
    case rain
    /// `:compare A; B`: two places side by side.
    case compare(String, String)
    case offline(Bool)
    /// `:provider NAME`; nil asks which one answers.
    case provider(ProviderID?)
    case help
    case quit
    /// An empty or blank line: does nothing.
    case empty

    /// Command names, for `:help` and completion.
    package static let names = [
        ":hourly", ":5day", ":rain", ":compare", ":units", ":clock", ":lang", ":recent", ":pick", ":offline", ":provider", ":help", ":quit",
    ]
    /// The most slots `:hourly` can show: the forecast's 40.
    package static let maximumSlots = 40
    /// The most hours `:hourly 1h` can show: two days.
    package static let maximumHours = 48

    /// Parses a line; commands are case-insensitive and tolerate extra spaces. Throws a one-line hint when a
    /// command or its argument is wrong.
    package static func parse(_ line: String) throws(WeatherError) -> Command {
        let trimmed = line.trimmingWhitespace
        guard !trimmed.isEmpty else { return .empty }
        guard trimmed.hasPrefix(":") else { return .search(trimmed) }
        let words = trimmed.dropFirst().split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        let name = words.first ?? ""
        if name == "compare" {
            // Place names keep their case and spaces: split what follows the command at ";".
            let rest = trimmed.dropFirst().drop { !$0.isWhitespace }
            let places = rest.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingWhitespace }
            guard places.count == 2, !places[0].isEmpty, !places[1].isEmpty else {
                throw .invalidInput(":compare takes two places separated by \";\": for example :compare London; Paris, FR.")
            }
            return .compare(places[0], places[1])
        }
        let argument = words.dropFirst().first
        if name == "hourly" || name == "h", argument == "1h" {
            guard words.count <= 3 else { throw .invalidInput(":hourly 1h takes at most a number of hours, such as :hourly 1h 12.") }
            guard let text = words.dropFirst(2).first else { return .hourByHour(nil) }
            guard let count = Int(text), (1...maximumHours).contains(count) else {
                throw .invalidInput(":hourly 1h shows 1 to \(maximumHours) hours, such as :hourly 1h 12.")
            }
            return .hourByHour(count)
        }
        guard words.count <= 2 else { throw .invalidInput("\":\(name)\" takes at most one argument; see :help.") }
        switch name {
        case "hourly", "h":
            guard let argument, argument != "3h" else { return .hourly(nil) }
            guard let count = Int(argument) else {
                throw .invalidInput(":hourly takes a number of 3-hour steps, such as :hourly 12.")
            }
            guard (1...maximumSlots).contains(count) else {
                throw .invalidInput(":hourly shows 1 to \(maximumSlots) steps of 3 hours (the forecast covers 5 days).")
            }
            return .hourly(count)
        case "5day", "5d", "daily", "five-day":
            try noArgument(argument, name)
            return .daily
        case "units", "u":
            guard let argument else { return .units(nil) }
            guard let units = UnitSystem(rawValue: argument) else {
                throw .invalidInput("Units are metric, imperial or standard: for example :units imperial.")
            }
            return .units(units)
        case "clock":
            guard let argument else { return .clock(nil) }
            guard let clock = ClockStyle(rawValue: argument) else {
                throw .invalidInput("The clock is 12 or 24: for example :clock 12.")
            }
            return .clock(clock)
        case "lang", "language":
            guard let argument else { return .language(nil) }
            guard let language = Language(code: argument) else {
                throw .invalidInput("Languages are \(Language.list): for example :lang fr.")
            }
            return .language(language)
        case "rain":
            try noArgument(argument, name)
            return .rain
        case "recent", "r":
            try noArgument(argument, name)
            return .recent
        case "pick", "p":
            guard let argument, let number = Int(argument), number >= 1 else {
                throw .invalidInput(":pick takes the number of a place listed under the last search, such as :pick 2.")
            }
            return .pick(number)
        case "offline":
            switch argument {
            case "on": return .offline(true)
            case "off": return .offline(false)
            default: throw .invalidInput("Use :offline on or :offline off.")
            }
        case "provider":
            guard let argument else { return .provider(nil) }
            guard let provider = ProviderID(name: argument) else {
                throw .invalidInput("Providers are openweather, open-meteo and met-norway: for example :provider open-meteo.")
            }
            return .provider(provider)
        case "help", "?":
            return .help
        case "quit", "q", "exit":
            return .quit
        default:
            throw .invalidInput("Unknown command \":\(String(name.prefix(30)))\". Type :help for the list.")
        }
    }

    private static func noArgument(_ argument: String?, _ name: String) throws(WeatherError) {
        if argument != nil { throw .invalidInput(":\(name) takes no argument.") }
    }
}
