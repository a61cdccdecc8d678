import FoundationEssentials

/// A run of consecutive forecast steps likely to bring rain or snow.
package struct WetSpell: Equatable, Sendable {
    /// Start of the first slot.
    package var start: Date
    /// End of the last slot (its start plus its hours).
    package var end: Date
    /// True when most of the spell's precipitation is snow.
    package var isSnow: Bool
    /// The highest probability within the spell, 0…1; nil when the provider gives none.
    package var probability: Double?
    /// Rain and snow expected over the spell, in mm.
    package var millimetres: Double

    /// The spells in `slots` (time order): runs of slots that are wet by ``WetWeather``'s rule, each slot starting
    /// where the previous one ends.
    package static func find(in slots: [ForecastSlot]) -> [WetSpell] {
        var runs: [[ForecastSlot]] = []
        var runEnd: Date?
        for slot in slots where WetWeather.isWet(slot) {
            if let end = runEnd, end >= slot.time, !runs.isEmpty {
                runs[runs.count - 1].append(slot)
            } else {
                runs.append([slot])
            }
            runEnd = slot.time.addingTimeInterval(slot.hours * 3600)
        }
        return runs.compactMap { run in
            guard let first = run.first, let last = run.last else { return nil }
            return WetSpell(
                start: first.time, end: last.time.addingTimeInterval(last.hours * 3600), isSnow: WetWeather.isMostlySnow(run),
                probability: WetWeather.highest(run.map(\.precipitationProbability)),
                millimetres: run.compactMap(\.precipitation).reduce(0, +))
        }
    }
}
