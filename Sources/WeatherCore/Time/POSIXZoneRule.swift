/// A POSIX `TZ` rule string as a TZif footer carries it ("CET-1CEST,M3.5.0,M10.5.0/3", "<+0545>-5:45",
/// "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"): the offsets for every instant after a zone file's last transition.
///
/// Offsets in the string are west of Greenwich ("-5:45" is five hours 45 minutes *ahead* of UTC); `standard` and
/// `daylight` here are seconds east of UTC, as everywhere else in the program. Rule times may run from -167 to
/// 167 hours (RFC 8536's extension).
package struct POSIXZoneRule: Equatable, Sendable {
    /// Seconds east of UTC outside daylight-saving time.
    package var standard: Int
    /// Daylight-saving time, when the zone has it.
    package var daylight: Daylight?

    /// The daylight-saving offset and the two days it starts and ends on, each with its local time of day.
    package struct Daylight: Equatable, Sendable {
        /// Seconds east of UTC during daylight-saving time.
        package var offset: Int
        package var start: Change
        package var end: Change
    }

    /// A day of the year and a time on it, in local time (standard time for the start, daylight time for the end).
    package struct Change: Equatable, Sendable {
        package var day: Day
        /// Seconds after the day's midnight, -167…167 hours.
        package var time: Int
    }

    /// How a rule names its day.
    package enum Day: Equatable, Sendable {
        /// `Jn`: day 1…365, February 29 never counted.
        case julian(Int)
        /// `n`: day 0…365, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1…4, 5 = the last) of month `m`.
        case month(Int, week: Int, weekday: Int)
    }

    /// Parses a rule; nil unless the whole string is one.
    package init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standardWest = scanner.offset(hours: 0...24) else { return nil }
        standard = -standardWest
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        var offset = standard + 3600
        if let west = scanner.offset(hours: 0...24) { offset = -west }
        // A daylight zone without rules takes the US ones, as POSIX's default.
        var start = Change(day: .month(3, week: 2, weekday: 0), time: 7200)
        var end = Change(day: .month(11, week: 1, weekday: 0), time: 7200)
        if !scanner.atEnd {
            guard scanner.take(UInt8(ascii: ",")), let first = scanner.change(), scanner.take(UInt8(ascii: ",")),
                let second = scanner.change(), scanner.atEnd
            else { return nil }
            (start, end) = (first, second)
        }
        daylight = Daylight(offset: offset, start: start, end: end)
    }

    /// Seconds east of UTC at `instant` (seconds since 1970).
    package func offset(at instant: Int64) -> Int {
        guard let daylight else { return standard }
        let year = CivilDate(days: Int(floorDivide(instant + Int64(standard), 86_400))).year
        // The start is in standard time and the end in daylight time, each converted to UTC.
        let start = Int64(daylight.start.day.dayNumber(in: year) * 86_400 + daylight.start.time - standard)
        let end = Int64(daylight.end.day.dayNumber(in: year) * 86_400 + daylight.end.time - daylight.offset)
        let inDaylight = start < end ? (start <= instant && instant < end) : !(end <= instant && instant < start)
        return inDaylight ? daylight.offset : standard
    }

    /// Reads a rule string byte by byte.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<…>` of letters, digits, `+` and `-`.
        mutating func name() -> Bool {
            let begin = index
            if take(UInt8(ascii: "<")) {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                    let byte = bytes[index]
                    guard byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                return index - begin >= 4 && take(UInt8(ascii: ">"))
            }
            while index < bytes.count, bytes[index].isASCIILetter { index += 1 }
            return index - begin >= 3
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, hours within `hours`; nil (nothing consumed) when there is none.
        mutating func offset(hours: ClosedRange<Int>) -> Int? {
            let begin = index
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let h = number(maxDigits: 3), hours.contains(h) else {
                index = begin
                return nil
            }
            var seconds = h * 3600
            for scale in [60, 1] {
                guard take(UInt8(ascii: ":")) else { break }
                guard let part = number(maxDigits: 2), part < 60 else {
                    index = begin
                    return nil
                }
                seconds += part * scale
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
        mutating func change() -> Change? {
            let day: Day
            if take(UInt8(ascii: "J")) {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else if take(UInt8(ascii: "M")) {
                guard let m = number(maxDigits: 2), (1...12).contains(m), take(UInt8(ascii: ".")),
                    let w = number(maxDigits: 1), (1...5).contains(w), take(UInt8(ascii: ".")),
                    let d = number(maxDigits: 1), (0...6).contains(d)
                else { return nil }
                day = .month(m, week: w, weekday: d)
            } else {
                guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
                day = .zeroBased(n)
            }
            var time = 7200
            if take(UInt8(ascii: "/")) {
                guard let given = offset(hours: 0...167) else { return nil }
                time = given
            }
            return Change(day: day, time: time)
        }

        mutating func number(maxDigits: Int) -> Int? {
            var value = 0, digits = 0
            while index < bytes.count, bytes[index].isASCIIDigit, digits < maxDigits {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            return digits == 0 ? nil : value
        }
    }
}

extension POSIXZoneRule.Day {
    /// Days since 1970-01-01 of this day in `year`.
    func dayNumber(in year: Int) -> Int {
        let january1 = CivilDate.dayNumber(year: year, month: 1, day: 1)
        let leap = CivilDate.isLeap(year)
        switch self {
        case .julian(let n):
            return january1 + n - 1 + (leap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return january1 + min(n, leap ? 365 : 364)
        case .month(let month, let week, let weekday):
            let first = CivilDate.dayNumber(year: year, month: month, day: 1)
            let firstWeekday = CivilDate.weekday(dayNumber: first)
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let length = CivilDate.daysInMonth(year: year, month: month)
            while day > length { day -= 7 }
            return first + day - 1
        }
    }
}

/// Floor division for instants before 1970.
package func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
