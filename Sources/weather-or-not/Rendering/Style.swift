import WeatherCore

/// Colour and glyphs, or none: what the terminal and the environment allow.
struct Style: Sendable {
    var color: Bool
    var unicode: Bool
    /// 24-bit colour, when the terminal says it has it (`COLORTERM=truecolor` or `24bit`).
    var trueColor = false

    static let plain = Style(color: false, unicode: false)

    func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func warning(_ text: String) -> String { color ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
    func failure(_ text: String) -> String { color ? "\u{1B}[31m\(text)\u{1B}[0m" : text }

    /// A temperature coloured on a cold-to-hot 256-colour scale.
    func temperature(_ text: String, celsius: Double) -> String {
        guard color else { return text }
        if trueColor {
            // Blue at -15 °C through green and yellow to red at 35 °C.
            let t = min(1, max(0, (celsius + 15) / 50))
            let hue = (1 - t) * 240
            let (r, g, b) = Style.rgb(hue: hue)
            return "\u{1B}[38;2;\(r);\(g);\(b)m\(text)\u{1B}[0m"
        }
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

    /// A fully saturated colour for a hue in degrees (0 red, 120 green, 240 blue).
    static func rgb(hue: Double) -> (Int, Int, Int) {
        let h = hue / 60
        let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (1, x, 0)
            case 1: (x, 1, 0)
            case 2: (0, 1, x)
            case 3: (0, x, 1)
            default: (x, 0, 1)
            }
        return (Int(r * 255), Int(g * 255), Int(b * 255))
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
