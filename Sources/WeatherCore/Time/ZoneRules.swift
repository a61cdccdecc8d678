import FoundationEssentials

/// One IANA time zone's offsets over time, read from its TZif file (`TZif.rules`): the transitions the file lists,
/// then its footer's POSIX rule for every instant after the last one.
package struct ZoneRules: Equatable, Sendable {
    /// The zone's name ("Europe/Lisbon").
    package var name: String
    /// Instants (seconds since 1970, ascending) at which the offset changes.
    package var transitions: [Int64]
    /// Seconds east of UTC from each transition on; as many as `transitions`.
    package var offsets: [Int]
    /// Seconds east of UTC before the first transition (or always, with none and no rule).
    package var initialOffset: Int
    /// The offsets after the last transition; nil: the last transition's offset holds.
    package var rule: POSIXZoneRule?

    package init(name: String, transitions: [Int64], offsets: [Int], initialOffset: Int, rule: POSIXZoneRule?) {
        self.name = name
        self.transitions = transitions
        self.offsets = offsets
        self.initialOffset = initialOffset
        self.rule = rule
    }

    /// Seconds east of UTC at `date`.
    package func offset(at date: Date) -> Int {
        // Clamped to ±30 million years, so no date converts out of range; NaN counts as 1970.
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let instant = seconds.isNaN ? 0 : Int64(min(1e15, max(-1e15, seconds)))
        guard let last = transitions.last, instant < last else {
            if let rule { return rule.offset(at: instant) }
            return offsets.last ?? initialOffset
        }
        // The last transition at or before the instant.
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initialOffset : offsets[low - 1]
    }
}
