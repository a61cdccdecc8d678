import WeatherCore

/// Open-Meteo's WMO weather codes as OpenWeather condition codes, so both providers share the views' art, groups
/// and colours. Each code's words are the `conditions` table's `wmo.<code>`, or the core's key for the same condition
/// (`key(_:)`; English here, for the tests and logs).
///
/// Where OpenWeather has no exact match the nearest code of the same group stands in (freezing drizzle is 511,
/// freezing rain; hail is a thunderstorm code); the description keeps the WMO wording.
package enum WMOCodes {
    /// The OpenWeather code, its group name ("Rain") and an English description ("light drizzle").
    package struct Entry: Equatable, Sendable {
        package var code: Int
        package var main: String
        package var description: String
    }

    /// Every code Open-Meteo documents for `weather_code`.
    package static let table: [Int: Entry] = [
        0: Entry(code: 800, main: "Clear", description: "clear sky"),
        1: Entry(code: 801, main: "Clouds", description: "mainly clear"),
        2: Entry(code: 802, main: "Clouds", description: "partly cloudy"),
        3: Entry(code: 804, main: "Clouds", description: "overcast"),
        45: Entry(code: 741, main: "Fog", description: "fog"),
        48: Entry(code: 741, main: "Fog", description: "depositing rime fog"),
        51: Entry(code: 300, main: "Drizzle", description: "light drizzle"),
        53: Entry(code: 301, main: "Drizzle", description: "moderate drizzle"),
        55: Entry(code: 302, main: "Drizzle", description: "dense drizzle"),
        56: Entry(code: 511, main: "Rain", description: "light freezing drizzle"),
        57: Entry(code: 511, main: "Rain", description: "dense freezing drizzle"),
        61: Entry(code: 500, main: "Rain", description: "slight rain"),
        63: Entry(code: 501, main: "Rain", description: "moderate rain"),
        65: Entry(code: 502, main: "Rain", description: "heavy rain"),
        66: Entry(code: 511, main: "Rain", description: "light freezing rain"),
        67: Entry(code: 511, main: "Rain", description: "heavy freezing rain"),
        71: Entry(code: 600, main: "Snow", description: "slight snowfall"),
        73: Entry(code: 601, main: "Snow", description: "moderate snowfall"),
        75: Entry(code: 602, main: "Snow", description: "heavy snowfall"),
        77: Entry(code: 600, main: "Snow", description: "snow grains"),
        80: Entry(code: 520, main: "Rain", description: "slight rain showers"),
        81: Entry(code: 521, main: "Rain", description: "moderate rain showers"),
        82: Entry(code: 522, main: "Rain", description: "violent rain showers"),
        85: Entry(code: 620, main: "Snow", description: "slight snow showers"),
        86: Entry(code: 622, main: "Snow", description: "heavy snow showers"),
        95: Entry(code: 211, main: "Thunderstorm", description: "thunderstorm"),
        96: Entry(code: 201, main: "Thunderstorm", description: "thunderstorm with slight hail"),
        99: Entry(code: 202, main: "Thunderstorm", description: "thunderstorm with heavy hail"),
    ]

    /// The condition for a WMO code (`is_day` 0 makes it a night one); a missing or undocumented code is
    /// "unknown", as OpenWeather's missing condition is.
    package static func condition(_ wmo: Int?, isNight: Bool) -> Condition {
        guard let wmo, let entry = table[wmo] else {
            return Condition(code: 0, main: "Unknown", description: "unknown", isNight: isNight, key: "wmo.unknown")
        }
        return Condition(code: entry.code, main: entry.main, description: entry.description, isNight: isNight, key: key(wmo))
    }

    /// The key of a code's words in the `conditions` table: the core's own key for a condition the core words too
    /// (63, "condition.rain.moderate"), else "wmo." and the code.
    package static func key(_ wmo: Int) -> String {
        neutralKeys[wmo] ?? "wmo.\(wmo)"
    }

    /// The codes that are conditions the core words itself (a day's estimated condition), by their neutral keys.
    static let neutralKeys = [63: "condition.rain.moderate"]
}
