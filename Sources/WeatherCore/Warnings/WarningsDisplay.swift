import FoundationEssentials

/// The warnings for the place shown, as the current view draws them above itself: typed values (the `Warning`, its
/// level) beside their times in the place's local time, in the person's clock and language.
package struct WarningsDisplay: Equatable, Sendable {
    /// The place's name, as the current view shows it.
    package var place: String
    /// Active warnings, most severe first.
    package var items: [WarningItem]
    /// No service covers the place: "no warning service here", never "no warnings".
    package var noService: Bool
    /// Services that cover the place and could not be asked or answered nonsense.
    package var unavailable: [String]

    /// From what the services said, at `now`, in `zone`'s local time.
    package init(_ outcome: WarningOutcome, place: String, zone: PlaceTimeZone, options: DisplayOptions, now: Date) {
        self.place = place
        let weekdays = WeekdayNames(options.strings)
        func when(_ date: Date) -> String {
            let local = LocalTime(date, zone)
            return "\(weekdays.name(local.weekday)) \(local.clockTime(options.clock))"
        }
        switch outcome {
        case .noService:
            (items, noService, unavailable) = ([], true, [])
        case .checked(let warnings, _, let failed):
            items = warnings.filter { $0.isActive(at: now) }.map { warning in
                let onset = warning.onset.flatMap { $0 > now ? $0 : nil }
                return WarningItem(
                    warning: warning, from: onset.map(when), until: when(warning.expires), starts: onset.map { LocalTime($0, zone) },
                    ends: LocalTime(warning.expires, zone))
            }
            (noService, unavailable) = (false, failed)
        }
    }

    /// A display of `item` alone (`:alerts N` draws its line as the current view does).
    package static func one(_ item: WarningItem) -> WarningsDisplay {
        var display = WarningsDisplay(.noService, place: "", zone: .unknown, options: DisplayOptions(), now: .distantPast)
        (display.items, display.noService) = ([item], false)
        return display
    }

    /// The highest level shown; nil when none is.
    package var highestLevel: WarningLevel? { items.map(\.warning.level).max() }
}

/// One warning as shown: `from` only when it has not started yet.
package struct WarningItem: Equatable, Sendable {
    package var warning: Warning
    /// "Tue 06:00" when it starts later; nil when it is in force.
    package var from: String?
    /// "Tue 18:00".
    package var until: String
    /// The same two moments, typed, in the place's local time: plain mode says their weekdays in full.
    package var starts: LocalTime? = nil
    package var ends: LocalTime? = nil
}
