import Foundation

/// Turns a report (canonical units, UTC) into display structs (the person's units, the place's local time).
public struct DisplayFormatter: Sendable {
    public var options: DisplayOptions {
        didSet { if options.locale != oldValue.locale { weekdays = WeekdayNames(locale: options.locale) } }
    }
    private var weekdays: WeekdayNames
    /// The time the views compare against, for ages of stale data.
    public var now: Date

    public init(options: DisplayOptions, now: Date = Date()) {
        self.options = options
        self.now = now
        weekdays = WeekdayNames(locale: options.locale)
    }

    public func current(_ report: WeatherReport) -> CurrentWeatherDisplay {
        let c = report.current
        let units = options.units
        let local = LocalTime(c.observedAt, utcOffset: report.utcOffset)
        let today = DailySummary.days(current: c, forecast: report.forecast, utcOffset: report.utcOffset, count: 1).first
        return CurrentWeatherDisplay(
            place: report.place.displayName,
            observedAt: "\(weekdays.name(local.weekday)) \(local.clockTime(options.clock)) (\(LocalTime.offsetName(report.utcOffset)))",
            condition: c.condition.description,
            conditionCode: c.condition.code,
            conditionGroup: c.condition.group,
            isNight: c.condition.isNight,
            temperature: UnitFormatting.temperature(celsius: c.temperature, units),
            temperatureCelsius: c.temperature,
            feelsLike: UnitFormatting.temperature(celsius: c.feelsLike, units),
            high: today.map { UnitFormatting.temperature(celsius: $0.high, units) },
            low: today.map { UnitFormatting.temperature(celsius: $0.low, units) },
            humidity: "\(c.humidity)%",
            pressure: UnitFormatting.pressure(hectopascals: c.pressure, units),
            wind: UnitFormatting.speed(metresPerSecond: c.windSpeed, units),
            windDirection: c.windDegrees.map(CompassDirection.cardinal),
            windArrow: c.windDegrees.map(CompassDirection.arrow),
            gusts: c.windGust.map { UnitFormatting.speed(metresPerSecond: $0, units) },
            visibility: c.visibility.map { UnitFormatting.distance(metres: $0, units) },
            cloudCover: c.cloudCover.map { "\($0)%" },
            precipitation: precipitationText(c),
            sunrise: c.sunrise.map { clock($0, report) },
            sunset: c.sunset.map { clock($0, report) },
            notice: notice(report.source))
    }

    /// "Now" from the current conditions, then up to `count` slots after the observation.
    public func hourly(_ report: WeatherReport, count: Int) -> HourlyDisplay {
        let c = report.current
        let units = options.units
        var rows = [
            HourlyRow(
                time: "Now", condition: c.condition.description, conditionCode: c.condition.code,
                conditionGroup: c.condition.group, isNight: c.condition.isNight,
                temperature: UnitFormatting.temperature(celsius: c.temperature, units), temperatureCelsius: c.temperature,
                precipitationChance: nil,
                precipitationAmount: precipitationText(c).map { _ in
                    UnitFormatting.precipitation(millimetres: (c.rain?.millimetres ?? 0) + (c.snow?.millimetres ?? 0), units)
                },
                humidity: c.humidity > 0 ? "\(c.humidity)%" : nil,
                wind: UnitFormatting.speed(metresPerSecond: c.windSpeed, units), startsDay: nil, event: nil)
        ]
        var day = LocalTime(c.observedAt, utcOffset: report.utcOffset).dayNumber
        let window = Array(upcoming(report).prefix(max(0, count)))
        var sunEvents = self.sunEvents(report, until: window.last?.time ?? c.observedAt)
        for slot in window {
            while let event = sunEvents.first, event.time <= slot.time {
                sunEvents.removeFirst()
                let local = LocalTime(event.time, utcOffset: report.utcOffset)
                let startsDay = local.dayNumber != day ? weekdays.name(local.weekday) : nil
                day = local.dayNumber
                rows.append(eventRow(event.name, local, startsDay: startsDay))
            }
            let local = LocalTime(slot.time, utcOffset: report.utcOffset)
            let startsDay = local.dayNumber != day ? weekdays.name(local.weekday) : nil
            day = local.dayNumber
            rows.append(
                HourlyRow(
                    time: local.clockTime(options.clock), condition: slot.condition.description,
                    conditionCode: slot.condition.code, conditionGroup: slot.condition.group, isNight: slot.condition.isNight,
                    temperature: UnitFormatting.temperature(celsius: slot.temperature, units),
                    temperatureCelsius: slot.temperature,
                    precipitationChance: UnitFormatting.percent(fraction: slot.precipitationProbability),
                    precipitationAmount: slot.precipitation.flatMap {
                        $0 > 0 ? UnitFormatting.precipitation(millimetres: $0, units) : nil
                    },
                    humidity: slot.humidity > 0 ? "\(slot.humidity)%" : nil,
                    wind: UnitFormatting.speed(metresPerSecond: slot.windSpeed, units), startsDay: startsDay, event: nil))
        }
        return HourlyDisplay(
            place: report.place.displayName, summary: hourlySummary(report, window: window), hours: window.count * 3,
            rows: rows, notice: notice(report.source))
    }

    /// Five local days starting today.
    public func daily(_ report: WeatherReport) -> DailyDisplay {
        let units = options.units
        let days = DailySummary.days(current: report.current, forecast: report.forecast, utcOffset: report.utcOffset)
        let today = LocalTime(report.current.observedAt, utcOffset: report.utcOffset).dayNumber
        let rows = days.map { day in
            DayRow(
                day: day.dayNumber == today ? "Today" : weekdays.name(day.weekday),
                condition: day.condition.description, conditionCode: day.condition.code, conditionGroup: day.condition.group,
                high: UnitFormatting.temperature(celsius: day.high, units),
                low: UnitFormatting.temperature(celsius: day.low, units),
                highCelsius: day.high, lowCelsius: day.low,
                precipitationChance: UnitFormatting.percent(fraction: day.precipitationProbability),
                precipitationAmount: day.precipitation > 0 ? UnitFormatting.precipitation(millimetres: day.precipitation, units) : nil)
        }
        return DailyDisplay(place: report.place.displayName, summary: dailySummary(days), rows: rows, notice: notice(report.source))
    }

    /// When it next rains or snows, for how long and how much, from the 3-hour slots.
    public func rainOutlook(_ report: WeatherReport) -> String {
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
    func hourlySummary(_ report: WeatherReport, window: [ForecastSlot]) -> String {
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
    func dailySummary(_ days: [DailySummary]) -> String {
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

    /// Sunrises and sunsets from the observation up to `end`: today's from the API, later days' a day apart.
    func sunEvents(_ report: WeatherReport, until end: Date) -> [(name: String, time: Date)] {
        var events: [(name: String, time: Date)] = []
        for (name, first) in [("Sunrise", report.current.sunrise), ("Sunset", report.current.sunset)] {
            guard var time = first else { continue }
            while time <= end {
                if time > report.current.observedAt { events.append((name, time)) }
                time.addTimeInterval(86_400)
            }
        }
        return events.sorted { $0.time < $1.time }
    }

    private func eventRow(_ name: String, _ local: LocalTime, startsDay: String?) -> HourlyRow {
        HourlyRow(
            time: local.clockTime(options.clock), condition: name.lowercased(), conditionCode: 0, conditionGroup: .unknown,
            isNight: name == "Sunset", temperature: "", temperatureCelsius: 0, precipitationChance: nil,
            precipitationAmount: nil, humidity: nil, wind: "", startsDay: startsDay, event: name)
    }

    /// The slots after the observation, the ones the hourly view can show.
    public func upcoming(_ report: WeatherReport) -> [ForecastSlot] {
        report.forecast.filter { $0.time > report.current.observedAt }
    }

    /// What a view says when its data is not live.
    public func notice(_ source: DataSource) -> String? {
        switch source {
        case .live: nil
        case .sample: "Sample data (offline mode): not real weather."
        case .stale(let fetchedAt, let reason):
            "From \(RelativeAge.describe(seconds: max(0, Int(now.timeIntervalSince(fetchedAt))))) ago: could not refresh. \(reason.message)"
        }
    }

    private func clock(_ date: Date, _ report: WeatherReport) -> String {
        LocalTime(date, utcOffset: report.utcOffset).clockTime(options.clock)
    }

    private func precipitationText(_ c: CurrentConditions) -> String? {
        let span: (Precipitation) -> String = { $0.hours == 1 ? "in the last hour" : "in the last \($0.hours) hours" }
        let parts = [("Rain", c.rain), ("Snow", c.snow)].compactMap { label, amount -> String? in
            guard let amount, amount.millimetres > 0 else { return nil }
            return "\(label) \(UnitFormatting.precipitation(millimetres: amount.millimetres, options.units)) \(span(amount))"
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
