import WeatherCore

/// When the sun rises and sets at a sample place on any local day: today's times plus whole days, the rule the hourly
/// view follows to draw its sunrise and sunset rows.
struct SunSchedule: Sendable {
    /// Today's sunrise, Unix seconds.
    let sunrise: Int
    /// Today's sunset, Unix seconds.
    let sunset: Int
    /// The place's offset from UTC in seconds.
    let utcOffset: Int

    /// The local calendar day `time` falls on, as days since 1970-01-01 local time (`LocalTime.dayNumber`).
    func day(of time: Int) -> Int {
        Self.day(of: time, utcOffset: utcOffset)
    }

    /// The local calendar day `time` falls on at a place `utcOffset` seconds ahead of UTC.
    static func day(of time: Int, utcOffset: Int) -> Int {
        floorDivision(time + utcOffset, 86_400)
    }

    /// The first second of a local day, Unix seconds.
    func midnight(startingDay day: Int) -> Int {
        day * 86_400 - utcOffset
    }

    /// Sunrise on a local day.
    func sunrise(onDay day: Int) -> Int {
        sunrise + (day - self.day(of: sunrise)) * 86_400
    }

    /// Sunset on a local day.
    func sunset(onDay day: Int) -> Int {
        sunset + (day - self.day(of: sunrise)) * 86_400
    }

    /// Night: at or after that local day's sunset, or before its sunrise.
    func isNight(at time: Int) -> Bool {
        let day = day(of: time)
        return time < sunrise(onDay: day) || time >= sunset(onDay: day)
    }

    /// `value / divisor` rounded towards minus infinity (Swift's `/` rounds towards zero).
    static func floorDivision(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
