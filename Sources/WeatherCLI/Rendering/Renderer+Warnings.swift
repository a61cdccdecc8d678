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

extension Renderer {
    /// `:alerts`: the warnings numbered, each with its level, time span, area, issuer and headline; `:alerts N`: that
    /// one whole, its description and instruction wrapped to the width. A place no service covers is said to have no
    /// warning service, never no warnings.
    package func alerts(_ d: AlertsDisplay) -> [Line] {
        let w = d.warnings
        var lines: [Line]
        if d.off || w.noService {
            lines = message(strings("alerts.noService", ["place": w.place]))
        } else if w.items.isEmpty {
            lines = message(strings("alerts.none", ["place": w.place]))
        } else if let number = d.number {
            guard w.items.indices.contains(number - 1) else {
                return message(strings("alerts.noSuch", ["number": String(number), "count": String(w.items.count)]))
            }
            let item = w.items[number - 1]
            let warning = item.warning
            lines = [warningsLine(item)]
            lines += message([warning.area, warning.issuer].filter { !$0.isEmpty }.joined(separator: " · "), .dim)
            for text in [warning.headline, warning.description, warning.instruction] where !text.isEmpty {
                lines += [Line()] + message(text)
            }
        } else {
            let entries = w.items.map { item in
                let warning = item.warning
                return ([sentence(item)] + [warning.area, warning.issuer, warning.headline].filter { !$0.isEmpty }).joined(separator: " · ")
            }
            lines = numbered(entries)
        }
        if let languages = strings.textsLanguages(d) { lines += message(languages, .dim) }
        if !w.unavailable.isEmpty {
            lines += message(strings("warnings.unavailable", ["services": w.unavailable.joined(separator: ", ")]), .dim)
        }
        return lines
    }

    /// "Wind, orange, until Tue 18:00", plain.
    private func sentence(_ item: WarningItem) -> String {
        let level = strings["warnings.level." + item.warning.level.key]
        return strings(item.from == nil ? "warnings.line" : "warnings.line.from", [
            "event": item.warning.event, "level": level, "from": item.from ?? "", "until": item.until,
        ])
    }

    /// One warning's line as the current view draws it.
    private func warningsLine(_ item: WarningItem) -> Line {
        let one = WarningsDisplay.one(item)
        return warnings(one).first ?? Line()
    }
}
