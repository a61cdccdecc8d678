import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct SunScheduleTests {
    /// Kathmandu (UTC+5:45) on 2026-11-23: sunrise 06:45, sunset 17:15 local.
    static let midnight = 1_795_392_000 - 20_700
    static let kathmandu = SunSchedule(sunrise: midnight + 6 * 3600 + 2700, sunset: midnight + 17 * 3600 + 900, utcOffset: 20_700)

    @Test func localDaysTurnAtLocalMidnight() {
        let today = Self.kathmandu.day(of: Self.midnight)
        #expect(Self.kathmandu.day(of: Self.midnight - 1) == today - 1)
        #expect(Self.kathmandu.day(of: Self.midnight + 86_399) == today)
        #expect(Self.kathmandu.midnight(startingDay: today) == Self.midnight)
        // West of Greenwich and before 1970, days still turn at midnight (division rounds down, not towards zero).
        #expect(SunSchedule.day(of: 3 * 3600, utcOffset: -5 * 3600) == -1)
        #expect(SunSchedule.day(of: -1, utcOffset: 0) == -1)
        #expect(SunSchedule.floorDivision(-86_400, 86_400) == -1)
    }

    @Test func nightRunsFromSunsetToSunriseOnEveryDay() {
        let sun = Self.kathmandu
        for days in [-1, 0, 1, 4] {
            let rise = sun.sunrise + days * 86_400, set = sun.sunset + days * 86_400
            #expect(sun.sunrise(onDay: sun.day(of: rise)) == rise)
            #expect(sun.isNight(at: rise - 1))
            #expect(!sun.isNight(at: rise))
            #expect(!sun.isNight(at: set - 1))
            #expect(sun.isNight(at: set))
            #expect(sun.isNight(at: Self.midnight + days * 86_400 + 86_399))
        }
    }
}
