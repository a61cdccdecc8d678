import Foundation

/// The one-line summaries written from the data: the hourly and 5-day summaries and the `:rain` outlook.
package struct ForecastSummaries: Sendable {
    package var options: DisplayOptions
    let weekdays: WeekdayNames

    package init(options: DisplayOptions) {
        self.options = options
        weekdays = WeekdayNames(locale: options.locale)
    }

    /// The slots after the observation.
    func upcoming(_ report: WeatherReport) -> [ForecastSlot] {
        report.forecast.filter { $0.time > report.current.observedAt }
    }

    /// When it next rains or snows, for how long and how much, from the 3-hour slots.
    package func rainOutlook(_ report: WeatherReport) -> String {
        let slots = upcoming(report)
        guard let spell = WetSpell.find(in: slots, threshold: 0.3).first else {
            return "No rain or snow expected in the next \(max(1, Int((Double(slots.count) * 3 / 24).rounded()))) days."
        }
        let kind = spell.isSnow ? "Snow" : "Rain"
        let chance = spell.probability >= 0.6 ? "likely" : "possible"
        let start = LocalTime(spell.start, utcOffset: report.utcOffset)
        let end = LocalTime(spell.end, utcOffset: report.utcOffset)
        let today = LocalTime(report.current.observedAt, utcOffset: report.utcOffset).dayNumber
        let startDay = start.dayNumber == today ? "today" : weekdays.name(start.weekday)
        let endDay = end.dayNumber == start.dayNumber ? "" : "\(weekdays.name(end.weekday)) "
        var text = "\(kind) \(chance) \(startDay) \(start.clockTime(options.clock))–\(endDay)\(end.clockTime(options.clock))"
        if spell.millimetres > 0 {
            text += ", about \(UnitFormatting.precipitation(millimetres: spell.millimetres, options.units))"
        }
        text += " (\(UnitFormatting.percent(fraction: spell.probability)) chance)."
        return text
    }

    /// "Rain from 15:00 to 21:00, then dry"; "Dry for the next 24 hours, 4–13°".
    package func hourlySummary(_ report: WeatherReport, window: [ForecastSlot]) -> String {
        guard let first = window.first, let last = window.last else { return "No forecast beyond now." }
        let spells = WetSpell.find(in: window)
        let temperatures = window.map(\.temperature) + [report.current.temperature]
        let range = temperatureRange(temperatures.min() ?? 0, temperatures.max() ?? 0)
        guard let spell = spells.first else { return "Dry for the next \(window.count * 3) hours, \(range)." }
        let kind = spell.isSnow ? "Snow" : "Rain"
        let today = LocalTime(report.current.observedAt, utcOffset: report.utcOffset).dayNumber
        /// The clock time, after the day's name when it is not today (nor `sameDayAs`'s day).
        func when(_ date: Date, sameDayAs other: Date? = nil) -> String {
            let local = LocalTime(date, utcOffset: report.utcOffset)
            let shownDay = other.map { LocalTime($0, utcOffset: report.utcOffset).dayNumber } ?? today
            return (local.dayNumber == today || local.dayNumber == shownDay ? "" : weekdays.name(local.weekday) + " ")
                + local.clockTime(options.clock)
        }
        var text: String
        if spell.start <= first.time {
            text = spell.end > last.time ? "\(kind) throughout" : "\(kind) until \(when(spell.end))"
        } else if spell.end > last.time {
            text = "\(kind) from \(when(spell.start))"
        } else {
            text = "\(kind) from \(when(spell.start)) to \(when(spell.end, sameDayAs: spell.start))"
        }
        if spells.count > 1 {
            text += ", again from \(when(spells[1].start))"
        } else if spell.end <= last.time {
            let endHour = LocalTime(spell.end, utcOffset: report.utcOffset).hour
            text += endHour >= 18 || endHour < 6 ? ", clearing overnight" : ", then dry"
        }
        return text + "; \(range)."
    }

    /// "Dry all week, highs 12–16°"; "Rain on Tue and Wed, highs 5–9°".
    package func dailySummary(_ days: [DailySummary]) -> String {
        let highs = days.map(\.high)
        let range = temperatureRange(highs.min() ?? 0, highs.max() ?? 0)
        let wet = days.filter { $0.precipitationProbability >= 0.4 && $0.precipitation > 0 }
        guard !wet.isEmpty else { return "Dry all \(days.count >= 5 ? "week" : "period"), highs \(range)." }
        let today = days.first?.dayNumber
        let names = wet.map { $0.dayNumber == today ? "today" : weekdays.name($0.weekday) }
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        let snowy = wet.filter { $0.condition.group == .snow || $0.condition.group == .sleet }.count * 2 > wet.count
        return "\(snowy ? "Snow" : "Rain") \(names[0] == "today" ? list : "on " + list), highs \(range)."
    }

    /// "4–13°" (or "4°" when equal), in the person's units.
    func temperatureRange(_ low: Double, _ high: Double) -> String {
        let a = UnitFormatting.shortTemperature(celsius: low, options.units)
        let b = UnitFormatting.shortTemperature(celsius: high, options.units)
        guard a != b else { return a }
        // "4–13°", but "-4 to -2°": a dash between negative figures reads as a minus.
        let negative = UnitFormatting.rounded(UnitFormatting.temperatureValue(celsius: low, options.units)) < 0
        return negative ? "\(a.replacingOccurrences(of: "°", with: "")) to \(b)" : "\(a.replacingOccurrences(of: "°", with: ""))–\(b)"
    }

}
