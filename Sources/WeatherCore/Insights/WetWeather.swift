import FoundationEssentials

/// The one definition of wet weather that the hourly and 5-day summaries, `:rain` and the rows share.
///
/// - A forecast slot is wet when its condition is wet (thunderstorm, drizzle, rain, showers, snow, sleet: what a row
///   draws as rain or snow), or when it forecasts an amount of rain or snow with a probability of at least
///   ``likelyProbability`` (40%), or with no probability given. So a row that draws rain is never summed up as dry,
///   whatever its chance; the chance says how sure (``Likelihood``).
/// - A day is wet when one of its slots is, or, today, when it is wet now; its row then draws a wet condition
///   (``DailySummary``), so the rows and the summary read the same facts.
/// - It is wet now when the current condition is wet, or rain or snow fell in the last hour.
/// - Precipitation is snow when the forecast says its amount is mostly snow (`ForecastSlot.isSnow`) or its condition
///   is in the snow group; now, when more snow than rain fell in the last hour, or, with no amount, the condition is snow.
package enum WetWeather {
    /// The probability from which rain or snow counts as expected: 40%.
    package static let likelyProbability = 0.4

    /// The probability from which a spell of rain or snow is "likely" rather than "possible": 60%.
    package static let surelyProbability = 0.6

    /// How sure a spell of rain or snow is, from its highest chance.
    package enum Likelihood: String, Sendable {
        /// 60% or more.
        case likely
        /// Under 60%.
        case possible
        /// An amount forecast with no chance given.
        case expected

        package init(_ probability: Double?) {
            guard let probability else { self = .expected; return }
            self = probability >= WetWeather.surelyProbability ? .likely : .possible
        }
    }

    /// True when the condition is wet, or something falls with a chance of at least 40% (or no chance given).
    package static func isWet(probability: Double?, millimetres: Double, wetCondition: Bool) -> Bool {
        if wetCondition { return true }
        guard millimetres > 0 else { return false }
        return probability.map { $0 >= likelyProbability } ?? true
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
