import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct TemperatureCurveTests {
    /// Tokyo (UTC+9) with sunrise at 06:30 local, over three days whose ranges differ.
    static let midnight = 1_795_392_000 - 32_400
    static let sun = SunSchedule(sunrise: midnight + 6 * 3600 + 1800, sunset: midnight + 17 * 3600, utcOffset: 32_400)
    static let ranges: [(low: Double, high: Double)] = [(4, 12), (6, 16), (2, 9)]
    static let curve = TemperatureCurve(firstDay: sun.day(of: midnight), ranges: ranges, sun: sun)

    static func value(day: Int, hour: Double) throws -> Double {
        try #require(curve.value(at: midnight + day * 86_400 + Int(hour * 3600)))
    }

    @Test func eachDayIsColdestAtSunriseAndWarmestAtThreeInTheAfternoon() throws {
        for (day, range) in Self.ranges.enumerated() {
            #expect(try Self.value(day: day, hour: 6.5) == range.low)
            #expect(try Self.value(day: day, hour: 15) == range.high)
        }
    }

    @Test func midnightSitsInsideBothDaysRanges() throws {
        for day in 1..<Self.ranges.count {
            let value = try Self.value(day: day, hour: 0)
            let before = Self.ranges[day - 1], after = Self.ranges[day]
            #expect(value > max(before.low, after.low) && value < min(before.high, after.high))
        }
    }

    @Test func itOnlyRisesFromSunriseToAfternoonAndOnlyFallsFromAfternoonToSunrise() throws {
        var previous = try Self.value(day: 0, hour: 6.5)
        for minutes in stride(from: 6 * 60 + 40, to: 2 * 1440 + 15 * 60, by: 10) {
            let hour = Double(minutes % 1440) / 60
            let value = try Self.value(day: minutes / 1440, hour: hour)
            if hour > 6.5 && hour <= 15 {
                #expect(value > previous, "\(minutes / 1440) \(hour)")
            } else {
                #expect(value < previous, "\(minutes / 1440) \(hour)")
            }
            previous = value
        }
    }

    @Test func beforeTheFirstPointAndAfterTheLastItHolds() throws {
        #expect(try Self.value(day: 0, hour: 1) == Self.ranges[0].low)
        #expect(try Self.value(day: 2, hour: 20) == Self.ranges[2].high)
    }
}
