import Foundation

/// The one-line summaries written from the data: the hourly and 5-day summaries and the `:rain` outlook.
///
/// All three start from now, and share ``WetWeather``'s one definition of a wet slot and of snow.
package struct ForecastSummaries: Sendable {
    package var options: DisplayOptions
    let weekdays: WeekdayNames

    package init(options: DisplayOptions) {
        self.options = options
        weekdays = WeekdayNames(options.strings)
    }

    /// The slots after the observation.
    func upcoming(_ report: WeatherReport) -> [ForecastSlot] {
        report.forecast.filter { $0.time > report.current.observedAt }
    }

    /// When it next rains or snows, for how long and how much, from now and the 3-hour slots.
    ///
    /// "Raining now until about 18:00, about 2.4 mm more (90% chance)."; "Raining now; dry from 15:00.";
    /// "Raining now; dry from 15:00, then rain likely today 18:00–21:00, about 1.2 mm (70% chance).";
    /// "Rain likely Wed 15:00–21:00, about 4 mm (90% chance)."; "No rain or snow expected in the next 5 days."
    package func rainOutlook(_ report: WeatherReport) -> String {
        let slots = upcoming(report)
        let spells = WetSpell.find(in: slots)
        if WetWeather.isWetNow(report.current) {
            let isSnow = WetWeather.isSnowingNow(report.current)
            guard let first = slots.first else { return "\(nowText(isSnow)); no forecast beyond now." }
            guard let spell = spells.first, spell.start <= first.time else {
                let then = spells.first.map { ", then " + likely($0, report, capitalized: false) } ?? ""
                return "\(nowText(isSnow)); dry from \(when(first.time, report))\(then)."
            }
            return lasting(spell, isSnow: isSnow, through: slots, report: report, throughout: "for the next") + amount(spell, more: true) + "."
        }
        guard !slots.isEmpty else { return "No forecast beyond now." }
        guard let spell = spells.first else {
            return "No rain or snow expected in the next \(span(hours: Self.hours(slots)))."
        }
        return likely(spell, report) + "."
    }

    /// "Rain likely Wed 15:00–21:00, about 4 mm (90% chance)": a spell to come, in full.
    func likely(_ spell: WetSpell, _ report: WeatherReport, capitalized: Bool = true) -> String {
        // With no chance given, an amount forecast is "expected".
        let chance = spell.probability.map { $0 >= 0.6 ? "likely" : "possible" } ?? "expected"
        let start = LocalTime(spell.start, utcOffset: report.utcOffset)
        let end = LocalTime(spell.end, utcOffset: report.utcOffset)
        let today = LocalTime(report.current.observedAt, utcOffset: report.utcOffset).dayNumber
        let startDay = start.dayNumber == today ? "today" : weekdays.name(start.weekday)
        let endDay = end.dayNumber == start.dayNumber ? "" : "\(weekdays.name(end.weekday)) "
        let word = capitalized ? kind(spell.isSnow) : kind(spell.isSnow).lowercased()
        return "\(word) \(chance) \(startDay) \(start.clockTime(options.clock))–\(endDay)\(end.clockTime(options.clock))"
            + amount(spell, more: false)
    }

    /// The hourly summary over `window`, from now.
    ///
    /// "Raining now, dry from 15:00; 4–13°."; "Raining now until about 18:00, then dry; 4–13°.";
    /// "Raining now, dry from 15:00, rain again from 18:00 to 21:00; 4–13°.";
    /// "Raining now and throughout the next 24 hours; 4–11°."; "Rain from 15:00 to 21:00, then dry; 9–10°.";
    /// "Dry for the next 24 hours, 4–13°."
    package func hourlySummary(_ report: WeatherReport, window: [ForecastSlot]) -> String {
        let temperatures = window.map(\.temperature) + [report.current.temperature]
        let range = temperatureRange(temperatures.min() ?? 0, temperatures.max() ?? 0)
        let wetNow = WetWeather.isWetNow(report.current)
        let snowNow = WetWeather.isSnowingNow(report.current)
        guard let first = window.first, let last = window.last else {
            return wetNow ? "\(nowText(snowNow)); no forecast beyond now." : "No forecast beyond now."
        }
        var spells = WetSpell.find(in: window)
        var text: String
        let previousIsSnow: Bool
        if wetNow {
            guard let spell = spells.first, spell.start <= first.time else {
                text = "\(nowText(snowNow)), dry from \(when(first.time, report))"
                if let next = spells.first {
                    let again = next.isSnow == snowNow ? " again" : ""
                    text += ", \(kind(next.isSnow).lowercased())\(again) from \(when(next.start, report, sameDayAs: first.time))"
                    if next.end <= last.time { text += " to \(when(next.end, report, sameDayAs: next.start))" }
                }
                return text + "; \(range)."
            }
            spells.removeFirst()
            text = lasting(spell, isSnow: snowNow, through: window, report: report, throughout: "throughout the next")
            previousIsSnow = spell.isSnow
            if spell.end <= last.time, spells.isEmpty { text += ", then dry" }
        } else {
            guard let spell = spells.first else { return "Dry for the next \(Self.hours(window)) hours, \(range)." }
            spells.removeFirst()
            text = "\(kind(spell.isSnow)) from \(when(spell.start, report))"
            if spell.end <= last.time {
                text += " to \(when(spell.end, report, sameDayAs: spell.start))" + (spells.isEmpty ? ", then dry" : "")
            }
            previousIsSnow = spell.isSnow
        }
        if let next = spells.first {
            text += ", \(next.isSnow == previousIsSnow ? "again" : kind(next.isSnow).lowercased()) from \(when(next.start, report))"
        }
        return text + "; \(range)."
    }

    /// "Dry all week, highs 12–16°"; "Rain on Tue and Wed, highs 5–9°"; "Snow today and Thu, rain on Wed, highs 6°".
    package func dailySummary(_ days: [DailySummary]) -> String {
        let highs = days.map(\.high)
        let range = temperatureRange(highs.min() ?? 0, highs.max() ?? 0)
        let wet = days.filter(\.isWet)
        guard !wet.isEmpty else { return "Dry all \(days.count >= 5 ? "week" : "period"), highs \(range)." }
        let today = days.first?.dayNumber
        // Snow days and rain days, each kind in the order it first comes.
        var kinds: [(isSnow: Bool, names: [String])] = []
        for day in wet {
            let name = day.dayNumber == today ? "today" : weekdays.name(day.weekday)
            if let index = kinds.firstIndex(where: { $0.isSnow == day.isSnow }) {
                kinds[index].names.append(name)
            } else {
                kinds.append((day.isSnow, [name]))
            }
        }
        let parts = kinds.enumerated().map { index, group in
            let word = index == 0 ? kind(group.isSnow) : kind(group.isSnow).lowercased()
            let names = group.names
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            return "\(word) \(names[0] == "today" ? list : "on " + list)"
        }
        return "\(parts.joined(separator: ", ")), highs \(range)."
    }

    /// "4–13°" (or "4°" when equal), in the person's units; Kelvin as the tables write it ("286–287 K").
    func temperatureRange(_ low: Double, _ high: Double) -> String {
        let a = UnitFormatting.rounded(UnitFormatting.temperatureValue(celsius: low, options.units))
        let b = UnitFormatting.rounded(UnitFormatting.temperatureValue(celsius: high, options.units))
        let unit = options.units == .standard ? " K" : "°"
        guard a != b else { return "\(a)\(unit)" }
        // "4–13°", but "-4 to -2°": a dash between negative figures reads as a minus.
        return a < 0 ? "\(a) to \(b)\(unit)" : "\(a)–\(b)\(unit)"
    }

    /// "Snow" or "Rain".
    func kind(_ isSnow: Bool) -> String { isSnow ? "Snow" : "Rain" }

    /// "Snowing now" or "Raining now".
    func nowText(_ isSnow: Bool) -> String { isSnow ? "Snowing now" : "Raining now" }

    /// How long the precipitation falling now lasts, given the spell that continues it: "Raining now until about 18:00",
    /// "Raining now and throughout the next 24 hours", "Raining now, turning to snow until about 18:00".
    func lasting(_ spell: WetSpell, isSnow: Bool, through slots: [ForecastSlot], report: WeatherReport, throughout: String) -> String {
        let turning = spell.isSnow == isSnow ? "" : ", turning to \(kind(spell.isSnow).lowercased())"
        guard let last = slots.last, spell.end <= last.time else {
            let hours = Self.hours(slots)
            return nowText(isSnow) + (turning.isEmpty ? " and " : turning + ", ") + "\(throughout) \(span(hours: hours))"
        }
        return "\(nowText(isSnow))\(turning) until about \(when(spell.end, report))"
    }

    /// ", about 2.4 mm" (", about 2.4 mm more" for what is still to fall) and the chance, or just the chance.
    func amount(_ spell: WetSpell, more: Bool) -> String {
        let amount = spell.millimetres > 0
            ? ", about \(UnitFormatting.precipitation(millimetres: spell.millimetres, options.units))\(more ? " more" : "")" : ""
        guard let probability = spell.probability else { return amount }
        return amount + " (\(UnitFormatting.percent(fraction: probability)) chance)"
    }

    /// The hours `slots` cover, whatever their steps.
    static func hours(_ slots: [ForecastSlot]) -> Int {
        Int(slots.map(\.hours).reduce(0, +).rounded())
    }

    /// "24 hours" under two days, else "5 days".
    func span(hours: Int) -> String {
        hours < 48 ? "\(hours) hours" : "\(max(2, Int((Double(hours) / 24).rounded()))) days"
    }

    /// The place's clock time, after the day's name when it is neither today nor `sameDayAs`'s day: "15:00", "Wed 03:00".
    func when(_ date: Date, _ report: WeatherReport, sameDayAs other: Date? = nil) -> String {
        let local = LocalTime(date, utcOffset: report.utcOffset)
        let today = LocalTime(report.current.observedAt, utcOffset: report.utcOffset).dayNumber
        let shownDay = other.map { LocalTime($0, utcOffset: report.utcOffset).dayNumber } ?? today
        return (local.dayNumber == today || local.dayNumber == shownDay ? "" : weekdays.name(local.weekday) + " ")
            + local.clockTime(options.clock)
    }
}
