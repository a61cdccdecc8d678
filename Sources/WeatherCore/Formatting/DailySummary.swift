import FoundationEssentials

/// One local calendar day of the forecast, in canonical units.
package struct DailySummary: Equatable, Sendable {
    package var dayNumber: Int
    package var weekday: Int
    package var high: Double
    package var low: Double
    /// The condition that dominates the daytime, or the day's rain or snow when it is likely (see ``days(current:forecast:zone:count:)``).
    package var condition: Condition
    /// The highest precipitation probability of the day, 0…1; nil when the provider gives none, or when a day drawn wet would say 0% (it rains now, the steps ahead are dry at 0%).
    package var precipitationProbability: Double?
    /// Rain and snow expected over the day, in mm; nil when the provider gives no amount for any of its hours.
    package var precipitation: Double?
    /// True when most of the day's precipitation is snow (``WetWeather/isMostlySnow(_:)``).
    package var isSnow: Bool = false
    /// The day's highest UV index: the provider's own where its days have one, else the highest of the day's steps'
    /// (today's from now on); nil when none is given.
    package var uvIndexMax: Double? = nil

    /// True when the day brings rain or snow by ``WetWeather``'s one rule: exactly when its row draws a wet condition.
    package var isWet: Bool { condition.group.isWet }

    /// Groups slots by the place's local calendar day, starting with the day of `current`, for `count` days.
    ///
    /// Today's high and low include the current reading. The condition is the most frequent group among
    /// daytime slots (06:00–18:00 local), the more severe winning a tie; a day with no daytime slot uses all of its slots.
    /// A wet day (one of its slots is wet by ``WetWeather``'s rule, or, today, it is wet now) instead shows its most
    /// frequent wet condition, preferring slots of the day's kind (snow or rain), or, when none of its slots has a wet
    /// condition, the current one (today) or one built from its amount (``wetCondition(millimetres:isSnow:)``); a day
    /// that is not wet never shows a wet condition.
    ///
    /// Where the provider forecasts days itself (`providerDays`), a day's high and low are the provider's (today's
    /// still include the current reading), and a day no slot reaches is taken from the provider whole.
    package static func days(
        current: CurrentConditions, forecast: [ForecastSlot], zone: PlaceTimeZone, count: Int = 5,
        providerDays: [DayForecast]? = nil, hourly: [ForecastSlot]? = nil
    ) -> [DailySummary] {
        var provided: [Int: DayForecast] = [:]
        for day in providerDays ?? [] { provided[LocalTime(day.date, zone).dayNumber] = day }
        let today = LocalTime(current.observedAt, zone)
        let days = today.dayNumber..<(today.dayNumber + count)
        // The rows the views show (split at midnight) give a day's condition, chance and wetness; the finest steps
        // the provider has give its amount and its readings.
        var byDay: [Int: [ForecastSlot]] = [:]
        for step in forecast {
            for part in split(step, atMidnightsOf: zone) {
                let day = LocalTime(part.time, zone).dayNumber
                if days.contains(day) { byDay[day, default: []].append(part) }
            }
        }
        var amounts: [Int: [Double]] = [:]
        var readings: [Int: [Double]] = [:]
        var uvIndexes: [Int: [Double?]] = [:]
        for piece in pieces(forecast, hourly: hourly) {
            if let temperature = piece.temperature { readings[LocalTime(piece.time, zone).dayNumber, default: []].append(temperature) }
            uvIndexes[LocalTime(piece.time, zone).dayNumber, default: []].append(piece.uvIndex)
            for part in split(piece, atMidnightsOf: zone) {
                let day = LocalTime(part.time, zone).dayNumber
                if days.contains(day), let amount = part.precipitation { amounts[day, default: []].append(amount) }
            }
        }
        // Where the provider's days carry the UV index, a day's is theirs alone (MET Norway leaves it out of a day its
        // hourly part does not cover to the evening); else the highest of the day's steps.
        let providerHasUV = providerDays?.contains { $0.uvIndexMax != nil } ?? false
        var result: [DailySummary] = []
        for day in days {
            // Where the provider forecasts days, only its days are shown: a day it leaves out (too few readings)
            // is not rebuilt from a stray step.
            if providerDays != nil, day != today.dayNumber, provided[day] == nil { continue }
            let slots = byDay[day] ?? []
            let weekday = ((day % 7) + 11) % 7
            if slots.isEmpty, day != today.dayNumber, let given = provided[day] {
                result.append(Self(provided: given, dayNumber: day, weekday: weekday))
                continue
            }
            var temperatures = (readings[day] ?? []) + [provided[day]?.high, provided[day]?.low].compactMap { $0 }
            if day == today.dayNumber { temperatures.append(current.temperature) }
            guard var high = temperatures.max(), var low = temperatures.min() else { continue }
            if let given = provided[day] {
                high = day == today.dayNumber ? max(given.high, current.temperature) : given.high
                low = day == today.dayNumber ? min(given.low, current.temperature) : given.low
            }
            var probability = WetWeather.highest(slots.map(\.precipitationProbability))
            let given = amounts[day] ?? []
            let amount = given.reduce(0, +)
            let wetNow = day == today.dayNumber && WetWeather.isWetNow(current)
            let wetSlots = slots.filter(WetWeather.isWet)
            let isSnow = wetSlots.isEmpty && wetNow ? WetWeather.isSnowingNow(current) : WetWeather.isMostlySnow(wetSlots)
            // A day drawn wet never says 0%: when only the present is wet (it rains now, the steps ahead are dry at 0%)
            // or its wet steps say 0% themselves, the chance of its wet hours is not known: "–".
            if wetNow || !wetSlots.isEmpty, probability == 0 { probability = nil }
            let condition: Condition
            if wetNow || !wetSlots.isEmpty {
                condition = dominantWetCondition(slots, isSnow: isSnow)
                    ?? (current.condition.group.isWet && wetNow ? current.condition : wetCondition(millimetres: amount, isSnow: isSnow))
            } else {
                // No slot is wet, so none has a wet condition; nor has the current one when the day is today.
                condition = dominantCondition(slots, zone: zone) ?? current.condition
            }
            result.append(
                DailySummary(
                    dayNumber: day, weekday: weekday, high: high, low: low,
                    condition: condition.daytime,
                    precipitationProbability: probability, precipitation: given.isEmpty ? nil : amount, isSnow: isSnow,
                    uvIndexMax: providerHasUV ? provided[day]?.uvIndexMax : UVIndex.highest(uvIndexes[day] ?? [])))
        }
        return result
    }

    /// The finest steps the provider has: its 1-hour steps where it has them (a day's amount then ends exactly at
    /// its midnight), then the 3-hour (or longer) steps after them.
    static func pieces(_ forecast: [ForecastSlot], hourly: [ForecastSlot]?) -> [ForecastSlot] {
        guard let hourly, let last = hourly.last else { return forecast }
        let end = last.time.addingTimeInterval(last.hours * 3600)
        return hourly + forecast.filter { $0.time >= end }
    }

    /// A step that runs past a local midnight (3-hour steps fall on UTC hours, so they do wherever the offset is not
    /// a multiple of 3 hours) as one part a day, its amount shared by their hours; its condition and chance are each
    /// part's, as the step gives no finer ones.
    static func split(_ slot: ForecastSlot, atMidnightsOf zone: PlaceTimeZone) -> [ForecastSlot] {
        var parts: [ForecastSlot] = []
        var rest = slot
        while rest.hours > 0 {
            let midnight = zone.midnight(day: LocalTime(rest.time, zone).dayNumber + 1)
            let hours = midnight.timeIntervalSince(rest.time) / 3600
            guard hours > 0, hours < rest.hours else { break }
            var part = rest
            part.hours = hours
            part.precipitation = rest.precipitation.map { $0 * hours / rest.hours }
            parts.append(part)
            rest.precipitation = rest.precipitation.map { $0 - (part.precipitation ?? 0) }
            rest.hours -= hours
            rest.time = midnight
        }
        return parts + [rest]
    }

    package static func dominantCondition(_ slots: [ForecastSlot], zone: PlaceTimeZone) -> Condition? {
        let daytime = slots.filter { (6..<18).contains(LocalTime($0.time, zone).hour) }
        return mostFrequent(daytime.isEmpty ? slots : daytime)
    }

    /// The most frequent wet condition among `slots`, from those whose precipitation is of the day's kind when any are.
    static func dominantWetCondition(_ slots: [ForecastSlot], isSnow: Bool) -> Condition? {
        let wet = slots.filter { $0.condition.group.isWet }
        let sameKind = wet.filter { WetWeather.isSnow($0) == isSnow }
        return mostFrequent(sameKind.isEmpty ? wet : sameKind)
    }

    /// The condition of the most frequent group in `pool`, the more severe group winning a tie.
    static func mostFrequent(_ pool: [ForecastSlot]) -> Condition? {
        var counts: [ConditionGroup: Int] = [:]
        for slot in pool { counts[slot.condition.group, default: 0] += 1 }
        guard let winner = counts.max(by: { ($0.value, $0.key.severity) < ($1.value, $1.key.severity) })?.key else { return nil }
        return pool.first { $0.condition.group == winner }?.condition
    }

    /// A wet condition in OpenWeather's codes and words for a day's total, when none of its slots carries one.
    ///
    /// Snow (mm of water): under 3 is 600 "light snow", under 10 is 601 "snow", more is 602 "heavy snow".
    /// Rain: under 5 mm is 500 "light rain", under 20 is 501 "moderate rain", more is 502 "heavy intensity rain".
    static func wetCondition(millimetres: Double, isSnow: Bool) -> Condition {
        // The words come from the core's own keys of the conditions table (`condition.*`); `description` holds their
        // English, as a provider's own words would be.
        let (code, key) =
            isSnow
            ? (millimetres < 3 ? (600, "condition.snow.light") : millimetres < 10 ? (601, "condition.snow.moderate") : (602, "condition.snow.heavy"))
            : (millimetres < 5 ? (500, "condition.rain.light") : millimetres < 20 ? (501, "condition.rain.moderate") : (502, "condition.rain.heavy"))
        let description = Strings(.english)[key]
        return Condition(code: code, main: isSnow ? "Snow" : "Rain", description: description, isNight: false, key: key)
    }
}

extension DailySummary {
    /// A day only the provider's daily forecast reaches: wet by ``WetWeather``'s rule from its condition, amount and
    /// chance, and drawn so.
    init(provided day: DayForecast, dayNumber: Int, weekday: Int) {
        let amount = day.precipitation ?? 0
        let probability = day.precipitationProbability
        let wetByAmount = WetWeather.isWet(probability: probability, millimetres: amount, wetCondition: false)
        let condition = day.condition.flatMap { $0.group.isWet || !wetByAmount ? $0 : nil }
            ?? (wetByAmount ? Self.wetCondition(millimetres: amount, isSnow: false)
                : Condition(code: 0, main: "", description: Strings(.english)["condition.notGiven"], isNight: false, key: "condition.notGiven"))
        self.init(
            dayNumber: dayNumber, weekday: weekday, high: day.high, low: day.low,
            condition: condition.daytime,
            precipitationProbability: probability, precipitation: day.precipitation, isSnow: condition.group == .snow,
            uvIndexMax: day.uvIndexMax)
    }
}
