import FoundationEssentials

/// The ranges a figure from outside (a provider's answer, a cached copy) must fall in to be shown. A figure
/// beyond its range is missing: the views show "—" and go on; an answer whose time or current temperature is
/// missing cannot be shown at all (`WeatherError.badResponse`, naming the provider).
///
/// Checked once, where an answer is decoded, so every value past that point is one the views can show, and no
/// conversion to an integer, a date or an index can trap on it.
package enum PhysicalRange {
    /// °C: beyond anything measured on Earth (−89.2 °C, 56.7 °C) with room to spare.
    package static let temperature = -150.0...150.0
    /// m/s: the strongest gust measured is 113 m/s.
    package static let windSpeed = 0.0...150.0
    /// Degrees the wind comes from.
    package static let direction = 0.0...360.0
    /// hPa at sea level: the records are 870 and 1084.
    package static let pressure = 800.0...1100.0
    /// Metres of visibility: about the farthest a person can see across the Earth's curve from a mountain.
    package static let visibility = 0.0...500_000.0
    /// Rain or snow (as water) over a step or a day, in mm: the most measured in a day is 1,825 mm.
    package static let precipitation = 0.0...2_000.0
    /// The UV index: the highest measured is about 43 (the Andes' Licancabur, 2003).
    package static let uvIndex = 0.0...50.0
    /// Seconds from UTC: no zone is further than UTC−12 and UTC+14; 18 hours, as ISO 8601 allows.
    package static let utcOffset = -64_800...64_800
    /// Moments the program reads: 2000-01-01 to 2100-01-01 (UTC). Anything else is not a time a forecast can be at.
    package static let moment = 946_684_800.0...4_102_444_800.0
    /// How far from the observation a forecast time, a sunrise or a sunset may be: a year and a day.
    package static let reach: TimeInterval = 366 * 86_400

    /// The temperature in °C, if it is one.
    package static func temperature(_ celsius: Double?) -> Double? { within(temperature, celsius) }
    /// A wind speed (or gust) in m/s, if it is one; a negative speed is missing, not calm.
    package static func windSpeed(_ metresPerSecond: Double?) -> Double? { within(windSpeed, metresPerSecond) }
    /// A bearing in degrees, if it is one.
    package static func direction(_ degrees: Double?) -> Double? { within(direction, degrees) }
    /// Sea-level pressure in hPa, if it is one.
    package static func pressure(_ hectopascals: Double?) -> Double? { within(pressure, hectopascals) }
    /// Visibility in metres, if it is one.
    package static func visibility(_ metres: Double?) -> Double? { within(visibility, metres) }
    /// An amount of rain or snow in mm, if it is one; a negative amount is missing, not dry.
    package static func precipitation(_ millimetres: Double?) -> Double? { within(precipitation, millimetres) }

    /// A UV index, if it is one; a negative index is missing, not zero.
    package static func uvIndex(_ index: Double?) -> Double? { within(uvIndex, index) }

    /// A chance from 0 to 1, if it is one.
    package static func probability(_ fraction: Double?) -> Double? { within(0...1, fraction) }

    /// A percentage (humidity, cloud cover) as a whole number 0…100, if it is one. A figure just over 100 is 100
    /// (OpenWeather has sent 101); anything further out is missing.
    package static func percent(_ value: Double?) -> Int? {
        percentage(value).map { Int(saturating: $0.rounded()) }
    }

    /// A percentage as given, unrounded, if it is one (a figure just over 100 is 100).
    package static func percentage(_ value: Double?) -> Double? {
        within(0...101, value).map { min(100, $0) }
    }

    /// Seconds from UTC, if within 18 hours.
    package static func utcOffset(_ seconds: Double?) -> Int? {
        guard let seconds = within(Double(utcOffset.lowerBound)...Double(utcOffset.upperBound), seconds),
            seconds == seconds.rounded()
        else { return nil }
        return Int(saturating: seconds)
    }

    /// Seconds from UTC, if within 18 hours.
    package static func utcOffset(_ seconds: Int?) -> Int? {
        guard let seconds, utcOffset.contains(seconds) else { return nil }
        return seconds
    }

    /// Unix seconds as a moment, if between 2000 and 2100.
    package static func moment(_ seconds: Double?) -> Date? {
        within(moment, seconds).map(Date.init(timeIntervalSince1970:))
    }

    /// A moment, if between 2000 and 2100 and, with an `anchor`, no further from it than `reach`.
    package static func moment(_ date: Date?, near anchor: Date? = nil) -> Date? {
        guard let date = moment(date?.timeIntervalSince1970) else { return nil }
        if let anchor, abs(date.timeIntervalSince(anchor)) > reach { return nil }
        return date
    }

    private static func within(_ range: ClosedRange<Double>, _ value: Double?) -> Double? {
        guard let value, range.contains(value) else { return nil }
        return value
    }
}

extension Int {
    /// `value` toward zero as an integer that no later arithmetic on it can overflow: NaN is 0, and anything beyond
    /// ±2⁵³ (where doubles stop being whole numbers) is ±2⁵³. The one conversion from a `Double` that cannot trap.
    package init(saturating value: Double) {
        let limit = 9_007_199_254_740_992.0
        guard !value.isNaN else {
            self = 0
            return
        }
        self = Int(Swift.min(limit, Swift.max(-limit, value)))
    }
}
