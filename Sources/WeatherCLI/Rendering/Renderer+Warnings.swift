import WeatherCore

extension Renderer {
    /// One line a warning, most severe first, cut to the width: "⚠ Wind, orange, until Tue 18:00", the level in its
    /// colour and in words; then, dim, the services that could not be asked. Nothing when there is nothing to say
    /// (no warning, or no service for the place: the current view does not say so each time).
    package func warnings(_ d: WarningsDisplay) -> [Line] {
        let sign = style.unicode ? "⚠ " : "! "
        var lines = d.items.map { item -> Line in
            let level = strings["warnings.level." + item.warning.level.key]
            let key = item.from == nil ? "warnings.line" : "warnings.line.from"
            // The level is marked in the sentence, so each language puts it where its grammar wants it.
            let marker = "\u{1}"
            let sentence = strings(key, ["event": item.warning.event, "level": marker, "from": item.from ?? "", "until": item.until])
            let parts = sentence.split(separator: marker, maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            var line = style.line(sign, .bold) + style.line(parts[0])
            if parts.count > 1 { line = line + style.line(level, Self.look(item.warning.level)) + style.line(parts[1]) }
            return line.truncated(to: width, ellipsis: style.ellipsis)
        }
        if !d.unavailable.isEmpty {
            lines += message(strings("warnings.unavailable", ["services": d.unavailable.joined(separator: ", ")]), .dim)
        }
        return lines
    }

    /// A level's colour: the UV scale's yellow, orange and red.
    static func look(_ level: WarningLevel) -> Look {
        switch level {
        case .yellow: .uv(.moderate)
        case .orange: .uv(.high)
        case .red: .uv(.veryHigh)
        }
    }
}
