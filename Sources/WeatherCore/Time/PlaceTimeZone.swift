import FoundationEssentials

/// The clock a place's times are shown in: its IANA zone, else the offset the provider reported, else UTC (and the
/// views say so rather than guess).
package enum PlaceTimeZone: Equatable, Sendable {
    /// The place's zone: the offset of each time shown is computed from it, across daylight-saving changes.
    case zone(ZoneRules)
    /// No zone is known, but the provider reported this offset (seconds east of UTC) for now.
    case fixed(Int)
    /// Nothing is known: times are in UTC.
    case unknown

    /// Seconds east of UTC at `date`.
    package func offset(at date: Date) -> Int {
        switch self {
        case .zone(let rules): rules.offset(at: date)
        case .fixed(let offset): offset
        case .unknown: 0
        }
    }

    /// The zone's name ("Europe/Berlin"), when one is known.
    package var name: String? {
        if case .zone(let rules) = self { return rules.name }
        return nil
    }

    /// The instant a local wall-clock time (seconds since 1970-01-01 00:00 local) falls at: during a daylight-saving
    /// change, the offset in force just before it.
    package func instant(local seconds: Int) -> Date {
        let first = offset(at: Date(timeIntervalSince1970: Double(seconds)))
        let second = offset(at: Date(timeIntervalSince1970: Double(seconds - first)))
        return Date(timeIntervalSince1970: Double(seconds - second))
    }

    /// The midnight that starts the local day `day` (days since 1970-01-01 in local time).
    package func midnight(day: Int) -> Date {
        instant(local: day * 86_400)
    }
}
