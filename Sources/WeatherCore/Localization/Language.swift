/// The languages weather-or-not speaks. Every word it prints comes from `Assets/strings/<code>/`, written by hand
/// (plain mode's countries' names aside: CLDR's, `Assets/countries.tsv`).
package enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case french = "fr"
    case german = "de"
    case spanish = "es"
    case portuguese = "pt-BR"
    case italian = "it"

    /// The code as `--lang`, `:lang` and the preferences spell it.
    package var code: String { rawValue }

    /// The language a code or locale name names: "fr", "FR", "fr_CA.UTF-8", "de-AT", "pt", "pt_PT", "pt-BR",
    /// "it_IT@euro"; nil for one it does not speak (and for "C" and "POSIX").
    package init?(code text: String) {
        let name = Self.bareName(text)
        let language = name.prefix { $0 != "-" && $0 != "_" }.lowercased()
        switch language {
        case "en": self = .english
        case "fr": self = .french
        case "de": self = .german
        case "es": self = .spanish
        case "pt": self = .portuguese  // Brazilian Portuguese, the only Portuguese written here
        case "it": self = .italian
        default: return nil
        }
    }

    /// "fr_FR.UTF-8@euro" without its codeset and modifier: "fr_FR".
    static func bareName(_ text: String) -> String {
        String(text.prefix { $0 != "." && $0 != "@" })
    }

    /// The region a locale name gives ("US" of "en_US.UTF-8"), upper case; nil when it gives none.
    package static func region(of text: String) -> String? {
        let parts = bareName(text).split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count > 1, parts[1].count == 2 else { return nil }
        return parts[1].uppercased()
    }

    /// The language as it calls itself, for `:lang` and the list of languages.
    package var nativeName: String {
        switch self {
        case .english: "English"
        case .french: "Français"
        case .german: "Deutsch"
        case .spanish: "Español"
        case .portuguese: "Português (Brasil)"
        case .italian: "Italiano"
        }
    }

    /// The decimal separator: "12,5 mm" in every language here but English.
    package var decimalSeparator: Character { self == .english ? "." : "," }

    /// What follows a percentage: "84 %" (a no-break space) in French, German and Spanish, "84%" in the others.
    package var percentSign: String {
        switch self {
        case .french, .german, .spanish: "\u{00A0}%"
        case .english, .portuguese, .italian: "%"
        }
    }

    /// The clock a person of this language and region expects: 12-hour in the United States, 24-hour elsewhere.
    package func defaultClock(region: String?) -> ClockStyle {
        self == .english && region == "US" ? .twelveHour : .twentyFourHour
    }
}

/// The language (and region) the environment asks for, as gettext reads it.
package struct LanguageChoice: Equatable, Sendable {
    package var language: Language
    package var region: String?
    /// What was asked for and is not spoken here ("ja_JP.UTF-8"), to say once which languages exist.
    package var unsupported: String?
    /// The region whose units are the default ("US" of `LC_MEASUREMENT=en_US.UTF-8`), from `LC_ALL`, else
    /// `LC_MEASUREMENT`, else `LANG`.
    package var measurementRegion: String?

    package init(language: Language, region: String? = nil, unsupported: String? = nil, measurementRegion: String? = nil) {
        self.language = language
        self.region = region
        self.unsupported = unsupported
        self.measurementRegion = measurementRegion
    }

    /// The units the environment's region reads: imperial for the United States, Liberia and Myanmar.
    package var defaultUnits: UnitSystem { UnitSystem.regionDefault(measurementRegion) }

    /// From `LC_ALL`, else `LC_MESSAGES`, else `LANG`; when that locale is not C or POSIX, the first entry of
    /// `LANGUAGE` (a colon-separated list) spoken here comes first, as gettext does. Read from the variables' text,
    /// so `LANG=fr_FR.UTF-8` gives French even where that locale is not installed. The units' region comes from
    /// `LC_ALL`, else `LC_MEASUREMENT`, else `LANG`.
    package static func fromEnvironment(_ environment: [String: String]) -> LanguageChoice {
        var choice = words(environment)
        let measurement = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        choice.measurementRegion = measurement.flatMap(Language.region(of:))
        return choice
    }

    /// The language and the clock's region, from the locale's messages.
    private static func words(_ environment: [String: String]) -> LanguageChoice {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let bare = Language.bareName(locale)
        if bare.isEmpty || bare == "C" || bare == "POSIX" { return LanguageChoice(language: .english) }
        let region = Language.region(of: locale)
        for entry in (environment["LANGUAGE"] ?? "").split(separator: ":") {
            if let language = Language(code: String(entry)) {
                return LanguageChoice(language: language, region: Language.region(of: String(entry)) ?? region)
            }
        }
        if let language = Language(code: locale) { return LanguageChoice(language: language, region: region) }
        return LanguageChoice(language: .english, unsupported: bare)
    }
}
