import Foundation
import WeatherCore

/// Turns display structs into terminal text. Everything from the API or the user passes `sanitizedForTerminal`.
struct Renderer {
    var style: Style
    var width: Int

    // MARK: Current

    func current(_ d: CurrentWeatherDisplay) -> String {
        var lines: [String] = []
        if let notice = d.notice { lines.append(style.warning("! " + notice.sanitizedForTerminal)) }
        lines.append(style.bold(d.place.sanitizedForTerminal) + "  " + style.dim(d.observedAt))
        let temperature = style.temperature(d.temperature, celsius: d.temperatureCelsius)
        var details = ["\(style.glyph(d.conditionGroup, night: d.isNight)) \(d.condition.sanitizedForTerminal), \(temperature) (feels like \(d.feelsLike))"]
        var rows: [[String]] = []
        if let high = d.high, let low = d.low { rows.append(["High / low", "\(high) / \(low)"]) }
        rows.append(["Wind", wind(d)])
        rows.append(["Humidity", d.humidity])
        rows.append(["Pressure", d.pressure])
        if let visibility = d.visibility { rows.append(["Visibility", visibility]) }
        if let clouds = d.cloudCover { rows.append(["Cloud cover", clouds]) }
        if let precipitation = d.precipitation { rows.append(["Precipitation", precipitation]) }
        if let sunrise = d.sunrise, let sunset = d.sunset { rows.append(["Sun", "rises \(sunrise), sets \(sunset)"]) }
        details += TextLayout.table(rows, ascii: !style.unicode)
        let art = Art.lines(d.conditionGroup, night: d.isNight)
        guard width >= 60, !art.isEmpty else {
            return (lines + details.map { "  " + $0 }).joined(separator: "\n") + "\n"
        }
        for i in 0..<max(art.count, details.count) {
            let picture = i < art.count ? style.art(TextLayout.pad(art[i], Art.width), d.conditionGroup) : String(repeating: " ", count: Art.width)
            let text = i < details.count ? details[i] : ""
            lines.append((picture + "  " + text).trimmingTrailingSpaces)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func wind(_ d: CurrentWeatherDisplay) -> String {
        var wind = d.wind
        if let direction = d.windDirection { wind += " from \(direction)" + (style.unicode ? " \(d.windArrow ?? "")" : "") }
        if let gusts = d.gusts { wind += ", gusts \(gusts)" }
        return wind
    }

    // MARK: Hourly

    func hourly(_ d: HourlyDisplay) -> String {
        var lines: [String] = []
        if let notice = d.notice { lines.append(style.warning("! " + notice.sanitizedForTerminal)) }
        lines.append(style.bold(d.place.sanitizedForTerminal) + style.dim(": the next \(d.hours) hours"))
        lines.append(d.summary)
        let weather = d.rows.filter { $0.event == nil }
        let coldest = weather.map(\.temperatureCelsius).min() ?? 0
        let warmest = weather.map(\.temperatureCelsius).max() ?? 0
        let conditionWidth = max(12, min(24, width - 60))
        var table: [[String]] = [["Time", "", "Condition", "Temp", "", "Precip", "", "Amount", "Humidity", "Wind"]]
        var separators: [Int: String] = [:]
        for row in d.rows {
            if let day = row.startsDay { separators[table.count] = day }
            if let event = row.event {
                let mark = event == "Sunrise" ? (style.unicode ? "↑" : "^") : (style.unicode ? "↓" : "v")
                table.append([row.time, mark, row.condition, "", "", "", "", "", "", ""])
                continue
            }
            table.append([
                row.time, style.glyph(row.conditionGroup, night: row.isNight),
                TextLayout.truncate(row.condition.sanitizedForTerminal, conditionWidth, unicode: style.unicode),
                row.temperature, Graph.level(row.temperatureCelsius, low: coldest, high: warmest, unicode: style.unicode),
                row.precipitationChance ?? "", row.precipitationChance.map { Graph.bar(percent: $0, unicode: style.unicode) } ?? "",
                row.precipitationAmount ?? "", row.humidity ?? "", row.wind,
            ])
        }
        let laidOut = TextLayout.table(table, rightAligned: [3, 5, 7, 8, 9], ascii: !style.unicode)
        let ruleWidth = laidOut.map(TextLayout.width).max() ?? 40
        for (i, line) in laidOut.enumerated() {
            if let day = separators[i] {
                let label = (style.unicode ? "── " : "-- ") + day + " "
                lines.append(style.dim(label + String(repeating: style.unicode ? "─" : "-", count: max(0, ruleWidth - TextLayout.width(label)))))
            }
            if i == 0 {
                lines.append(style.dim(line))
            } else if let row = rowFor(i, in: d.rows), row.event == nil {
                lines.append(colourTemperature(line, style.unicode ? row.temperature : row.temperature.asciiOnly, row.temperatureCelsius))
            } else {
                lines.append(style.dim(line))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func rowFor(_ tableIndex: Int, in rows: [HourlyRow]) -> HourlyRow? {
        tableIndex - 1 < rows.count ? rows[tableIndex - 1] : nil
    }

    // MARK: Daily

    func daily(_ d: DailyDisplay) -> String {
        var lines: [String] = []
        if let notice = d.notice { lines.append(style.warning("! " + notice.sanitizedForTerminal)) }
        lines.append(style.bold(d.place.sanitizedForTerminal) + style.dim(": \(d.rows.count) days"))
        lines.append(d.summary)
        let coldest = d.rows.map(\.lowCelsius).min() ?? 0
        let warmest = d.rows.map(\.highCelsius).max() ?? 0
        let barWidth = max(10, min(30, width - 62))
        var table: [[String]] = [["Day", "", "Condition", "Low", "", "High", "Precip", "Amount"]]
        for row in d.rows {
            table.append([
                row.day, style.glyph(row.conditionGroup, night: false), row.condition.sanitizedForTerminal, row.low,
                Graph.range(low: row.lowCelsius, high: row.highCelsius, from: coldest, to: warmest, width: barWidth, unicode: style.unicode),
                row.high, row.precipitationChance, row.precipitationAmount ?? "",
            ])
        }
        let laidOut = TextLayout.table(table, rightAligned: [3, 6, 7], ascii: !style.unicode)
        lines.append(style.dim(laidOut[0]))
        for (row, line) in zip(d.rows, laidOut.dropFirst()) {
            let (high, low) = style.unicode ? (row.high, row.low) : (row.high.asciiOnly, row.low.asciiOnly)
            lines.append(colourTemperature(colourTemperature(line, high, row.highCelsius), low, row.lowCelsius))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Compare

    /// Two current views side by side; a notice (sample or stale data) is said once above them.
    func compare(_ a: CurrentWeatherDisplay, _ b: CurrentWeatherDisplay) -> String {
        func column(_ d: CurrentWeatherDisplay) -> [String] {
            [
                d.place.sanitizedForTerminal, d.observedAt,
                "\(style.glyph(d.conditionGroup, night: d.isNight)) \(d.condition.sanitizedForTerminal)",
                "\(d.temperature) (feels like \(d.feelsLike))",
                d.high.flatMap { high in d.low.map { "\(high) / \($0)" } } ?? "",
                [d.wind, d.windDirection.map { "from \($0)" }].compactMap { $0 }.joined(separator: " "),
                d.humidity, d.precipitation ?? "none",
            ]
        }
        let labels = ["", "", "Now", "Temperature", "High / low", "Wind", "Humidity", "Precipitation"]
        let rows = zip(labels, zip(column(a), column(b))).map { [$0.0, $0.1.0, $0.1.1] }
        var lines = Array(Set([a.notice, b.notice].compactMap { $0 })).sorted().map { style.warning("! " + $0.sanitizedForTerminal) }
        let laidOut = TextLayout.table(rows, gap: 3, ascii: !style.unicode)
        lines += laidOut.enumerated().map { $0.offset == 0 ? style.bold($0.element) : $0.element }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Lines

    /// The other places a search matched, numbered for `:pick`.
    func matches(_ places: [Place], shown: Place?) -> String {
        var lines = [style.dim("Places with that name (:pick N to switch):")]
        for (i, place) in places.enumerated() {
            let mark = place == shown ? "  (shown)" : ""
            lines.append("  \(i + 1). \(place.displayName)\(mark)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func message(_ text: String) -> String { text.sanitizedForTerminal + "\n" }

    func error(_ error: WeatherError) -> String { style.failure(error.message) + "\n" }

    private func colourTemperature(_ line: String, _ text: String, _ celsius: Double) -> String {
        guard style.color, !text.isEmpty, let range = line.range(of: text) else { return line }
        return line.replacingCharacters(in: range, with: style.temperature(text, celsius: celsius))
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
