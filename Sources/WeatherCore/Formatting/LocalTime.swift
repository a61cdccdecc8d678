import FoundationEssentials

/// Calendar arithmetic in a place's local time, from its UTC offset in seconds or its zone (`PlaceTimeZone`).
package struct LocalTime: Equatable, Sendable {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    /// 0 = Sunday … 6 = Saturday.
    package var weekday: Int
    /// Days since 1970-01-01 in local time: equal for two moments on the same local calendar day.
    package var dayNumber: Int

    /// Never traps: a moment or offset far beyond any a report holds (`PhysicalRange`) gives a far date, not a crash.
    package init(_ date: Date, utcOffset: Int) {
        let seconds = Int(saturating: (date.timeIntervalSince1970 + Double(utcOffset)).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds - 1) / 86_400) - 1  // rounded down
        let secondOfDay = seconds - days * 86_400
        dayNumber = days
        hour = secondOfDay / 3600
        minute = (secondOfDay % 3600) / 60
        weekday = CivilDate.weekday(dayNumber: days)
        let civil = CivilDate(days: days)
        (year, month, day) = (civil.year, civil.month, civil.day)
    }

    /// The local time at `date` in `zone`, at the offset in force at that instant.
    package init(_ date: Date, _ zone: PlaceTimeZone) {
        self.init(date, utcOffset: zone.offset(at: date))
    }

    /// "15:00" or "3 PM" / "3:30 PM".
    package func clockTime(_ style: ClockStyle) -> String {
        switch style {
        case .twentyFourHour:
            return "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
        case .twelveHour:
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            let suffix = hour < 12 ? "AM" : "PM"
            return minute == 0 ? "\(twelve) \(suffix)" : "\(twelve):\(minute < 10 ? "0" : "")\(minute) \(suffix)"
        }
    }

    /// "+05:45", "-03:30", "+00:00".
    package static func offsetName(_ utcOffset: Int) -> String {
        let sign = utcOffset < 0 ? "-" : "+"
        let minutes = Int(clamping: utcOffset.magnitude / 60)
        let hours = minutes / 60, rest = minutes % 60
        return "UTC\(sign)\(hours < 10 ? "0" : "")\(hours):\(rest < 10 ? "0" : "")\(rest)"
    }
}

/// Weekday names in a language, short form ("Mon", "lun."), from its tables (`weekday.0` is Sunday).
package struct WeekdayNames: Sendable {
    let names: [String]

    package init(_ strings: Strings) {
        names = (0..<7).map { strings["weekday.\($0)"] }
    }

    /// The name for 0 = Sunday … 6 = Saturday.
    package func name(_ weekday: Int) -> String { names[((weekday % 7) + 7) % 7] }
}
