import FoundationEssentials

/// 3-hour forecast steps from 1-hour ones, so every provider's views look the same as OpenWeather's.
package enum ThreeHourSteps {
    /// One step for each UTC hour divisible by 3 (as OpenWeather's steps fall) whose three hours are all there:
    /// the temperature, humidity and wind at its start, the most severe condition of the three hours, their
    /// precipitation added up, the highest chance and UV index, and snow when most of the amount is snow. Hours that start at
    /// :30 or :15 past a UTC hour (local hours in a half-hour or 45-minute zone) count as the UTC hour they start in.
    ///
    /// When the hours begin inside a block (an answer that starts at the current hour), the hours up to the next
    /// block make a shorter first step (`hours` 1 or 2), so the rain of the block that covers now is not lost.
    package static func from(_ hours: [ForecastSlot]) -> [ForecastSlot] {
        var steps: [ForecastSlot] = []
        var index = 0
        while index < hours.count {
            let start = hours[index]
            let seconds = Int(start.time.timeIntervalSince1970)
            let hourStart = seconds - ((seconds % 3_600) + 3_600) % 3_600
            let length = hourStart % 10_800 == 0 ? 3 : index == 0 ? 3 - ((hourStart / 3_600) % 3 + 3) % 3 : 0
            guard length > 0, index + length - 1 < hours.count,
                hours[index + length - 1].time.timeIntervalSince(start.time) == Double(length - 1) * 3_600
            else {
                index += 1
                continue
            }
            steps.append(step(start, hours[index..<(index + length)]))
            index += length
        }
        return steps
    }

    /// One step from consecutive 1-hour slots, the first of them `start`.
    static func step(_ start: ForecastSlot, _ hours: ArraySlice<ForecastSlot>) -> ForecastSlot {
        var step = start
        step.condition = hours.max { $0.condition.group.severity < $1.condition.group.severity }?.condition ?? step.condition
        step.precipitationProbability = WetWeather.highest(hours.map(\.precipitationProbability))
        step.hours = Double(hours.count)
        let amounts = hours.compactMap(\.precipitation)
        step.precipitation = amounts.isEmpty ? nil : amounts.reduce(0, +)
        let snow = hours.filter(\.isSnow).compactMap(\.precipitation).reduce(0, +)
        step.isSnow = snow > 0 && snow * 2 >= (step.precipitation ?? 0)
        step.uvIndex = UVIndex.highest(hours.map(\.uvIndex))
        return step
    }
}
