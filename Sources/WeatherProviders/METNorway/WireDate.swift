import FoundationEssentials
import WeatherCore

/// The two ways MET Norway writes a moment: ISO 8601 in UTC in the body ("2023-11-14T06:00:00Z") and the HTTP
/// date in `Expires` and `Last-Modified` ("Tue, 14 Nov 2023 06:30:00 GMT"). Read by hand: no formatter to set
/// up on every run.
package enum WireDate {
    /// "2023-11-14T06:00:00Z" (seconds optional, a UTC offset such as "+01:00" instead of "Z" accepted); nil
    /// for anything else.
    package static func iso8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 17, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), let year = number(bytes, 0, 4), let month = number(bytes, 5, 2),
            let day = number(bytes, 8, 2), let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2)
        else { return nil }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard let value = number(bytes, 17, 2) else { return nil }
            second = value
            index = 19
        }
        var offset = 0
        switch index < bytes.count ? bytes[index] : 0 {
        case UInt8(ascii: "Z") where index + 1 == bytes.count:
            break
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"), let hours = number(bytes, index + 1, 2),
                let minutes = number(bytes, index + 4, 2)
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second).map {
            $0.addingTimeInterval(Double(-offset))
        }
    }

    /// An HTTP date in its one current form, "Tue, 14 Nov 2023 06:30:00 GMT" (RFC 9110's IMF-fixdate); nil for
    /// anything else.
    package static func http(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
            let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]) else {
            return nil
        }
        return date(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A UTC civil date and time as a moment; nil when a field is out of range (a year beyond 1…9999 too: an HTTP
    /// date's year is any number of digits, and the arithmetic below would overflow on a huge one).
    static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second)
        else { return nil }
        // Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm, the inverse of LocalTime's).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// The decimal number in `count` ASCII digits from `start`; nil if any is not a digit.
    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
