import Foundation
import WeatherCore

/// Turns display structs into terminal text. Everything from the API or the user passes `sanitizedForTerminal`.
struct Renderer {
    var style: Style
    var width: Int

    func current(_ d: CurrentWeatherDisplay) -> String {
        var lines: [String] = []
        if let notice = d.notice { lines.append(style.warning("! " + notice.sanitizedForTerminal)) }
        lines.append(style.bold(d.place.sanitizedForTerminal) + "  " + style.dim(d.observedAt))
        let temperature = style.temperature(d.temperature, celsius: d.temperatureCelsius)
        lines.append("  \(style.glyph(d.conditionGroup, night: d.isNight)) \(d.condition.sanitizedForTerminal), \(temperature) (feels like \(d.feelsLike))")
        var rows: [[String]] = []
        if let high = d.high, let low = d.low { rows.append(["High / low", "\(high) / \(low)"]) }
        var wind = d.wind
        if let direction = d.windDirection { wind += " from \(direction)" + (style.unicode ? " \(d.windArrow ?? "")" : "") }
        if let gusts = d.gusts { wind += ", gusts \(gusts)" }
        rows.append(["Wind", wind])
        rows.append(["Humidity", d.humidity])
        rows.append(["Pressure", d.pressure])
        if let visibility = d.visibility { rows.append(["Visibility", visibility]) }
        if let clouds = d.cloudCover { rows.append(["Cloud cover", clouds]) }
        if let precipitation = d.precipitation { rows.append(["Precipitation", precipitation]) }
        if let sunrise = d.sunrise, let sunset = d.sunset { rows.append(["Sun", "rises \(sunrise), sets \(sunset)"]) }
        lines += TextLayout.table(rows).map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    func hourly(_ d: HourlyDisplay) -> String {
        var lines: [String] = []
        if let notice = d.notice { lines.append(style.warning("! " + notice.sanitizedForTerminal)) }
        let hours = (d.rows.count - 1) * 3
        lines.append(style.bold(d.place.sanitizedForTerminal) + style.dim(": the next \(hours) hours"))
        let conditionWidth = max(12, min(24, width - 52))
        var table: [[String]] = [["", "Time", "", "Condition", "Temp", "Precip", "Amount", "Humidity", "Wind"]]
        for row in d.rows {
            table.append([
                row.startsDay ?? "", row.time, style.glyph(row.conditionGroup, night: row.isNight),
                TextLayout.truncate(row.condition.sanitizedForTerminal, conditionWidth, unicode: style.unicode),
                row.temperature, row.precipitationChance ?? "", row.precipitationAmount ?? "", row.humidity ?? "", row.wind,
            ])
        }
        let laidOut = TextLayout.table(table, rightAligned: [4, 5, 6, 7, 8])
        for (i, line) in laidOut.enumerated() {
            if i == 0 {
                lines.append(style.dim(line))
            } else {
                lines.append(colourTemperature(line, d.rows[i - 1].temperature, d.rows[i - 1].temperatureCelsius))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func daily(_ d: DailyDisplay) -> String {
        var lines: [String] = []
        if let notice = d.notice { lines.append(style.warning("! " + notice.sanitizedForTerminal)) }
        lines.append(style.bold(d.place.sanitizedForTerminal) + style.dim(": \(d.rows.count) days"))
        var table: [[String]] = [["Day", "", "Condition", "Low", "High", "Precip", "Amount"]]
        for row in d.rows {
            table.append([
                row.day, style.glyph(row.conditionGroup, night: false), row.condition.sanitizedForTerminal,
                row.low, row.high, row.precipitationChance, row.precipitationAmount ?? "",
            ])
        }
        let laidOut = TextLayout.table(table, rightAligned: [3, 4, 5, 6])
        lines.append(style.dim(laidOut[0]))
        for (row, line) in zip(d.rows, laidOut.dropFirst()) {
            let coloured = colourTemperature(colourTemperature(line, row.high, row.highCelsius), row.low, row.lowCelsius)
            lines.append(coloured)
        }
        return lines.joined(separator: "\n") + "\n"
    }

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
        guard style.color, let range = line.range(of: text) else { return line }
        return line.replacingCharacters(in: range, with: style.temperature(text, celsius: celsius))
    }
}
