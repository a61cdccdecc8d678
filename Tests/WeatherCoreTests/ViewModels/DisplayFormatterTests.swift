import Foundation
import Testing
import WeatherCLI  // the English words of a notice are the terminal's
@testable import WeatherCore
@testable import WeatherProviders
import WeatherCoreTesting

struct DisplayFormatterTests {

    @Test func currentViewInMetric() throws {
        let display = DisplayFormatter(options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: .english))
            .current(try TestData.report())
        #expect(display.place == "Testford, England, GB")
        #expect(display.observedAt == "Mon 23:30 (UTC+00:00)")
        #expect(display.temperature == "7°C")
        #expect(display.feelsLike == "5°C")
        #expect(display.wind == "17 km/h")
        #expect(display.windDirection == "SW")
        #expect(display.gusts == "41 km/h")
        #expect(display.visibility == "16 km")
        #expect(display.pressure == "1007 hPa")
        #expect(display.precipitation == "Rain 0.8 mm in the last hour")
        #expect(display.sunrise == "07:13")
        #expect(display.high != nil && display.low != nil)
        #expect(display.notice == nil)
    }

    @Test func currentViewInImperialWithTwelveHourClock() throws {
        let display = DisplayFormatter(options: DisplayOptions(units: .imperial, clock: .twelveHour, language: .english))
            .current(try TestData.report())
        #expect(display.temperature == "45°F")
        #expect(display.wind == "10 mph")
        #expect(display.pressure == "29.74 inHg")
        #expect(display.visibility == "10 mi")
        #expect(display.precipitation == "Rain 0.03 in in the last hour")
        #expect(display.observedAt == "Mon 11:30 PM (UTC+00:00)")
    }

    @Test func hourlyRowsStartWithNowAndMarkNewDays() throws {
        let display = DisplayFormatter(options: DisplayOptions(language: .english)).hourly(try TestData.report(), count: 8)
        let weather = display.rows.filter { $0.kind == .weather }
        #expect(weather.count == 9)
        #expect(display.hours == 24)
        #expect(weather[0].time == "Now")
        #expect(weather[0].precipitationChance == nil)
        #expect(weather[1].time == "00:00")
        #expect(weather[1].startsDay == "Tue")  // 23:30 Monday, then Tuesday's first slot
        #expect(weather[2].startsDay == nil)
        #expect(weather[5].precipitationAmount == "1.3 mm")
        #expect(weather[1].precipitationAmount == nil)
        #expect(weather[8].humidity == "100%")
        let all = DisplayFormatter(options: DisplayOptions(language: .english)).hourly(try TestData.report(), count: 99)
        // Now and 39 slots: the first of the 40 entries stands for the 3 hours before 00:00, which hold now.
        #expect(all.rows.filter { $0.kind == .weather }.count == 40)
    }

    @Test func sunriseAndSunsetRowsStandInTimeOrder() throws {
        let display = DisplayFormatter(options: DisplayOptions(language: .english)).hourly(try TestData.report(), count: 8)
        #expect(display.rows.map(\.kind).filter { $0 != .weather } == [.sunrise, .sunset])
        let times = display.rows.dropFirst().map(\.time)
        #expect(times == ["00:00", "03:00", "06:00", "07:13", "09:00", "12:00", "15:00", "16:06", "18:00", "21:00"])
        let days = DisplayFormatter(options: DisplayOptions(language: .english)).hourly(try TestData.report(), count: 16)
        #expect(days.rows.map(\.kind).filter { $0 != .weather } == [.sunrise, .sunset, .sunrise, .sunset])
    }

    @Test func dailyRowsStartWithToday() throws {
        let display = DisplayFormatter(options: DisplayOptions(language: .english)).daily(try TestData.report())
        #expect(display.rows.map(\.day) == ["Today", "Tue", "Wed", "Thu", "Fri"])
    }

    @Test func weekdaysFollowTheLanguage() throws {
        let display = DisplayFormatter(options: DisplayOptions(language: .german)).daily(try TestData.report())
        #expect(display.rows[1].day.hasPrefix("Di"))
    }

    @Test func sampleAndStaleDataSaySo() throws {
        // 25 minutes after the fetch of TestData's observation (Mon 13 Nov 2023 23:30 UTC), fetched 100 s after it.
        let now = Date(timeIntervalSince1970: 1_699_919_800)
        let formatter = DisplayFormatter(options: DisplayOptions(), now: now)
        #expect(formatter.current(try TestData.report(source: .sample)).notice?.parts.map(\.words) == ["Sample data (offline mode): not real weather."])
        let stale = try TestData.report(source: .stale(fetchedAt: now.addingTimeInterval(-1500), reason: .timedOut(seconds: 10)))
        #expect(formatter.hourly(stale, count: 3).notice?.parts == [.stale(age: 1500, reason: .timedOut(seconds: 10), provider: .openWeather)])
        let refreshing = try TestData.report(source: .refreshing(fetchedAt: now.addingTimeInterval(-1500)))
        #expect(formatter.current(refreshing).notice?.parts.map(\.words) == ["From 25 minutes ago; updating…"])
    }

    /// Review session 3, item 1: an observation more than 3 hours older than the answer holding it (a stuck station, a
    /// caching proxy) is said to be, in the current view only, with its local date and time and no age (the words
    /// read the same on every day); not at 3 hours, not for sample data (marked already), whatever the copy's age.
    @Test func anObservationFarOlderThanItsFetchIsSaidToBe() throws {
        let observed = Date(timeIntervalSince1970: 1_699_918_200)  // TestData: Mon 13 Nov 2023 23:30 UTC
        let formatter = DisplayFormatter(options: DisplayOptions(clock: .twentyFourHour, language: .english), now: observed.addingTimeInterval(9 * 86_400))
        let old = try TestData.report(source: .live(fetchedAt: observed.addingTimeInterval(DisplayFormatter.oldObservationAge + 60)))
        let display = formatter.current(old)
        #expect(display.notice?.parts == [.oldObservation(at: LocalTime(observed, utcOffset: 0), time: "23:30")])
        #expect(display.notice?.words == "Observed on Mon 13 Nov 2023 at 23:30: not the weather now.")
        // The forecasts' views say nothing of the observation.
        #expect(formatter.hourly(old, count: 3).notice == nil)
        #expect(formatter.daily(old).notice == nil)
        // At 3 hours, and for a copy fetched soon after its observation however old the copy is now: nothing.
        let threeHours = try TestData.report(source: .live(fetchedAt: observed.addingTimeInterval(DisplayFormatter.oldObservationAge)))
        #expect(formatter.current(threeHours).notice == nil)
        let copy = try TestData.report(source: .copy(fetchedAt: observed.addingTimeInterval(100)))
        #expect(formatter.current(copy).notice?.parts.contains { if case .oldObservation = $0 { true } else { false } } == false)
        // A stale copy of an old observation says both, the copy's age first.
        let stale = try TestData.report(source: .stale(fetchedAt: observed.addingTimeInterval(86_400), reason: .timedOut(seconds: 10)))
        let parts = try #require(formatter.current(stale).notice?.parts)
        #expect(parts.count == 2 && parts.last == .oldObservation(at: LocalTime(observed, utcOffset: 0), time: "23:30"))
        // Sample data, whatever its clock: only the sample notice.
        #expect(formatter.current(try TestData.report(source: .sample)).notice?.parts == [.sample])
    }

    @Test func minusZeroIsNeverShown() throws {
        var report = try TestData.report()
        report.current.temperature = -0.08
        report.current.feelsLike = -0.4
        let display = DisplayFormatter(options: DisplayOptions()).current(report)
        #expect(display.temperature == "0°C")
        #expect(display.feelsLike == "0°C")
    }
}
