import Foundation

/// The one definition of wet weather that the hourly and 5-day summaries, `:rain` and the daily rows share.
///
/// - A forecast slot is wet when its probability of precipitation reaches ``likelyProbability`` (40%) and it forecasts
///   an amount of rain or snow or a wet condition (thunderstorm, drizzle, rain, showers, snow, sleet). When the
///   provider gives no probability, a forecast amount alone makes it wet.
/// - A day is wet by the same rule applied to its highest probability, its total amount and its slots' conditions.
/// - It is wet now when the current condition is wet, or rain or snow fell in the last hour.
/// - Precipitation is snow when the forecast says its amount is mostly snow (`ForecastSlot.isSnow`) or its condition
///   is in the snow group; now, when more snow than rain fell in the last hour, or, with no amount, the condition is snow.
package enum WetWeather {
    /// The probability from which rain or snow counts as expected: 40%.
    package static let likelyProbability = 0.4

    /// True when precipitation is likely (`probability` at least 40%) and something falls or the condition is wet.
    package static func isWet(probability: Double?, millimetres: Double, wetCondition: Bool) -> Bool {
        guard let probability else { return millimetres > 0 }
        return probability >= likelyProbability && (millimetres > 0 || wetCondition)
    }

    /// The highest of the chances that are known; nil when none is.
    package static func highest(_ chances: [Double?]) -> Double? {
        chances.compactMap { $0 }.max()
    }

    /// True when the slot is likely to bring rain or snow.
    package static func isWet(_ slot: ForecastSlot) -> Bool {
        isWet(probability: slot.precipitationProbability, millimetres: slot.precipitation ?? 0, wetCondition: slot.condition.group.isWet)
    }

    /// True when the slot's precipitation is snow.
    package static func isSnow(_ slot: ForecastSlot) -> Bool {
        slot.isSnow || slot.condition.group == .snow
    }

    /// True when more than half of the precipitation in `slots` is snow, weighing each slot by its amount; slots with a
    /// wet condition but no amount weigh a token 0.01 mm, so a run of them still has a kind.
    package static func isMostlySnow(_ slots: [ForecastSlot]) -> Bool {
        var snow = 0.0, total = 0.0
        for slot in slots {
            let amount = slot.precipitation ?? 0
            guard amount > 0 || slot.condition.group.isWet else { continue }
            let weight = max(amount, 0.01)
            total += weight
            if isSnow(slot) { snow += weight }
        }
        return snow * 2 > total
    }

    /// True when rain or snow is falling at the observation.
    package static func isWetNow(_ current: CurrentConditions) -> Bool {
        current.condition.group.isWet || lastHour(current.rain) > 0 || lastHour(current.snow) > 0
    }

    /// True when what falls at the observation is snow.
    package static func isSnowingNow(_ current: CurrentConditions) -> Bool {
        let rain = lastHour(current.rain), snow = lastHour(current.snow)
        return rain > 0 || snow > 0 ? snow > rain : current.condition.group == .snow
    }

    /// The amount when it covers only the last hour; an older 3-hour total says nothing about now.
    static func lastHour(_ precipitation: Precipitation?) -> Double {
        guard let precipitation, precipitation.hours <= 1 else { return 0 }
        return precipitation.millimetres
    }
}
