import FoundationEssentials
import WeatherCore

/// 3-hour steps from MET Norway's 6-hour part, after the ones made from its hourly part, so the views, summaries
/// and wet spells (which read each step as three hours) work on the whole forecast.
///
/// Each 6-hour period that starts after the last step becomes two steps (MET's start at 00, 06, 12 and 18 UTC; one that
/// starts on another hour is kept too, so its day keeps its weather rather than showing none). Both take the
/// period's symbol, chance and half its precipitation. The first takes the instant values at the period's start;
/// the second those of an entry three hours on when the answer has one, else temperature, humidity and wind speed
/// halfway between the period's start and end (the wind's direction stays that of the start).
package enum SixHourSteps {
    /// `steps`, then two steps for each 6-hour period in `entries` that starts where they end or later. `slot`
    /// makes a 3-hour step from an entry and its 6-hour period (its condition, and the whole period's amounts).
    package static func extend(
        _ steps: [ForecastSlot], with entries: [Locationforecast.Entry],
        slot: (Locationforecast.Entry, Locationforecast.Period) -> ForecastSlot
    ) -> [ForecastSlot] {
        var steps = steps
        var coveredUntil = steps.last.map { $0.time.addingTimeInterval(10_800) } ?? entries.first?.time ?? .distantPast
        var byTime: [Date: Locationforecast.Entry] = [:]
        for entry in entries { byTime[entry.time] = entry }
        for entry in entries {
            guard entry.time >= coveredUntil, let period = entry.nextSixHours else { continue }
            let middleTime = entry.time.addingTimeInterval(10_800)
            var first = slot(entry, period)
            first.precipitation = period.precipitation.map { $0 / 2 }
            let middle = byTime[middleTime] ?? halfway(entry, byTime[entry.time.addingTimeInterval(21_600)], at: middleTime)
            var second = slot(middle, period)
            second.precipitation = first.precipitation
            steps += [first, second]
            coveredUntil = entry.time.addingTimeInterval(21_600)
        }
        return steps
    }

    /// The entry at `time`, between `start` and `end` (six hours on): temperature, humidity and wind speed
    /// halfway; without an end, the start's values.
    static func halfway(
        _ start: Locationforecast.Entry, _ end: Locationforecast.Entry?, at time: Date
    ) -> Locationforecast.Entry {
        var middle = start
        middle.time = time
        guard let end else { return middle }
        middle.temperature = (start.temperature + end.temperature) / 2
        middle.humidity = average(start.humidity, end.humidity) ?? start.humidity
        middle.windSpeed = average(start.windSpeed, end.windSpeed) ?? start.windSpeed
        return middle
    }

    private static func average(_ a: Double?, _ b: Double?) -> Double? {
        guard let a, let b else { return nil }
        return (a + b) / 2
    }
}
