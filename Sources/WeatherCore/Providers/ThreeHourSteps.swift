import Foundation

/// 3-hour forecast steps from 1-hour ones, so every provider's views look the same as OpenWeather's.
package enum ThreeHourSteps {
    /// One step for each UTC hour divisible by 3 (as OpenWeather's steps fall) whose three hours are all there:
    /// the temperature, humidity and wind at its start, the most severe condition of the three hours, their
    /// precipitation added up, the highest chance, and snow when most of the amount is snow. Hours that start at
    /// :30 or :15 past a UTC hour (local hours in a half-hour or 45-minute zone) count as the UTC hour they start in.
    package static func from(_ hours: [ForecastSlot]) -> [ForecastSlot] {
        var steps: [ForecastSlot] = []
        var index = 0
        while index < hours.count {
            let start = hours[index]
            let seconds = Int(start.time.timeIntervalSince1970)
            let hourStart = seconds - ((seconds % 3_600) + 3_600) % 3_600
            guard hourStart % 10_800 == 0, index + 2 < hours.count,
                hours[index + 2].time.timeIntervalSince(start.time) == 7_200
            else {
                index += 1
                continue
            }
            let three = hours[index..<(index + 3)]
            var step = start
            step.condition = three.max { $0.condition.group.severity < $1.condition.group.severity }?.condition ?? start.condition
            step.precipitationProbability = WetWeather.highest(three.map(\.precipitationProbability))
            step.hours = 3
            let amounts = three.compactMap(\.precipitation)
            step.precipitation = amounts.isEmpty ? nil : amounts.reduce(0, +)
            let snow = three.filter(\.isSnow).compactMap(\.precipitation).reduce(0, +)
            step.isSnow = snow > 0 && snow * 2 >= (step.precipitation ?? 0)
            steps.append(step)
            index += 3
        }
        return steps
    }
}
