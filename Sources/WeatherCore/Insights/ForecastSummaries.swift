import FoundationEssentials

/// The one-line summaries written from the data: the hourly and 5-day summaries and the `:rain` outlook.
///
/// All three start from now, and share ``WetWeather``'s one definition of a wet slot and of snow. The words are the
/// language's templates in `Assets/strings/<code>/summaries.strings`: whole sentences or clauses per situation, with
/// rain and snow as separate keys, and every time phrase with its own preposition, so a translator can make them agree.
package struct ForecastSummaries: Sendable {
    package var options: DisplayOptions
    let weekdays: WeekdayNames

    package init(options: DisplayOptions) {
        self.options = options
        weekdays = WeekdayNames(options.strings)
        let strings = options.strings
        dayNames = strings["summary.weekdays"] == "long" ? (0..<7).map { strings["weekday.long.\($0)"] } : weekdays.names
    }

    /// The weekday names the summaries use: short or long, as `summary.weekdays` says.
    let dayNames: [String]

    var strings: Strings { options.strings }

    func dayName(_ weekday: Int) -> String { dayNames[((weekday % 7) + 7) % 7] }

    /// "rain" or "snow": the last part of a key with rain and snow variants.
    static func kindKey(_ isSnow: Bool) -> String { isSnow ? "snow" : "rain" }

    /// "rain", "snow", "rainToSnow" or "snowToRain": what falls now and what it turns to.
    static func kindKey(now: Bool, then: Bool) -> String {
        now == then ? kindKey(now) : now ? "snowToRain" : "rainToSnow"
    }

    /// `text` with its first letter capitalised: the templates are written in lower case, to serve mid-sentence too.
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// The slots to come: the rest of the one holding the observation, from the next whole local hour (its amount
    /// shared by its hours), then those after it. Left out, the step holding now would drop the rain that
    /// falls until its end from "about 3.8 mm more" (issue 22's review).
    func upcoming(_ report: WeatherReport) -> [ForecastSlot] {
        let now = report.current.observedAt
        let later = report.forecast.filter { $0.time > now }
        guard let holding = report.forecast.last(where: { $0.time <= now && now < $0.time.addingTimeInterval($0.hours * 3600) })
        else { return later }
        // From the present hour's end, unless now is on the hour: a time said never lies before now.
        let local = now.timeIntervalSince1970 + Double(report.zone.offset(at: now))
        let intoHour = local - (local / 3600).rounded(.down) * 3600
        let hourStart = max(holding.time, now.addingTimeInterval(intoHour == 0 ? 0 : 3600 - intoHour))
        let end = holding.time.addingTimeInterval(holding.hours * 3600)
        guard hourStart < end else { return later }
        var rest = holding
        rest.time = hourStart
        rest.hours = end.timeIntervalSince(hourStart) / 3600
        rest.precipitation = holding.precipitation.map { $0 * rest.hours / holding.hours }
        return [rest] + later
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
            let now = Self.kindKey(WetWeather.isSnowingNow(report.current))
            guard let first = slots.first else { return Self.sentence(strings["summary.now.noForecast.\(now)"]) }
            guard let spell = spells.first, spell.start <= first.time else {
                let from = from(first.time, report)
                guard let next = spells.first else { return Self.sentence(strings("summary.outlook.dryFrom.\(now)", ["from": from])) }
                return Self.sentence(strings("summary.outlook.dryFromThen.\(now)", ["from": from, "spell": likely(next, report)]))
            }
            let isSnow = WetWeather.isSnowingNow(report.current)
            return Self.sentence(lasting(spell, isSnow: isSnow, through: slots, report: report, span: "summary.forNext") + amount(spell, more: true) + ".")
        }
        guard !slots.isEmpty else { return Self.sentence(strings["summary.noForecast"]) }
        guard let spell = spells.first else {
            return Self.sentence(span("summary.outlook.none", hours: Self.hours(slots)))
        }
        return Self.sentence(likely(spell, report) + ".")
    }

    /// "rain likely Wed 15:00–21:00, about 4 mm (90% chance)": a spell to come, in full, in lower case.
    func likely(_ spell: WetSpell, _ report: WeatherReport) -> String {
        // With no chance given, an amount forecast is "expected".
        let chance = WetWeather.Likelihood(spell.probability).rawValue
        let start = LocalTime(spell.start, report.zone)
        let end = LocalTime(spell.end, report.zone)
        let today = LocalTime(report.current.observedAt, report.zone).dayNumber
        let key = "summary.period." + (start.dayNumber == today ? "today" : "day") + (end.dayNumber == start.dayNumber ? "" : ".endDay")
        let period = strings(
            key,
            [
                "day": dayName(start.weekday), "start": start.clockTime(options.clock),
                "endDay": dayName(end.weekday), "end": end.clockTime(options.clock),
            ])
        return strings("summary.outlook.spell.\(Self.kindKey(spell.isSnow)).\(chance)", ["period": period]) + amount(spell, more: false)
    }

    /// The hourly summary over `window`, from now.
    ///
    /// "Raining now, dry from 15:00; 4–13°."; "Raining now until about 18:00, then dry; 4–13°.";
    /// "Raining now, dry from 15:00, rain again from 18:00 to 21:00; 4–13°.";
    /// "Raining now and throughout the next 24 hours; 4–11°."; "Rain from 15:00 to 21:00, then dry; 9–10°.";
    /// "Dry for the next 24 hours, 4–13°."
    package func hourlySummary(_ report: WeatherReport, window: [ForecastSlot]) -> String {
        let temperatures = window.compactMap(\.temperature) + [report.current.temperature]
        let range = temperatureRange(temperatures.min() ?? 0, temperatures.max() ?? 0)
        let wetNow = WetWeather.isWetNow(report.current)
        let snowNow = WetWeather.isSnowingNow(report.current)
        guard let first = window.first, let last = window.last else {
            return Self.sentence(wetNow ? strings["summary.now.noForecast.\(Self.kindKey(snowNow))"] : strings["summary.noForecast"])
        }
        var spells = WetSpell.find(in: window)
        // Clauses, each a whole template, joined by commas.
        var clauses: [String] = []
        let previousIsSnow: Bool
        if wetNow {
            guard let spell = spells.first, spell.start <= first.time else {
                clauses.append(strings("summary.hourly.dryFrom.\(Self.kindKey(snowNow))", ["from": from(first.time, report)]))
                if let next = spells.first {
                    let when = next.end <= last.time
                        ? fromTo(next.start, next.end, report, sameDayAs: first.time)
                        : from(next.start, report, sameDayAs: first.time)
                    clauses.append(
                        strings(next.isSnow == snowNow ? "summary.hourly.again." + Self.kindKey(next.isSnow) : Self.spellKey(next), ["when": when]))
                }
                return hourlySentence(clauses, range)
            }
            spells.removeFirst()
            clauses.append(lasting(spell, isSnow: snowNow, through: window, report: report, span: "summary.throughoutNext"))
            previousIsSnow = spell.isSnow
            if spell.end <= last.time, spells.isEmpty { clauses.append(strings["summary.hourly.thenDry"]) }
        } else {
            guard let spell = spells.first else {
                return Self.sentence(strings.plural("summary.hourly.dry", Self.hours(window), ["temps": range]))
            }
            spells.removeFirst()
            let when = spell.end <= last.time ? fromTo(spell.start, spell.end, report) : from(spell.start, report)
            clauses.append(strings(Self.spellKey(spell), ["when": when]))
            if spell.end <= last.time, spells.isEmpty { clauses.append(strings["summary.hourly.thenDry"]) }
            previousIsSnow = spell.isSnow
        }
        if let next = spells.first {
            let from = from(next.start, report)
            clauses.append(
                next.isSnow == previousIsSnow
                    ? strings("summary.hourly.againFrom", ["from": from])
                    : strings(Self.spellKey(next), ["when": from]))
        }
        return hourlySentence(clauses, range)
    }

    /// "summary.hourly.spell.rain", or its ".possible" form when the spell's chance is under 60%.
    static func spellKey(_ spell: WetSpell) -> String {
        "summary.hourly.spell.\(kindKey(spell.isSnow))" + (WetWeather.Likelihood(spell.probability) == .possible ? ".possible" : "")
    }

    func hourlySentence(_ clauses: [String], _ range: String) -> String {
        Self.sentence(strings("summary.hourly.sentence", ["summary": clauses.joined(separator: ", "), "temps": range]))
    }

    /// "Dry all week, highs 12–16°"; "Rain on Tue and Wed, highs 5–9°"; "Snow today and Thu, rain on Wed, highs 6°";
    /// "Rain possible today, Thu and Fri, highs 29–30°" when no day of a kind has a chance of 60% or more.
    package func dailySummary(_ days: [DailySummary]) -> String {
        let highs = days.map(\.high)
        let range = temperatureRange(highs.min() ?? 0, highs.max() ?? 0)
        let wet = days.filter(\.isWet)
        guard !wet.isEmpty else {
            return Self.sentence(strings("summary.daily.dry.\(days.count >= 5 ? "week" : "period")", ["temps": range]))
        }
        let today = days.first?.dayNumber
        // Snow days and rain days, each kind in the order it first comes.
        var kinds: [(isSnow: Bool, names: [String])] = []
        for day in wet {
            if let index = kinds.firstIndex(where: { $0.isSnow == day.isSnow }) {
                kinds[index].names.append(strings["summary.daily.also.\(day.weekday)"])
            } else {
                let first = day.dayNumber == today ? strings["summary.daily.today"] : strings["summary.daily.on.\(day.weekday)"]
                kinds.append((day.isSnow, [first]))
            }
        }
        let groups = kinds.map { group in
            let possible = wet.filter { $0.isSnow == group.isSnow }.allSatisfy {
                WetWeather.Likelihood($0.precipitationProbability) == .possible
            }
            return strings("summary.daily.\(Self.kindKey(group.isSnow))" + (possible ? ".possible" : ""), ["days": list(group.names)])
        }
        return Self.sentence(strings("summary.daily.wet", ["days": groups.joined(separator: ", "), "temps": range]))
    }

    /// "Tue", "Tue and Wed", "Tue, Wed and Thu", with the language's words between.
    func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: strings["summary.list.comma"]) + strings["summary.list.and"] + names[names.count - 1]
    }

    /// "4–13°" (or "4°" when equal), in the person's units; Kelvin as the tables write it ("286–287 K").
    func temperatureRange(_ low: Double, _ high: Double) -> String {
        let a = UnitFormatting.rounded(UnitFormatting.temperatureValue(celsius: low, options.units))
        let b = UnitFormatting.rounded(UnitFormatting.temperatureValue(celsius: high, options.units))
        let unit = options.units == .standard ? " K" : "°"
        guard a != b else { return "\(a)\(unit)" }
        // "4–13°", but "-4 to -2°": a dash between negative figures reads as a minus.
        return a < 0 ? strings("summary.temps.negative", ["low": "\(a)", "high": "\(b)", "unit": unit]) : "\(a)–\(b)\(unit)"
    }

    /// How long the precipitation falling now lasts, given the spell that continues it: "raining now until about 18:00",
    /// "raining now and throughout the next 24 hours", "raining now, turning to snow until about 18:00".
    /// `span` is the family of keys for a spell that outlasts `slots` (`summary.forNext`, `summary.throughoutNext`).
    func lasting(_ spell: WetSpell, isSnow: Bool, through slots: [ForecastSlot], report: WeatherReport, span family: String) -> String {
        let kinds = Self.kindKey(now: isSnow, then: spell.isSnow)
        guard let last = slots.last, spell.end <= last.time else {
            return strings("summary.now.lasting.\(kinds)", ["span": span(family, hours: Self.hours(slots))])
        }
        let end = LocalTime(spell.end, report.zone)
        let key = isToday(spell.end, report) ? "summary.untilAbout" : "summary.untilAbout.day"
        let until = strings(key, ["day": dayName(end.weekday), "time": end.clockTime(options.clock)])
        return strings("summary.now.until.\(kinds)", ["until": until])
    }

    /// ", about 2.4 mm" (", about 2.4 mm more" for what is still to fall) and the chance, or just the chance.
    func amount(_ spell: WetSpell, more: Bool) -> String {
        let figure = UnitFormatting.precipitation(millimetres: spell.millimetres, options.units, decimal: options.language.decimalSeparator)
        let amount = spell.millimetres > 0 ? strings(more ? "summary.amount.more" : "summary.amount", ["amount": figure]) : ""
        guard let probability = spell.probability else { return amount }
        return amount + strings("summary.chance", ["percent": UnitFormatting.percent(fraction: probability, sign: options.language.percentSign)])
    }

    /// The hours `slots` cover, whatever their steps.
    static func hours(_ slots: [ForecastSlot]) -> Int {
        Int(saturating: slots.map(\.hours).reduce(0, +).rounded())
    }

    /// `family.hours` under two days ("24 hours"), else `family.days` ("5 days"), singular or plural.
    func span(_ family: String, hours: Int) -> String {
        hours < 48
            ? strings.plural(family + ".hours", hours)
            : strings.plural(family + ".days", max(2, Int(saturating: (Double(hours) / 24).rounded())))
    }

    /// True when `date` falls on the report's today, or on `other`'s day when given.
    func isToday(_ date: Date, _ report: WeatherReport, sameDayAs other: Date? = nil) -> Bool {
        let local = LocalTime(date, report.zone).dayNumber
        let today = LocalTime(report.current.observedAt, report.zone).dayNumber
        let shownDay = other.map { LocalTime($0, report.zone).dayNumber } ?? today
        return local == today || local == shownDay
    }

    /// "from 15:00", or "from Wed 03:00" when the day is neither today nor `other`'s day.
    func from(_ date: Date, _ report: WeatherReport, sameDayAs other: Date? = nil) -> String {
        let local = LocalTime(date, report.zone)
        let key = isToday(date, report, sameDayAs: other) ? "summary.from" : "summary.from.day"
        return strings(key, ["day": dayName(local.weekday), "time": local.clockTime(options.clock)])
    }

    /// "from 15:00 to 21:00", naming the start's day when it is neither today nor `other`'s day, and the end's when it
    /// is neither today nor the start's day.
    func fromTo(_ start: Date, _ end: Date, _ report: WeatherReport, sameDayAs other: Date? = nil) -> String {
        let a = LocalTime(start, report.zone), b = LocalTime(end, report.zone)
        let startDay = !isToday(start, report, sameDayAs: other), endDay = !isToday(end, report, sameDayAs: start)
        let key = "summary.fromTo" + (startDay ? (endDay ? ".bothDays" : ".startDay") : (endDay ? ".endDay" : ""))
        return strings(
            key,
            [
                "day": dayName(a.weekday), "start": a.clockTime(options.clock),
                "endDay": dayName(b.weekday), "end": b.clockTime(options.clock),
            ])
    }
}
