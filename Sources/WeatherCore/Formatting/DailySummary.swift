import Foundation

/// One local calendar day of the forecast, in canonical units.
package struct DailySummary: Equatable, Sendable {
    package var dayNumber: Int
    package var weekday: Int
    package var high: Double
    package var low: Double
    /// The condition that dominates the daytime.
    package var condition: Condition
    /// The highest precipitation probability of the day, 0…1.
    package var precipitationProbability: Double
    /// Rain and snow expected over the day's slots, in mm.
    package var precipitation: Double

    /// Groups slots by the place's local calendar day, starting with the day of `current`, for `count` days.
    ///
    /// Today's high and low include the current reading. The condition is the most frequent group among
    /// daytime slots (06:00–18:00 local), the more severe winning a tie; a day with no daytime slot uses all of its slots.
    package static func days(
        current: CurrentConditions, forecast: [ForecastSlot], utcOffset: Int, count: Int = 5
    ) -> [DailySummary] {
        let today = LocalTime(current.observedAt, utcOffset: utcOffset)
        var byDay: [Int: [ForecastSlot]] = [:]
        for slot in forecast {
            let day = LocalTime(slot.time, utcOffset: utcOffset).dayNumber
            if day >= today.dayNumber, day < today.dayNumber + count { byDay[day, default: []].append(slot) }
        }
        var result: [DailySummary] = []
        for day in today.dayNumber..<(today.dayNumber + count) {
            let slots = byDay[day] ?? []
            var temperatures = slots.map(\.temperature)
            if day == today.dayNumber { temperatures.append(current.temperature) }
            guard let high = temperatures.max(), let low = temperatures.min() else { continue }
            let condition = dominantCondition(slots, utcOffset: utcOffset) ?? current.condition
            result.append(
                DailySummary(
                    dayNumber: day, weekday: ((day % 7) + 11) % 7, high: high, low: low,
                    condition: Condition(code: condition.code, main: condition.main, description: condition.description, isNight: false),
                    precipitationProbability: slots.map(\.precipitationProbability).max() ?? 0,
                    precipitation: slots.compactMap(\.precipitation).reduce(0, +)))
        }
        return result
    }

    static func dominantCondition(_ slots: [ForecastSlot], utcOffset: Int) -> Condition? {
        let daytime = slots.filter { (6..<18).contains(LocalTime($0.time, utcOffset: utcOffset).hour) }
        let pool = daytime.isEmpty ? slots : daytime
        var counts: [ConditionGroup: Int] = [:]
        for slot in pool { counts[slot.condition.group, default: 0] += 1 }
        guard let winner = counts.max(by: { ($0.value, $0.key.severity) < ($1.value, $1.key.severity) })?.key else { return nil }
        return pool.first { $0.condition.group == winner }?.condition
    }
}
