import FoundationEssentials
import WeatherCore

/// MET Norway's weather symbol codes (`clearsky_day`, `heavyrainshowers_night`, `fog`) as OpenWeather condition
/// codes, so they take the same condition groups, descriptions and art.
///
/// The table holds every symbol of MET's published list. Twenty-one of them (clear sky, fair, partly cloudy and
/// every kind of showers) come in `_day`, `_night` and `_polartwilight` variants; the others have none. MET's list
/// spells two of them with a doubled "s" (`lightssleetshowersandthunder`, `lightssnowshowersandthunder`): that is
/// what the API sends, and the single-"s" spellings are read as well.
package enum SymbolCodes {
    /// What a symbol stands for, in OpenWeather's terms.
    package struct Symbol: Equatable, Sendable {
        /// OpenWeather's condition code, from which the group and art derive.
        package var code: Int
        /// OpenWeather's group name ("Rain").
        package var main: String
        /// English, lower case as OpenWeather writes it ("light rain showers").
        package var description: String
        /// True for the symbols MET sends with `_day`, `_night` and `_polartwilight` variants.
        package var hasVariants: Bool
        /// The symbol's base name, the `conditions` table's key after "metno." (MET's doubled-"s" spellings take
        /// the single-"s" name).
        package var name: String = ""

        /// The key of its words in the `conditions` table: the core's own key for a condition the core words too
        /// ("condition.rain.light"), else "metno." and its name.
        package var key: String { SymbolCodes.neutralKeys[name] ?? "metno." + name }
    }

    /// The symbols that are conditions the core words itself (a day's estimated condition), by their neutral keys.
    static let neutralKeys = [
        "lightrain": "condition.rain.light", "lightsnow": "condition.snow.light", "snow": "condition.snow.moderate",
        "heavysnow": "condition.snow.heavy",
    ]

    /// Every symbol by its base name (no variant suffix).
    package static let symbols: [String: Symbol] = {
        var table: [String: Symbol] = [
            "clearsky": Symbol(code: 800, main: "Clear", description: "clear sky", hasVariants: true),
            "fair": Symbol(code: 801, main: "Clouds", description: "fair", hasVariants: true),
            "partlycloudy": Symbol(code: 802, main: "Clouds", description: "partly cloudy", hasVariants: true),
            "cloudy": Symbol(code: 804, main: "Clouds", description: "cloudy", hasVariants: false),
            "fog": Symbol(code: 741, main: "Fog", description: "fog", hasVariants: false),
        ]
        // (kind, OpenWeather codes light/plain/heavy without and with showers, group name)
        let kinds: [(String, [Int], [Int], String)] = [
            ("rain", [500, 501, 502], [520, 521, 522], "Rain"),
            ("sleet", [611, 611, 616], [612, 613, 613], "Snow"),
            ("snow", [600, 601, 602], [620, 621, 622], "Snow"),
        ]
        let intensities = ["light", "", "heavy"]
        for (kind, plain, showers, main) in kinds {
            for (index, intensity) in intensities.enumerated() {
                let words = intensity.isEmpty ? kind : "\(intensity) \(kind)"
                let thunder = 200 + index  // thunderstorm with light rain, with rain, with heavy rain
                table[intensity + kind] = Symbol(code: plain[index], main: main, description: words, hasVariants: false)
                table[intensity + kind + "showers"] = Symbol(
                    code: showers[index], main: main, description: "\(words) showers", hasVariants: true)
                table[intensity + kind + "andthunder"] = Symbol(
                    code: thunder, main: "Thunderstorm", description: "\(words) and thunder", hasVariants: false)
                table[intensity + kind + "showersandthunder"] = Symbol(
                    code: thunder, main: "Thunderstorm", description: "\(words) showers and thunder", hasVariants: true)
            }
        }
        for (name, symbol) in table { table[name]?.name = name }
        // MET's own spellings of two of them.
        table["lightssleetshowersandthunder"] = table["lightsleetshowersandthunder"]
        table["lightssnowshowersandthunder"] = table["lightsnowshowersandthunder"]
        return table
    }()

    /// The condition a symbol code stands for; nil for a code MET has not documented.
    ///
    /// `_night` and `_polartwilight` (the sun below the horizon, in a polar winter) are night, `_day` is day; a
    /// symbol without a variant takes `isNight`, which the caller works out from the sun.
    package static func condition(_ symbolCode: String, isNight: Bool) -> Condition? {
        let parts = symbolCode.split(separator: "_", maxSplits: 1)
        guard let base = parts.first, let symbol = symbols[String(base)] else { return nil }
        let night: Bool
        switch parts.count == 2 ? parts[1] : nil {
        case "day": night = false
        case "night", "polartwilight": night = true
        case nil: night = isNight
        default: return nil
        }
        return Condition(code: symbol.code, main: symbol.main, description: symbol.description, isNight: night, key: symbol.key)
    }

    /// What a symbol says falls: sleet, snow or rain by its name (with or without showers or thunder); nil for one
    /// without precipitation (`cloudy`, `fog`) or not documented.
    package static func kind(_ symbolCode: String) -> PrecipitationKind? {
        guard let base = symbolCode.split(separator: "_").first.map(String.init), symbols[base] != nil else { return nil }
        if base.contains("sleet") { return .sleet }
        if base.contains("snow") { return .snow }
        return base.contains("rain") ? .rain : nil
    }

    /// True when a symbol's precipitation is snow (not sleet, which is mostly wet).
    package static func isSnow(_ symbolCode: String) -> Bool {
        symbolCode.contains("snow")
    }
}
