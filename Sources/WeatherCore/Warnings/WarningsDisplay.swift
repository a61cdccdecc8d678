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
                    ends: LocalTime(warning.expires, zone), otherLanguage: Self.otherLanguage(warning.language, than: options.language))
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

    /// The languages, other than the reader's, that the shown warnings' texts are in (codes such as "hr", "no"), each
    /// once, in the order the warnings come.
    package var otherLanguages: [String] {
        items.compactMap(\.otherLanguage).reduce(into: []) { codes, code in if !codes.contains(code) { codes.append(code) } }
    }

    /// The language a service's `code` names ("hr-HR", "en_GB", "NB"), as its primary subtag in lower case ("hr",
    /// "en"; Norwegian's three codes as "no"), when it is not `reader`'s; nil when it is, or when the code is empty or
    /// not one (two or three letters).
    package static func otherLanguage(_ code: String, than reader: Language) -> String? {
        var primary = String(code.prefix { $0 != "-" && $0 != "_" }.lowercased())
        if primary == "nb" || primary == "nn" { primary = "no" }
        let own = String(reader.code.prefix { $0 != "-" }.lowercased())
        guard (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }), primary != own else { return nil }
        return primary
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
    /// The texts' language ("hr") when it is not the reader's (the service does not publish them in it); nil when it is.
    package var otherLanguage: String? = nil
}
