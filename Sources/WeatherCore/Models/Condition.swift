import FoundationEssentials

/// A weather condition as OpenWeather codes it (`weather[0]`).
///
/// The code table is OpenWeather's, and it stays here as the one vocabulary of conditions every provider's answer is
/// put into (Open-Meteo's WMO codes and MET Norway's symbols are mapped onto it in WeatherProviders), so the views,
/// summaries and art read one table whoever answered. It names no provider in code: a new provider maps its own codes.
package struct Condition: Equatable, Sendable {
    /// OpenWeather's condition code (200…804).
    package var code: Int
    /// Short English group name ("Rain").
    package var main: String
    /// Description, in the requested language ("moderate rain").
    package var description: String
    /// True when the icon marks it as night ("10n").
    package var isNight: Bool
    /// For a provider whose descriptions come from this project's tables (Open-Meteo's WMO codes, MET Norway's
    /// symbols): the key of the `conditions` table ("wmo.61", "metno.lightrainshowers"), worded when shown, so a
    /// cached answer holds no language. Nil when `description` is the provider's own words (OpenWeather's).
    package var key: String?

    /// The same condition as a day's summary shows it: never as night.
    package var daytime: Condition {
        var day = self
        day.isNight = false
        return day
    }

    package init(code: Int, main: String, description: String, isNight: Bool, key: String? = nil) {
        self.code = code
        // The provider's own words (OpenWeather's): sanitised where they enter.
        self.main = main.sanitizedForTerminal
        self.description = description.sanitizedForTerminal
        self.isNight = isNight
        self.key = key
    }

    /// The description in the language of `strings`: the project's table for a keyed condition, else the
    /// provider's own words.
    package func description(_ strings: Strings) -> String {
        key.map { strings[$0] } ?? description
    }

    /// The condition's group, used for art, colour and the daily summary.
    package var group: ConditionGroup { ConditionGroup(code: code) }
}

/// The condition groups the views distinguish, from OpenWeather's code ranges.
package enum ConditionGroup: String, CaseIterable, Sendable {
    case thunderstorm, drizzle, rain, freezingRain, showers, snow, sleet, mist, clear, fewClouds, clouds, overcast, unknown

    package init(code: Int) {
        switch code {
        case 200...232: self = .thunderstorm
        case 300...321: self = .drizzle
        case 511: self = .freezingRain
        case 500...504: self = .rain
        case 520...531: self = .showers
        case 611...616: self = .sleet
        case 600...622: self = .snow
        case 701...781: self = .mist
        case 800: self = .clear
        case 801: self = .fewClouds
        case 802, 803: self = .clouds
        case 804: self = .overcast
        default: self = .unknown
        }
    }

    /// How much the condition matters to a person planning a day; breaks ties between equally frequent conditions.
    package var severity: Int {
        switch self {
        case .unknown: 0
        case .clear: 1
        case .fewClouds: 2
        case .clouds: 3
        case .overcast: 4
        case .mist: 5
        case .drizzle: 6
        case .showers: 7
        case .rain: 8
        case .sleet: 9
        case .snow: 10
        case .freezingRain: 11
        case .thunderstorm: 12
        }
    }

    /// True for groups that bring rain, snow or sleet.
    package var isWet: Bool {
        switch self {
        case .thunderstorm, .drizzle, .rain, .freezingRain, .showers, .snow, .sleet: true
        default: false
        }
    }
}
