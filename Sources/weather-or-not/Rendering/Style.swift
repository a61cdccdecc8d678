import WeatherCore

/// Colour and glyphs, or none: what the terminal and the environment allow.
struct Style: Sendable {
    var color: Bool
    var unicode: Bool

    static let plain = Style(color: false, unicode: false)

    func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func warning(_ text: String) -> String { color ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
    func failure(_ text: String) -> String { color ? "\u{1B}[31m\(text)\u{1B}[0m" : text }

    /// A temperature coloured on a cold-to-hot 256-colour scale.
    func temperature(_ text: String, celsius: Double) -> String {
        guard color else { return text }
        let scale: [(Double, Int)] = [(-15, 57), (-5, 63), (0, 75), (5, 81), (10, 115), (15, 155), (20, 190), (25, 220), (30, 208), (35, 202)]
        let code = scale.last { celsius >= $0.0 }?.1 ?? 21
        return "\u{1B}[38;5;\(code)m\(text)\u{1B}[0m"
    }

    /// A drawing line in its condition's colour: sun yellow, rain blue, snow white, storm magenta, clouds grey.
    func art(_ text: String, _ group: ConditionGroup) -> String {
        guard color else { return text }
        let code: Int
        switch group {
        case .clear, .fewClouds: code = 220
        case .rain, .showers, .drizzle, .freezingRain: code = 75
        case .snow, .sleet: code = 255
        case .thunderstorm: code = 177
        default: code = 250
        }
        return "\u{1B}[38;5;\(code)m\(text)\u{1B}[0m"
    }

    /// A one-column glyph for a condition, day or night; plain ASCII when the locale is not UTF-8.
    func glyph(_ group: ConditionGroup, night: Bool) -> String {
        switch group {
        case .clear: unicode ? (night ? "☾" : "☀") : (night ? "C" : "O")
        case .fewClouds: unicode ? (night ? "☾" : "☀") : (night ? "c" : "o")
        case .clouds, .overcast: unicode ? "☁" : "#"
        case .drizzle: unicode ? "☂" : ","
        case .rain, .showers, .freezingRain: unicode ? "☂" : "/"
        case .thunderstorm: unicode ? "⚡" : "!"
        case .snow, .sleet: unicode ? "❄" : "*"
        case .mist: unicode ? "≡" : "="
        case .unknown: "?"
        }
    }

    var dash: String { unicode ? "–" : "-" }
    var separator: String { unicode ? "·" : "|" }
}
