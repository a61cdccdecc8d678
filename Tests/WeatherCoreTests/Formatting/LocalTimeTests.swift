import Foundation
import Testing
@testable import WeatherCore

struct LocalTimeTests {
    /// 2023-11-14 22:30:00 UTC, a Tuesday.
    let moment = Date(timeIntervalSince1970: 1_700_001_000)

    @Test(arguments: [
        (20_700, "04:15", 15, 3),  // Kathmandu +5:45: Wednesday 04:15
        (-12_600, "19:00", 14, 2),  // Newfoundland -3:30: Tuesday 19:00
        (50_400, "12:30", 15, 3),  // Kiribati +14:00: Wednesday 12:30
        (-43_200, "10:30", 14, 2),  // Baker Island -12:00: Tuesday 10:30
        (0, "22:30", 14, 2),
    ])
    func localClockAtOffsets(offset: Int, clock: String, day: Int, weekday: Int) {
        let local = LocalTime(moment, utcOffset: offset)
        #expect(local.clockTime(.twentyFourHour) == clock)
        #expect(local.day == day)
        #expect(local.month == 11)
        #expect(local.year == 2023)
        #expect(local.weekday == weekday)
    }

    @Test func twelveHourClock() {
        func twelve(_ hour: Int, _ minute: Int) -> String {
            LocalTime(Date(timeIntervalSince1970: Double(hour * 3600 + minute * 60)), utcOffset: 0).clockTime(.twelveHour)
        }
        #expect(twelve(0, 0) == "12 AM")
        #expect(twelve(12, 0) == "12 PM")
        #expect(twelve(15, 0) == "3 PM")
        #expect(twelve(9, 5) == "9:05 AM")
        #expect(twelve(23, 45) == "11:45 PM")
    }

    @Test func datesBeforeTheEpochAndLeapDays() {
        let leap = LocalTime(Date(timeIntervalSince1970: 951_782_400), utcOffset: 0)  // 2000-02-29
        #expect((leap.year, leap.month, leap.day) == (2000, 2, 29))
        let before = LocalTime(Date(timeIntervalSince1970: -1), utcOffset: 0)  // 1969-12-31 23:59:59, a Wednesday
        #expect((before.year, before.month, before.day, before.hour, before.weekday) == (1969, 12, 31, 23, 3))
    }

    @Test func offsetNames() {
        #expect(LocalTime.offsetName(20_700) == "UTC+05:45")
        #expect(LocalTime.offsetName(-12_600) == "UTC-03:30")
        #expect(LocalTime.offsetName(0) == "UTC+00:00")
    }
}
