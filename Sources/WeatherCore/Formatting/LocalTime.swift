import Foundation

/// Calendar arithmetic in a place's local time, from its UTC offset in seconds. Pure and fast: no time-zone database.
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
        weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
        // Civil date from a day count (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
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

/// Ages and durations in words: "25 minutes", "1 hour".
package enum RelativeAge {
    package static func describe(seconds: Int, _ strings: Strings) -> String {
        switch seconds {
        case ..<60: strings.plural("age.second", max(1, seconds))
        case ..<3600: strings.plural("age.minute", seconds / 60)
        case ..<86_400: strings.plural("age.hour", seconds / 3600)
        default: strings.plural("age.day", seconds / 86_400)
        }
    }

    /// "10 seconds", "2.5 seconds" (the language's decimal separator).
    package static func seconds(_ value: Double, _ strings: Strings) -> String {
        if value == value.rounded() { return strings.plural("age.second", Int(saturating: value)) }
        let figure = String(value).replacingOccurrences(of: ".", with: String(strings.language.decimalSeparator))
        return strings("age.second.other", ["count": figure])
    }
}
