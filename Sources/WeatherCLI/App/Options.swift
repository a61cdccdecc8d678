import FoundationEssentials
import WeatherCore

/// The command line: a city, or none for the prompt, and the options.
///
/// Parsed by hand: swift-argument-parser finds its options by reflection, which costs about 2 ms (13.5 M
/// instructions) at every start in the static release build, and it quotes a rejected value, which could be the key
/// (docs/PERFORMANCE.md). `CommandLineSpec` describes these options for `--help`, the man page and completions.
package struct Options {
    package var city: [String] = []
    package var hourly = false
    package var fiveDay = false
    /// `--places`: the places followed, with their weather (one-shot).
    package var places = false
    /// `--map`: the places followed on a map, with their temperatures (one-shot; a map of one place adds its region's
    /// large cities).
    package var map = false
    package var json = false
    /// `--format`: one status line, then exit.
    package var format: StatusFormat?
    package var units: UnitSystem?
    package var clock: ClockStyle?
    /// `--lang`: for this run.
    package var language: Language?
    package var offline = false
    package var ascii = false
    /// `--plain`: every view in sentences, no drawing, colour or emoji (also `TERM=dumb` and `:plain on`).
    package var plain = false
    package var color = ColorChoice.auto
    package var apiKey: String?
    package var timeout = 10.0
    /// `--provider`: for this run only.
    package var provider: ProviderID?
    /// `--no-failover`: only the chosen provider answers, this run.
    package var noFailover = false
    /// `--here`: the home, else the place guessed from the time zone, instead of a city.
    package var here = false
    /// `--locate`: the place the IP geolocation service gives, instead of a city (the only way a one-shot asks it).
    package var locate = false

    package enum Parsed {
        case run(Options)
        case help
        case version
        /// `--recent-cities`: the cities Tab completes, for the completion scripts.
        case recentCities
        /// `--generate-completion-script SHELL`.
        case completionScript(shell: String)
        /// `--generate-man-page`.
        case manPage
    }

    /// A line saying what is wrong with the command line; never quotes an option's value, which could be the key.
    /// Its words are a key of the `usage` table, said in the person's language.
    package struct UsageError: Error {
        package let phrase: Phrase

        package init(_ key: String, _ values: [String: String] = [:]) { phrase = Phrase(key, values) }

        /// The line in the language of `strings`.
        package func message(_ strings: Strings) -> String { phrase.words(strings) }
        /// The line in English.
        package var message: String { phrase.words(.terminal(.english)) }
    }

    /// The command line read; `--provider` takes the names of `providers`' services.
    package static func parse(_ arguments: [String], providers: ProviderCatalog) throws(UsageError) -> Parsed {
        var options = Options()
        var index = 0
        var onlyCity = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // "-33.9, 18.4", "-33.9,18.4" and "-.5" are places (coordinates), not options: no option starts with a minus
            // and a digit.
            if onlyCity || !argument.hasPrefix("-") || argument == "-" || Self.startsWithNumber(argument.dropFirst()) {
                options.city.append(argument)
                continue
            }
            if argument == "--" {
                onlyCity = true
                continue
            }
            let name = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
            let attached = name.count < argument.count ? String(argument.dropFirst(name.count + 1)) : nil
            func value() throws(UsageError) -> String {
                if let attached { return attached }
                guard index < arguments.count else { throw UsageError("usage.needsValue", ["option": name]) }
                index += 1
                return arguments[index - 1]
            }
            func flag() throws(UsageError) -> Bool {
                guard attached == nil else { throw UsageError("usage.takesNoValue", ["option": name]) }
                return true
            }
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--recent-cities": return .recentCities
            case "--generate-man-page": return .manPage
            case "--generate-completion-script":
                return .completionScript(shell: try choice(name, value(), among: CommandLineSpec.shells))
            case "--hourly": options.hourly = try flag()
            case "--five-day": options.fiveDay = try flag()
            case "--places": options.places = try flag()
            case "--map": options.map = try flag()
            case "--json": options.json = try flag()
            case "--format": options.format = try StatusFormat(parsing: value())
            case "--offline": options.offline = try flag()
            case "--ascii": options.ascii = try flag()
            case "--plain": options.plain = try flag()
            case "--units": options.units = try choice(name, value(), of: UnitSystem.self)
            case "--clock": options.clock = try choice(name, value(), of: ClockStyle.self)
            case "--lang":
                guard let language = Language(code: try value()) else { throw UsageError("usage.choice", Self.listed(name, Language.allCases.map(\.code))) }
                options.language = language
            case "--color": options.color = try choice(name, value(), of: ColorChoice.self)
            case "--api-key": options.apiKey = try value()
            case "--provider":
                options.provider = providers.named(try choice(name, value(), among: providers.all.map(\.rawValue)))
            case "--no-failover": options.noFailover = try flag()
            case "--here": options.here = try flag()
            case "--locate": options.locate = try flag()
            case "--timeout":
                // "0,5" as well as "0.5": the decimal comma of most languages here.
                guard let seconds = Double(try value().replacing(",", with: ".")), seconds >= 0.1, seconds <= 300 else {
                    throw UsageError("usage.timeout")
                }
                options.timeout = seconds
            default:
                throw UsageError("usage.unknownOption", ["option": name])
            }
        }
        if !options.city.isEmpty, options.city.joined(separator: " ").trimmingWhitespace.isEmpty {
            throw UsageError("usage.emptyCity")
        }
        if options.here || options.locate {
            // Each names the place: with a city, or with each other, which one would be meant is unclear.
            if options.here, options.locate { throw UsageError("usage.placeTwice", ["option": "--here", "other": "--locate"]) }
            if !options.city.isEmpty { throw UsageError("usage.placeTwice", ["option": options.here ? "--here" : "--locate", "other": "CITY"]) }
        }
        if options.places || options.map {
            // The list and the map are views of their own, of their own places.
            let other = options.places && options.map ? "--places" : !options.city.isEmpty ? "CITY" : options.here ? "--here"
                : options.locate ? "--locate" : options.hourly ? "--hourly" : options.fiveDay ? "--five-day" : options.format != nil ? "--format" : nil
            if let other { throw UsageError(options.map ? "usage.mapAlone" : "usage.placesAlone", ["other": other]) }
        }
        if options.format != nil, options.json || options.hourly || options.fiveDay {
            let other = options.json ? "--json" : options.hourly ? "--hourly" : "--five-day"
            throw UsageError("usage.formatWith", ["option": other])
        }
        return .run(options)
    }

    /// True when `text` starts with a digit, or a decimal point and a digit: the rest of a negative number.
    private static func startsWithNumber(_ text: Substring) -> Bool {
        let rest = text.first == "." ? text.dropFirst() : text
        guard let first = rest.first else { return false }
        return first.isASCII && first.isNumber
    }

    /// The language for the help, the man page and a usage error, found before (or without) a full parse:
    /// a `--lang` on the line, else the one `:lang` saved, else the environment's.
    package static func language(for arguments: [String], environment: [String: String]) -> Language {
        var flag: Language?
        for (index, argument) in arguments.enumerated() where flag == nil {
            if argument == "--" { break }
            if argument.hasPrefix("--lang=") { flag = Language(code: String(argument.dropFirst(7))) }
            if argument == "--lang", index + 1 < arguments.count { flag = Language(code: arguments[index + 1]) }
        }
        let saved = PreferencesStore.peek(at: AppPaths(environment: environment).preferences)
        // The provider plays no part in the language: none is named.
        return Settings.resolve(
            flags: Settings.Layer(language: flag), environment: Settings.Layer(), preferences: Settings.Layer(saved),
            locale: LanguageChoice.fromEnvironment(environment), defaultProvider: ProviderID(rawValue: "")
        ).language
    }

    /// True for a run that prints and exits: a city, or a view, JSON or a status line asked for (of the last city).
    package var isOneShot: Bool { !city.isEmpty || hourly || fiveDay || json || format != nil || here || locate || places || map }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ text: String, of type: Choice.Type
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        // One of the names, lower-cased: a value none of them takes is refused, never a crash.
        guard let value = Choice(rawValue: try choice(name, text, among: names)) else { throw UsageError("usage.choice", listed(name, names)) }
        return value
    }

    private static func choice(_ name: String, _ text: String, among names: [String]) throws(UsageError) -> String {
        if names.contains(text.lowercased()) { return text.lowercased() }
        // The value is never quoted: a mistyped option may have been handed the key.
        throw UsageError("usage.choice", listed(name, names))
    }

    /// The values of "`option` must be `list` or `last`".
    private static func listed(_ option: String, _ names: [String]) -> [String: String] {
        ["option": option, "list": names.dropLast().joined(separator: ", "), "last": names.last ?? ""]
    }
}
