import Foundation

/// A run of consecutive 3-hour slots likely to bring rain or snow.
package struct WetSpell: Equatable, Sendable {
    /// Start of the first slot.
    package var start: Date
    /// End of the last slot (its start plus 3 hours).
    package var end: Date
    /// True when most of the spell's precipitation is snow.
    package var isSnow: Bool
    /// The highest probability within the spell, 0…1.
    package var probability: Double
    /// Rain and snow expected over the spell, in mm.
    package var millimetres: Double

    /// The spells in `slots` (time order), where a slot is wet when its probability reaches `threshold` and it
    /// forecasts an amount or a wet condition.
    package static func find(in slots: [ForecastSlot], threshold: Double = 0.4) -> [WetSpell] {
        var spells: [WetSpell] = []
        var snowyMillimetres = 0.0
        for slot in slots {
            let wet = slot.precipitationProbability >= threshold
                && ((slot.precipitation ?? 0) > 0 || slot.condition.group.isWet)
            guard wet else { continue }
            let amount = slot.precipitation ?? 0
            let slotEnd = slot.time.addingTimeInterval(3 * 3600)
            if var last = spells.last, last.end >= slot.time {
                last.end = slotEnd
                last.probability = max(last.probability, slot.precipitationProbability)
                last.millimetres += amount
                if slot.isSnow || slot.condition.group == .snow { snowyMillimetres += max(amount, 0.01) }
                last.isSnow = snowyMillimetres * 2 > max(last.millimetres, 0.01)
                spells[spells.count - 1] = last
            } else {
                snowyMillimetres = slot.isSnow || slot.condition.group == .snow ? max(amount, 0.01) : 0
                spells.append(
                    WetSpell(
                        start: slot.time, end: slotEnd, isSnow: snowyMillimetres > 0, probability: slot.precipitationProbability,
                        millimetres: amount))
            }
        }
        return spells
    }
}
