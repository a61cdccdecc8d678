import Foundation
import WeatherCoreTesting
import WeatherCLI  // the English words of a notice are the terminal's
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// What the views make of what only some providers have: 1-hour steps and their own daily figures.
struct ProviderViewTests {
    static let formatter = DisplayFormatter(
        options: DisplayOptions(language: .english), now: Date(timeIntervalSince1970: 1_699_918_300))

    /// 1-hour steps from the hour after the observation, 1 °C warmer each hour.
    static func hours(after report: WeatherReport, count: Int) -> [ForecastSlot] {
        let start = (report.current.observedAt.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        return (1...count).map { hour in
            var slot = report.forecast[0]
            slot.time = Date(timeIntervalSince1970: start + Double(hour) * 3600)
            slot.temperature = Double(hour)
            slot.hours = 1
            return slot
        }
    }

    @Test func hourByHourShowsTheProvidersHours() throws {
        var report = try TestData.report()
        report.provider = .openMeteo
        report.hourly = Self.hours(after: report, count: 30)
        let display = Self.formatter.hourly(report, count: 5, hourByHour: true)
        let weather = display.rows.filter { $0.kind == .weather }
        #expect(weather.map(\.temperature) == [weather[0].temperature, "1°C", "2°C", "3°C", "4°C", "5°C"])
        #expect(display.hours == 5)
        #expect(display.notice == nil)
    }

    /// Hours asked of a provider with 3-hour steps only: the same hours in 3-hour rows, never three times as many.
    @Test func hourByHourWithoutHoursSaysSoAndShowsTheSameHoursInThreeHourSteps() throws {
        let report = try TestData.report()
        let day = Self.formatter.hourly(report, count: 24, hourByHour: true)
        #expect(day.rows.filter { $0.kind == .weather }.count == 1 + 8)  // "Now" and 8 rows
        #expect(day.hours == 24)
        #expect(day.rows.filter { $0.kind == .weather }.dropFirst().map(\.time)
            == Self.formatter.hourly(report, count: 8).rows.filter { $0.kind == .weather }.dropFirst().map(\.time))
        #expect(Self.formatter.hourly(report, count: 1, hourByHour: true).hours == 3)  // an hour is in one step
        let display = Self.formatter.hourly(report, count: 4, hourByHour: true)
        #expect(display.hours == 6)
        #expect(display.notice?.parts.map(\.words) == ["OpenWeather forecasts in 3-hour steps only: hour by hour needs Open-Meteo or MET Norway (:provider open-meteo)."])
    }

    @Test func theProvidersDailyHighsAndLowsWin() throws {
        var report = try TestData.report()
        let derived = Self.formatter.daily(report)
        let tomorrow = LocalTime(report.current.observedAt, report.zone).dayNumber + 1
        let midnight = report.zone.midnight(day: tomorrow)
        report.days = [DayForecast(date: midnight, high: 30, low: -3)]
        let daily = Self.formatter.daily(report)
        #expect(daily.rows[1].high == "30°C")
        #expect(daily.rows[1].low == "-3°C")
        #expect(daily.rows[0] == derived.rows[0])  // days the provider does not give stay as derived
    }

    @Test func threeHourStepsFromHours() {
        let start = Date(timeIntervalSince1970: 1_699_920_000)  // 00:00 UTC, a 3-hour boundary
        let rain = Condition(code: 501, main: "Rain", description: "moderate rain", isNight: true)
        let clear = Condition(code: 800, main: "Clear", description: "clear sky", isNight: true)
        let hours = (-1..<6).map { (hour: Int) -> ForecastSlot in
            let wet = hour == 1
            return ForecastSlot(
                time: start.addingTimeInterval(Double(hour) * 3600), condition: wet ? rain : clear,
                temperature: Double(hour), humidity: 80, windSpeed: 2, precipitationProbability: wet ? 0.7 : 0.1,
                precipitation: wet ? 1.5 : 0.2)
        }
        let steps = ThreeHourSteps.from(hours)
        // The hour before 00:00 is a 1-hour first step (the block it is in has no other hour here).
        #expect(steps.map { $0.time } == [start.addingTimeInterval(-3600), start, start.addingTimeInterval(10_800)])
        #expect(steps.map(\.hours) == [1, 3, 3])
        #expect(steps[1].temperature == 0)
        #expect(steps[1].condition == rain)  // the most severe of the three hours
        #expect(steps[1].precipitationProbability == 0.7)
        #expect(abs((steps[1].precipitation ?? 0) - 1.9) < 1e-9)
    }
}
