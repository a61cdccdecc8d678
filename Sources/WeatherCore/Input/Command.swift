import FoundationEssentials

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
    /// `:alerts`: the official warnings for the place, numbered; `:alerts N`: the whole text of one.
    case alerts(Int?)
    /// `:compare A; B`: two places side by side.
    case compare(String, String)
    /// `:air`: air quality and pollen.
    case air
    /// `:aqi us|eu|auto`: the air quality scale, saved (`auto`: nil, the place's own); `:aqi` alone (`chosen` false)
    /// says which is in force.
    case airScale(AQIScale?, chosen: Bool)
    /// `:plain on|off`: plain mode (every view in sentences), saved; nil (`:plain` alone) says whether it is on.
    case plain(Bool?)
    case offline(Bool)
    /// `:provider NAME`; nil asks which one answers.
    case provider(ProviderID?)
    /// `:home CITY` saves a home; nil (`:home` alone) says which it is.
    case home(String?)
    /// `:here`: the home's weather, else the place guessed from the time zone.
    case here
    /// `:locate`: asks the IP geolocation service where this machine is (only ever when typed).
    case locate
    /// `:places`: the places followed, numbered, with their weather.
    case places
    /// `:map`: the places followed as pins on a map, with their temperatures.
    case map
    /// `:forget N` or `:forget NAME`: takes a place off the recent list.
    case forget(String)
    case help
    case quit
    /// An empty or blank line: does nothing.
    case empty

    /// Command names, for `:help` and completion.
    package static let names = [
        ":hourly", ":5day", ":rain", ":air", ":aqi", ":alerts", ":compare", ":units", ":clock", ":lang", ":recent", ":places", ":map", ":forget", ":pick", ":offline", ":plain", ":provider", ":home", ":here", ":locate",
        ":help", ":quit",
    ]
    /// The most slots `:hourly` can show: the forecast's 40.
    package static let maximumSlots = 40
    /// The most hours `:hourly 1h` can show: two days.
    package static let maximumHours = 48

    /// Every spelling of a command, and the command's name: the names, their long aliases, and short forms that are
    /// not prefixes (`:r` is `:recent`, not `:rain`; `:h` is `:hourly`, not `:help`), or that kept their meaning
    /// when a later command began the same way (`:ho` is `:hourly`, `:he` `:help`, `:l` `:lang`).
    private static let spellings: [String: String] = [
        "hourly": "hourly", "h": "hourly", "5day": "5day", "5d": "5day", "daily": "5day", "five-day": "5day",
        "rain": "rain", "alerts": "alerts", "warnings": "alerts", "compare": "compare", "units": "units", "u": "units", "clock": "clock", "lang": "lang",
        "language": "lang", "recent": "recent", "r": "recent", "pick": "pick", "p": "pick", "offline": "offline", "plain": "plain",
        "provider": "provider", "home": "home", "here": "here", "air": "air", "aqi": "aqi", "locate": "locate", "places": "places", "map": "map", "forget": "forget", "help": "help",
        // The short forms these had before :home, :here and :locate shared their starts.
        "ho": "hourly", "he": "help", "l": "lang", "?": "help", "quit": "quit", "q": "quit", "exit": "quit",
    ]

    /// The command a typed name means: a spelling of it, or the start of just one command's spellings (`:hour`,
    /// `:prov`). A start several commands share is named with them; one that starts none is unknown.
    static func commandName(_ typed: String) throws(WeatherError) -> String {
        if let exact = spellings[typed] { return exact }
        let candidates = Set(spellings.filter { !typed.isEmpty && $0.key.hasPrefix(typed) }.values)
        if candidates.count == 1, let only = candidates.first { return only }
        guard candidates.isEmpty else {
            let list = names.filter { candidates.contains(String($0.dropFirst())) }.joined(separator: ", ")
            throw .invalidInput(Phrase("error.command.ambiguous", ["name": String(typed.prefix(30)), "list": list]))
        }
        throw .invalidInput(Phrase("error.command.unknown", ["name": String(typed.prefix(30))]))
    }

    /// Parses a line; commands are case-insensitive, tolerate extra spaces and may be shortened to any start that
    /// names one command. Throws a one-line hint when a command or its argument is wrong. `:provider NAME` takes the
    /// names of `providers` (none by default: the program hands in the ones it composed).
    package static func parse(_ line: String, providers: ProviderCatalog = ProviderCatalog([])) throws(WeatherError) -> Command {
        let trimmed = line.trimmingWhitespace
        guard !trimmed.isEmpty else { return .empty }
        guard trimmed.hasPrefix(":") else { return .search(trimmed) }
        let words = trimmed.dropFirst().split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        let name = try commandName(words.first ?? "")
        if name == "home" {
            // A city keeps its case and spaces.
            let city = trimmed.dropFirst().drop { !$0.isWhitespace }.trimmingWhitespace
            return .home(city.isEmpty ? nil : city)
        }
        if name == "forget" {
            // A place's name keeps its case and spaces.
            let target = trimmed.dropFirst().drop { !$0.isWhitespace }.trimmingWhitespace
            guard !target.isEmpty else { throw .invalidInput(Phrase("error.forget.usage")) }
            return .forget(target)
        }
        if name == "compare" {
            // Place names keep their case and spaces: split what follows the command at ";".
            let rest = trimmed.dropFirst().drop { !$0.isWhitespace }
            let places = rest.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingWhitespace }
            guard places.count == 2, !places[0].isEmpty, !places[1].isEmpty else {
                throw .invalidInput(Phrase("error.compare.usage"))
            }
            return .compare(places[0], places[1])
        }
        let argument = words.dropFirst().first
        if name == "hourly", argument == "1h" {
            guard words.count <= 3 else { throw .invalidInput(Phrase("error.hourByHour.usage")) }
            guard let text = words.dropFirst(2).first else { return .hourByHour(nil) }
            guard let count = Int(text), (1...maximumHours).contains(count) else {
                throw .invalidInput(Phrase("error.hourByHour.range", ["maximum": String(maximumHours)]))
            }
            return .hourByHour(count)
        }
        guard words.count <= 2 else { throw .invalidInput(Phrase("error.command.tooManyArguments", ["name": name])) }
        switch name {
        case "hourly":
            guard let argument, argument != "3h" else { return .hourly(nil) }
            guard let count = Int(argument) else {
                throw .invalidInput(Phrase("error.hourly.usage"))
            }
            guard (1...maximumSlots).contains(count) else {
                throw .invalidInput(Phrase("error.hourly.range", ["maximum": String(maximumSlots)]))
            }
            return .hourly(count)
        case "5day":
            try noArgument(argument, name)
            return .daily
        case "units":
            guard let argument else { return .units(nil) }
            guard let units = UnitSystem(rawValue: argument) else {
                throw .invalidInput(Phrase("error.units.usage"))
            }
            return .units(units)
        case "clock":
            guard let argument else { return .clock(nil) }
            guard let clock = ClockStyle(rawValue: argument) else {
                throw .invalidInput(Phrase("error.clock.usage"))
            }
            return .clock(clock)
        case "lang":
            guard let argument else { return .language(nil) }
            guard let language = Language(code: argument) else {
                throw .invalidInput(Phrase("error.lang.usage", ["list": Language.allCases.map(\.code).joined(separator: ", ")]))
            }
            return .language(language)
        case "rain":
            try noArgument(argument, name)
            return .rain
        case "air":
            try noArgument(argument, name)
            return .air
        case "aqi":
            guard let argument else { return .airScale(nil, chosen: false) }
            if argument.lowercased() == "auto" { return .airScale(nil, chosen: true) }
            guard let scale = AQIScale(rawValue: argument.lowercased()) else { throw .invalidInput(Phrase("error.aqi.usage")) }
            return .airScale(scale, chosen: true)
        case "alerts":
            guard let argument else { return .alerts(nil) }
            guard let number = Int(argument), number >= 1 else { throw .invalidInput(Phrase("error.alerts.usage")) }
            return .alerts(number)
        case "recent":
            try noArgument(argument, name)
            return .recent
        case "pick":
            guard let argument, let number = Int(argument), number >= 1 else {
                throw .invalidInput(Phrase("error.pick.usage"))
            }
            return .pick(number)
        case "plain":
            switch argument?.lowercased() {
            case nil: return .plain(nil)
            case "on": return .plain(true)
            case "off": return .plain(false)
            default: throw .invalidInput(Phrase("error.plain.usage"))
            }
        case "offline":
            switch argument {
            case "on": return .offline(true)
            case "off": return .offline(false)
            default: throw .invalidInput(Phrase("error.offline.usage"))
            }
        case "provider":
            guard let argument else { return .provider(nil) }
            guard let provider = providers.named(argument) else {
                throw .invalidInput(Phrase("error.provider.usage"))
            }
            return .provider(provider)
        case "here":
            try noArgument(argument, name)
            return .here
        case "places":
            try noArgument(argument, name)
            return .places
        case "map":
            try noArgument(argument, name)
            return .map
        case "locate":
            try noArgument(argument, name)
            return .locate
        case "help":
            return .help
        case "quit":
            return .quit
        default:
            throw .invalidInput(Phrase("error.command.unknown", ["name": String(name.prefix(30))]))  // never: a name of the table
        }
    }

    private static func noArgument(_ argument: String?, _ name: String) throws(WeatherError) {
        if argument != nil { throw .invalidInput(Phrase("error.command.noArgument", ["name": name])) }
    }
}
