import WeatherCore

extension Renderer {
    /// One line a warning, most severe first: "⚠ Wind, orange, until Tue 18:00", the level in its colour and in words,
    /// wrapped at spaces onto rows indented under the text after the sign when it is wider than the terminal (never
    /// cut: its end time is the point of it); then, dim, the services that could not be asked. Nothing when there is
    /// nothing to say (no warning, or no service for the place: the current view does not say so each time).
    package func warnings(_ d: WarningsDisplay) -> [Line] {
        let sign = style.unicode ? "⚠ " : "! "
        let signLine = style.line(sign, .bold)
        let indent = style.line(String(repeating: " ", count: signLine.width))
        var lines = d.items.flatMap { item -> [Line] in
            let level = strings["warnings.level." + item.warning.level.key]
            let key = item.from == nil ? "warnings.line" : "warnings.line.from"
            // The level is marked in the sentence, so each language puts it where its grammar wants it.
            let marker = "\u{1}"
            // A time ("Tue 18:00", "Tue 6:00 PM") is kept on one row: its spaces are no-break ones while it is wrapped.
            let (from, until) = (Self.unbroken(item.from ?? ""), Self.unbroken(item.until))
            let sentence = strings(key, ["event": item.warning.event, "level": marker, "from": from, "until": until])
            let parts = sentence.split(separator: marker, maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            var text = style.line(parts[0])
            if parts.count > 1 { text = text + style.line(level, Self.look(item.warning.level)) + style.line(parts[1]) }
            let rows = text.wrapped(to: width - signLine.width).map { row in
                Line(row.spans.map { Span(clean: $0.text.replacing("\u{00A0}", with: " "), look: $0.look) })
            }
            return [signLine + rows[0]] + rows.dropFirst().map { indent + $0 }
        }
        if !d.unavailable.isEmpty {
            lines += message(strings("warnings.unavailable", ["services": d.unavailable.joined(separator: ", ")]), .dim)
        }
        return lines
    }

    /// `text` with no-break spaces for its spaces.
    private static func unbroken(_ text: String) -> String { text.replacing(" ", with: "\u{00A0}") }

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
    /// one whole, its line as the current view draws it, its description and instruction wrapped to the width. A place
    /// no service covers is said to have no warning service, never no warnings; one whose services failed, with no
    /// warning from the others, is said to be without them from those services, never to have none.
    package func alerts(_ d: AlertsDisplay) -> [Line] {
        let w = d.warnings
        var lines: [Line]
        if d.off || w.noService {
            lines = message(strings("alerts.noService", ["place": w.place]))
        } else if w.items.isEmpty, !w.unavailable.isEmpty {
            // Never "no warnings" unless every service covering the place answered.
            return message(strings("alerts.unavailable", ["place": w.place, "services": w.unavailable.joined(separator: ", ")]))
        } else if w.items.isEmpty {
            lines = message(strings("alerts.none", ["place": w.place]))
        } else if let number = d.number {
            guard w.items.indices.contains(number - 1) else {
                return message(strings("alerts.noSuch", ["number": String(number), "count": String(w.items.count)]))
            }
            let item = w.items[number - 1]
            let warning = item.warning
            lines = warnings(WarningsDisplay.one(item))
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
}
