import WeatherCore

/// What the terminal and the environment allow: colour, and characters beyond ASCII.
package struct Style: Sendable {
    package var color: Bool
    package var unicode: Bool
    /// 24-bit colour, when the terminal says it has it (`COLORTERM=truecolor` or `24bit`).
    package var trueColor = false

    package init(color: Bool, unicode: Bool, trueColor: Bool = false) {
        self.color = color
        self.unicode = unicode
        self.trueColor = trueColor
    }

    package static let plain = Style(color: false, unicode: true)

    // MARK: The boundary

    /// Text for the terminal: control characters and escape sequences removed, folded to ASCII when the terminal is
    /// not UTF-8. Every piece of text the program shows goes through here, once.
    package func span(_ text: String, _ look: Look? = nil) -> Span {
        let clean = text.sanitizedForTerminal
        return Span(clean: unicode ? clean : clean.asciiOnly, look: look)
    }

    /// A line of one span.
    package func line(_ text: String, _ look: Look? = nil) -> Line { Line([span(text, look)]) }

    /// Lines of a text that may hold line breaks, each wrapped at spaces to `width`.
    package func paragraph(_ text: String, width: Int, _ look: Look? = nil) -> [Line] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line($0.description, look).wrapped(to: width) }
    }

    /// The terminal text of a line: its spans, each in its colour when colour is on.
    package func render(_ line: Line) -> String {
        line.spans.map { span in
            guard color, let look = span.look else { return span.text }
            return "\u{1B}[\(code(look))m\(span.text)\u{1B}[0m"
        }.joined()
    }

    /// Lines joined, each ended by a line break.
    package func render(_ lines: [Line]) -> String {
        lines.map { render($0) + "\n" }.joined()
    }

    private func code(_ look: Look) -> String {
        switch look {
        case .bold: "1"
        case .dim: "2"
        case .warning: "33"
        case .failure: "31"
        case .temperature(let celsius): temperatureCode(celsius)
        case .art(let group): "38;5;\(artColour(group))"
        case .map(let ink): ink.code
        case .uv(let category): uvCode(category)
        case .air(let category): airCode(category)
        }
    }

    /// The scales' official colours: the EPA's AQI green #00E400, yellow #FFFF00, orange #FF7E00, red #FF0000, purple
    /// #8F3F97, maroon #7E0023; the EEA's European AQI #50F0E6, #50CCAA, #F0E641, #FF5050, #960032, #7D2181; the
    /// nearest of the 256 colours without 24-bit colour.
    private func airCode(_ category: AirCategory) -> String {
        let (rgb, nearest): ((Int, Int, Int), Int) =
            switch category {
            case .usGood: ((0x00, 0xE4, 0x00), 40)
            case .usModerate: ((0xFF, 0xFF, 0x00), 226)
            case .usSensitive: ((0xFF, 0x7E, 0x00), 208)
            case .usUnhealthy: ((0xFF, 0x00, 0x00), 196)
            case .usVeryUnhealthy: ((0x8F, 0x3F, 0x97), 96)
            case .usHazardous: ((0x7E, 0x00, 0x23), 88)
            case .euGood: ((0x50, 0xF0, 0xE6), 87)
            case .euFair: ((0x50, 0xCC, 0xAA), 79)
            case .euModerate: ((0xF0, 0xE6, 0x41), 227)
            case .euPoor: ((0xFF, 0x50, 0x50), 203)
            case .euVeryPoor: ((0x96, 0x00, 0x32), 89)
            case .euExtremelyPoor: ((0x7D, 0x21, 0x81), 90)
            }
        return trueColor ? "38;2;\(rgb.0);\(rgb.1);\(rgb.2)" : "38;5;\(nearest)"
    }

    /// The WHO's colours for the UV index (its "Global solar UV index" guide): green #289500, yellow #F7E400, orange
    /// #F85900, red #D8001D, violet #6B49C8; the nearest of the 256 colours without 24-bit colour.
    private func uvCode(_ category: UVCategory) -> String {
        let (rgb, nearest): ((Int, Int, Int), Int) =
            switch category {
            case .low: ((0x28, 0x95, 0x00), 64)
            case .moderate: ((0xF7, 0xE4, 0x00), 220)
            case .high: ((0xF8, 0x59, 0x00), 202)
            case .veryHigh: ((0xD8, 0x00, 0x1D), 160)
            case .extreme: ((0x6B, 0x49, 0xC8), 98)
            }
        return trueColor ? "38;2;\(rgb.0);\(rgb.1);\(rgb.2)" : "38;5;\(nearest)"
    }

    /// Blue at -15 °C through green and yellow to red at 35 °C.
    private func temperatureCode(_ celsius: Double) -> String {
        if trueColor {
            let t = min(1, max(0, (celsius + 15) / 50))
            let (r, g, b) = Style.rgb(hue: (1 - t) * 240)
            return "38;2;\(r);\(g);\(b)"
        }
        let scale: [(Double, Int)] = [(-15, 57), (-5, 63), (0, 75), (5, 81), (10, 115), (15, 155), (20, 190), (25, 220), (30, 208), (35, 202)]
        return "38;5;\(scale.last { celsius >= $0.0 }?.1 ?? 21)"
    }

    /// Sun yellow, rain blue, snow white, storm magenta, clouds grey.
    private func artColour(_ group: ConditionGroup) -> Int {
        switch group {
        case .clear, .fewClouds: 220
        case .rain, .showers, .drizzle, .freezingRain: 75
        case .snow, .sleet: 255
        case .thunderstorm: 177
        default: 250
        }
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

    // MARK: Glyphs

    /// A one-column glyph for a condition, day or night; plain ASCII when the terminal is not UTF-8, drawn after the
    /// weather map's symbols where one fits: a round sun "O" (a small "o" behind few clouds), a crescent "C", a wavy
    /// cloud "~", drizzle's comma ",", rain's drops ":", thunder's "!", a snowflake "*", fog's bars "=".
    package func glyph(_ group: ConditionGroup, night: Bool) -> String {
        switch group {
        case .clear: unicode ? (night ? "☾" : "☀") : (night ? "C" : "O")
        case .fewClouds: unicode ? (night ? "☾" : "☀") : (night ? "c" : "o")
        case .clouds, .overcast: unicode ? "☁" : "~"
        case .drizzle: unicode ? "☂" : ","
        case .rain, .showers, .freezingRain: unicode ? "☂" : ":"
        case .thunderstorm: unicode ? "☈" : "!"
        case .snow, .sleet: unicode ? "❄" : "*"
        case .mist: unicode ? "≡" : "="
        case .unknown: "?"
        }
    }

    /// "…", or "..." in ASCII.
    package var ellipsis: Span { span("…") }
}
