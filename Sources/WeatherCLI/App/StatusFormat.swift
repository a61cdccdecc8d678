import WeatherCore

/// `--format`: one line for a status bar or a prompt, written with wttr.in's placeholders (`%c %t`), or one of its
/// presets `1` to `4`.
package struct StatusFormat: Equatable, Sendable {
    /// What a placeholder stands for.
    package enum Field: Character, CaseIterable, Sendable {
        case glyph = "c", condition = "C", temperature = "t", feelsLike = "f", humidity = "h", wind = "w"
        case location = "l", precipitation = "p", precipitationChance = "o", pressure = "P", sunrise = "S", sunset = "s"
        case uvIndex = "u", uvCategory = "U", airIndex = "a", airCategory = "A"
        /// The official warnings: how many, and the highest level.
        case alerts = "W"
    }

    /// One piece of the line.
    package enum Piece: Equatable, Sendable {
        case text(String)
        case field(Field)
        /// A preset's emoji, left out when the output is ASCII.
        case symbol(String)
    }

    package let pieces: [Piece]

    /// wttr.in's `format=1` to `format=4`.
    package static let presets: [String: [Piece]] = [
        "1": [.field(.glyph), .text(" "), .field(.temperature)],
        "2": [.field(.glyph), .text(" "), .symbol("🌡️"), .field(.temperature), .text(" "), .symbol("🌬️"), .field(.wind)],
        "3": [.field(.location), .text(": "), .field(.glyph), .text(" "), .field(.temperature)],
        "4": [
            .field(.location), .text(": "), .field(.glyph), .text(" "), .symbol("🌡️"), .field(.temperature), .text(" "),
            .symbol("🌬️"), .field(.wind),
        ],
    ]

    /// A preset's number, or text with placeholders; an unknown placeholder (or a lone `%` at the end) is named.
    package init(parsing text: String) throws(Options.UsageError) {
        if let preset = Self.presets[text] {
            pieces = preset
            return
        }
        var pieces: [Piece] = []
        var literal = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                literal.append(character)
                continue
            }
            guard let code = characters.next() else {
                throw Options.UsageError("usage.format.lonePercent")
            }
            if code == "%" {
                literal.append("%")
                continue
            }
            guard let field = Field(rawValue: code) else {
                // The placeholder is quoted, never the whole format: it is the person's own text, not a secret.
                let shown = code.isASCII && !code.isWhitespace ? "%\(code)" : "%"
                throw Options.UsageError("usage.format.unknown", ["placeholder": shown])
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.field(field))
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// True when a placeholder shows what only the forecast gives (the coming precipitation, its chance).
    package var needsForecast: Bool {
        pieces.contains { $0 == .field(.precipitation) || $0 == .field(.precipitationChance) }
    }

    /// True when a placeholder shows the UV index (which OpenWeather's answers have from another request).
    package var needsUVIndex: Bool {
        pieces.contains { $0 == .field(.uvIndex) || $0 == .field(.uvCategory) }
    }

    /// True when a placeholder shows the air quality (asked of its own source beside the weather).
    package var needsAirQuality: Bool {
        pieces.contains { $0 == .field(.airIndex) || $0 == .field(.airCategory) }
    }
    /// True when a placeholder shows the official warnings (asked beside the weather, and waited for).
    package var needsWarnings: Bool { pieces.contains(.field(.alerts)) }

    /// The line for `d`, each value as the views show it; a value the provider does not give is "–" ("-" in ASCII).
    /// Temperatures carry their colour, shown only when colour is on. Line breaks in the format become spaces: a
    /// status is one line.
    /// The UV category is worded in the language of `strings`.
    /// `warnings` are the place's, when they were asked: `%W` is "0", or the count and the highest level ("2 orange")
    /// in its colour; "–" when none was asked, no service covers the place or one failed with none found.
    package func line(
        _ d: CurrentWeatherDisplay, style: Style, strings: Strings = Strings.terminal(.english), warnings: WarningsDisplay? = nil
    ) -> Line {
        Line(pieces.compactMap { piece -> Span? in
            switch piece {
            case .text(let text):
                style.span(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " "))
            case .symbol(let emoji): style.unicode ? style.span(emoji) : nil
            case .field(.alerts): alerts(warnings, style, strings)
            case .field(let field): value(field, d, style, strings)
            }
        })
    }

    private func value(_ field: Field, _ d: CurrentWeatherDisplay, _ style: Style, _ strings: Strings) -> Span {
        let missing = "–"
        switch field {
        case .glyph: return style.span(style.glyph(d.conditionGroup, night: d.isNight))
        case .condition: return style.span(d.condition)
        case .temperature: return style.span(d.temperature, .temperature(celsius: d.temperatureCelsius))
        case .feelsLike: return style.span(d.feelsLike, .temperature(celsius: d.feelsLikeCelsius))
        case .humidity: return style.span(d.humidity ?? missing)
        case .wind: return style.span(wind(d, style) ?? missing)
        case .location: return style.span(d.place)
        case .precipitation: return style.span(d.comingPrecipitation ?? missing)
        case .precipitationChance: return style.span(d.comingPrecipitationChance ?? missing)
        case .pressure: return style.span(d.pressure ?? missing)
        case .sunrise: return style.span(d.sunrise ?? missing)
        case .sunset: return style.span(d.sunset ?? missing)
        case .alerts: return alerts(nil, style, strings)
        case .uvIndex, .uvCategory:
            // The index as the WHO writes it (a whole number), or its category's word, in the category's colour.
            guard let index = d.uvIndex else { return style.span(missing) }
            let category = UVCategory(index: index)
            return style.span(field == .uvIndex ? String(UVIndex.whole(index)) : strings["uv." + category.rawValue], .uv(category))
        case .airIndex, .airCategory:
            // The index on the place's scale, or its category's word, in the category's colour.
            guard let air = d.air else { return style.span(missing) }
            return style.span(field == .airIndex ? String(air.value) : strings["air." + air.category.rawValue], .air(air.category))
        }
    }

    private func alerts(_ w: WarningsDisplay?, _ style: Style, _ strings: Strings) -> Span {
        guard let w, !w.noService, w.unavailable.isEmpty || !w.items.isEmpty else { return style.span("–") }
        guard let highest = w.highestLevel else { return style.span("0") }
        return style.span("\(w.items.count) " + strings["warnings.level." + highest.key], Renderer.look(highest))
    }

    /// "13 km/h ↗" (the arrow points where the air goes, as in the current view); "13 km/h SW" in ASCII.
    private func wind(_ d: CurrentWeatherDisplay, _ style: Style) -> String? {
        guard let speed = d.wind else { return nil }
        if style.unicode, let degrees = d.windDegrees { return "\(speed) \(CompassDirection.arrow(windFrom: degrees))" }
        if let direction = d.windDirection { return "\(speed) \(direction)" }
        return speed
    }
}
