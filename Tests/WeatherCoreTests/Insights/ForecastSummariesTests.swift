import Foundation
import Testing
@testable import WeatherCore

/// The summary lines and `:rain` start from now: what is falling at the observation, then the slots ahead.
struct ForecastSummariesTests {
    let formatter = DisplayFormatter(options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: .english))

    /// A report observed at 13:00 UTC on Tuesday 2023-11-14, in UTC, with the current condition `code` and the last
    /// hour's rain and snow in mm.
    static func report(_ slots: [ForecastSlot], code: Int = 803, rain: Double? = nil, snow: Double? = nil, temp: Double = 9) -> WeatherReport {
        var report = InsightTests.report(slots, temp: temp)
        report.current.observedAt = Date(timeIntervalSince1970: Double(InsightTests.midnight + 13 * 3600))
        report.current.condition = Condition(code: code, main: "", description: "c\(code)", isNight: false)
        report.current.rain = rain.map { Precipitation(millimetres: $0, hours: 1) }
        report.current.snow = snow.map { Precipitation(millimetres: $0, hours: 1) }
        return report
    }

    static func slot(_ hour: Int, _ temp: Double = 10, code: Int = 800, pop: Double = 0, mm: Double? = nil, snow: Bool = false) -> ForecastSlot {
        InsightTests.slot(hour, temp, code: code, pop: pop, mm: mm, snow: snow)
    }

    /// Three dry slots from 15:00, between 4° and 13°.
    static let drySlots = [slot(15, 8), slot(18, 13), slot(21, 4)]

    func summary(_ report: WeatherReport) -> String { formatter.hourly(report, count: 8).summary }

    /// Kathmandu's case (issue 22): light showers every afternoon at a 25% chance. The rows draw rain, so the 5-day
    /// summary cannot call the week dry: it says rain is possible, and every day's row draws it.
    @Test func daysWhoseRowsDrawRainAreNeverCalledDry() {
        let slots = (0..<5).flatMap { d in [Self.slot(15 + 24 * d, 29, code: 520, pop: 0.25, mm: 0.3), Self.slot(18 + 24 * d, 25)] }
        let report = Self.report(slots)
        let days = DailySummary.days(current: report.current, forecast: slots, zone: .fixed(0), count: 5)
        #expect(days.count == 5)
        #expect(days.allSatisfy { $0.isWet && $0.condition.group.isWet })
        #expect(formatter.summaries.dailySummary(days) == "Rain possible today, Wed, Thu, Fri and Sat, highs 29°.")
        // At 60% or more it is rain, no longer "possible".
        let likely = slots.map { var s = $0; if s.precipitation != nil { s.precipitationProbability = 0.6 }; return s }
        let sure = DailySummary.days(current: report.current, forecast: likely, zone: .fixed(0), count: 5)
        #expect(formatter.summaries.dailySummary(sure) == "Rain today, Wed, Thu, Fri and Sat, highs 29°.")
    }

    /// London's case (issue 22): raining now, today's coming steps dry, rain on two later days. Today is a rain day.
    @Test func rainingNowMakesTodayARainDay() {
        let slots = [Self.slot(15, 9), Self.slot(18, 8), Self.slot(39, 8, code: 500, pop: 0.9, mm: 2), Self.slot(63, 8, code: 500, pop: 0.9, mm: 2)]
        let report = Self.report(slots, code: 501, rain: 0.8)
        let days = DailySummary.days(current: report.current, forecast: slots, zone: .fixed(0), count: 3)
        #expect(days.first?.condition.group.isWet == true)  // the row draws the rain falling now
        #expect(formatter.summaries.dailySummary(days) == "Rain today, Wed and Thu, highs 8–9°.")
    }

    /// Review session 3, item 7: raining now, today's coming steps dry at 0%. Today's row draws the rain falling now,
    /// so it must not say a 0% chance: the chance of its wet hours is not known ("–", null), as with a wet step whose
    /// chance is 0%; a day whose wet steps give one keeps it.
    @Test func aDayDrawnWetNeverSaysNoChance() {
        let slots = [Self.slot(15, 9), Self.slot(18, 8), Self.slot(39, 8, code: 500, pop: 0.9, mm: 2), Self.slot(63, 8, code: 500, pop: 0, mm: 2)]
        let report = Self.report(slots, code: 501, rain: 0.8)
        let days = DailySummary.days(current: report.current, forecast: slots, zone: .fixed(0), count: 3)
        #expect(days.map(\.isWet) == [true, true, true])
        #expect(days.map(\.precipitationProbability) == [nil, 0.9, nil])
        let rows = formatter.daily(report).rows
        #expect(rows.prefix(3).map(\.precipitationChance) == ["–", "90%", "–"])
        // Dry now and dry today: 0% is the truth and is said.
        let dry = DailySummary.days(current: Self.report(slots).current, forecast: slots, zone: .fixed(0), count: 1)
        #expect(dry.first?.isWet == false && dry.first?.precipitationProbability == 0)
    }

    /// Issue 22's review: at 13:00 the step 12:00–15:00 still holds two of its three hours of rain; "more" counts them.
    @Test func theRainStillToFallCountsTheRestOfTheStepHoldingNow() {
        let slots = [Self.slot(12, 9, code: 500, pop: 0.9, mm: 3), Self.slot(15, 9, code: 500, pop: 0.9, mm: 1.5), Self.slot(18, 8)]
        let report = Self.report(slots, code: 500, rain: 0.5)
        #expect(formatter.rainOutlook(report) == "Raining now until about 18:00, about 3.5 mm more (90% chance).")
    }

    @Test func rangesAreWrittenAsTheTablesWriteTheirUnits() {
        let kelvin = ForecastSummaries(options: DisplayOptions(units: .standard, language: .english))
        #expect(kelvin.temperatureRange(13, 14) == "286–287 K")
        #expect(kelvin.temperatureRange(13, 13) == "286 K")
        let metric = ForecastSummaries(options: DisplayOptions(units: .metric, language: .english))
        #expect(metric.temperatureRange(4, 13) == "4–13°")
        #expect(metric.temperatureRange(-4, -2) == "-4 to -2°")
    }

    /// At night the rest of today is a slot or two: the current view gives the next 24 hours' range, named so.
    @Test func theCurrentViewsRangeIsTheNext24HoursUnlessTheProviderGivesTheDay() throws {
        let late = Self.report([Self.slot(15, 8), Self.slot(18, 13), Self.slot(21, 4), Self.slot(33, 20), Self.slot(39, 30)], temp: 9)
        let display = formatter.current(late)
        #expect(display.highLowLabel == "24 h high / low")
        #expect(display.high == "20°C")  // 39:00 is beyond the 24 hours
        #expect(display.low == "4°C")
        var day = late
        let midnight = Date(timeIntervalSince1970: Double(InsightTests.midnight))
        day.days = [DayForecast(date: midnight, high: 15, low: 2)]
        #expect(formatter.current(day).highLowLabel == "High / low")
        #expect(formatter.current(day).high == "15°C")
    }

    @Test func rainingNowWithDrySlotsSaysWhenItDries() {
        let report = Self.report(Self.drySlots, code: 501, rain: 1.2)
        #expect(summary(report) == "Raining now, dry from 15:00; 4–13°.")
        #expect(formatter.rainOutlook(report) == "Raining now; dry from 15:00.")
    }

    @Test func rainInTheLastHourCountsAsRainingNowUnderAnyCondition() {
        let report = Self.report(Self.drySlots, code: 804, rain: 0.4)
        #expect(summary(report) == "Raining now, dry from 15:00; 4–13°.")
        let earlier = Self.report(Self.drySlots, code: 804)
        #expect(summary(earlier) == "Dry for the next 9 hours, 4–13°.")
    }

    @Test func rainingNowWithWetFirstSlotsSaysWhenItStops() {
        let report = Self.report([Self.slot(15, 8, code: 500, pop: 0.9, mm: 2.4), Self.slot(18, 13), Self.slot(21, 4)], code: 500, rain: 0.8)
        #expect(summary(report) == "Raining now until about 18:00, then dry; 4–13°.")
        #expect(formatter.rainOutlook(report) == "Raining now until about 18:00, about 2.4 mm more (90% chance).")
    }

    @Test func rainingNowThroughoutTheWindow() {
        let slots = (0..<8).map { Self.slot(15 + $0 * 3, 4 + Double($0), code: 501, pop: 0.8, mm: 1.1) }
        let report = Self.report(slots, code: 501, rain: 1)
        #expect(summary(report) == "Raining now and throughout the next 24 hours; 4–11°.")
        #expect(formatter.rainOutlook(report) == "Raining now and for the next 24 hours, about 8.8 mm more (80% chance).")
    }

    @Test func rainingNowThenDryThenRainAgain() {
        let slots = [Self.slot(15, 8), Self.slot(18, 13, code: 500, pop: 0.7, mm: 1.2), Self.slot(21, 4), Self.slot(24, 5)]
        let report = Self.report(slots, code: 500, rain: 0.5)
        #expect(summary(report) == "Raining now, dry from 15:00, rain again from 18:00 to 21:00; 4–13°.")
        #expect(formatter.rainOutlook(report) == "Raining now; dry from 15:00, then rain likely today 18:00–21:00, about 1.2 mm (70% chance).")
        let snowLater = Self.report([Self.slot(15, 8), Self.slot(27, 1, code: 600, pop: 0.9, mm: 1.5, snow: true)], code: 500, rain: 0.5)
        #expect(summary(snowLater) == "Raining now, dry from 15:00, snow from Wed 03:00; 1–9°.")
        #expect(formatter.rainOutlook(snowLater) == "Raining now; dry from 15:00, then snow likely Wed 03:00–06:00, about 1.5 mm (90% chance).")
    }

    @Test func rainTurningToSnowSaysSo() {
        let slots = [Self.slot(15, 1, code: 600, pop: 0.9, mm: 1.5, snow: true), Self.slot(18, 0), Self.slot(21, -1)]
        let report = Self.report(slots, code: 500, rain: 0.5, temp: 2)
        #expect(summary(report) == "Raining now, turning to snow until about 18:00, then dry; -1 to 2°.")
        #expect(formatter.rainOutlook(report) == "Raining now, turning to snow until about 18:00, about 1.5 mm more (90% chance).")
    }

    @Test func dryNowWithRainLaterNamesTheSpell() {
        let slots = [Self.slot(15, 8, code: 500, pop: 0.8, mm: 1), Self.slot(18, 13, code: 500, pop: 0.9, mm: 1.4), Self.slot(21, 4)]
        let report = Self.report(slots)
        #expect(summary(report) == "Rain from 15:00 to 21:00, then dry; 4–13°.")
        #expect(formatter.rainOutlook(report) == "Rain likely today 15:00–21:00, about 2.4 mm (90% chance).")
    }

    @Test func snowingNow() {
        let slots = [Self.slot(15, -2, code: 600, pop: 0.8, mm: 1.5, snow: true), Self.slot(18, -1), Self.slot(21, -4)]
        let report = Self.report(slots, code: 600, snow: 0.3, temp: -3)
        #expect(summary(report) == "Snowing now until about 18:00, then dry; -4 to -1°.")
        #expect(formatter.rainOutlook(report) == "Snowing now until about 18:00, about 1.5 mm more (80% chance).")
        let overcast = Self.report(Self.drySlots, code: 804, snow: 0.2)
        #expect(summary(overcast) == "Snowing now, dry from 15:00; 4–13°.")
        #expect(formatter.rainOutlook(overcast) == "Snowing now; dry from 15:00.")
    }

    @Test func snowInTheSlotsIsSnowWhateverTheConditionCode() {
        // Overcast slots whose precipitation is snow, as OpenWeather sends for Reykjavík.
        let slots = [Self.slot(15, -2), Self.slot(18, -2, code: 804, pop: 0.9, mm: 1.8, snow: true), Self.slot(21, -3)]
        let report = Self.report(slots, temp: -1)
        #expect(summary(report) == "Snow from 18:00 to 21:00, then dry; -3 to -1°.")
        #expect(formatter.rainOutlook(report) == "Snow likely today 18:00–21:00, about 1.8 mm (90% chance).")
    }

    @Test func theSummaryAndRainAgreeOnWhatIsWet() {
        let unlikely = Self.report([Self.slot(15, 8, code: 804, pop: 0.35, mm: 1), Self.slot(18, 13), Self.slot(21, 4)])
        #expect(summary(unlikely) == "Dry for the next 9 hours, 4–13°.")
        #expect(formatter.rainOutlook(unlikely) == "No rain or snow expected in the next 9 hours.")
        // A row that draws rain is never called dry, whatever its chance; under 60% it is "possible".
        let drawn = Self.report([Self.slot(15, 8, code: 500, pop: 0.35, mm: 1), Self.slot(18, 13), Self.slot(21, 4)])
        #expect(summary(drawn) == "Rain possible from 15:00 to 18:00, then dry; 4–13°.")
        #expect(formatter.rainOutlook(drawn) == "Rain possible today 15:00–18:00, about 1 mm (35% chance).")
        let possible = Self.report([Self.slot(15, 8, code: 500, pop: 0.4, mm: 1.2), Self.slot(18, 13), Self.slot(21, 4)])
        #expect(summary(possible) == "Rain possible from 15:00 to 18:00, then dry; 4–13°.")
        let likely = Self.report([Self.slot(15, 8, code: 500, pop: 0.6, mm: 1.2), Self.slot(18, 13), Self.slot(21, 4)])
        #expect(summary(likely) == "Rain from 15:00 to 18:00, then dry; 4–13°.")
        #expect(formatter.rainOutlook(possible) == "Rain possible today 15:00–18:00, about 1.2 mm (40% chance).")
    }

    @Test func theFiveDaySummarySaysSnowWhenTheDaysSnow() {
        // Wednesday's slots are overcast, but 90% likely to bring 1.8 mm of snow each in the afternoon.
        let slots = (0..<40).map { i in
            (8..<11).contains(i)
                ? Self.slot(12 + i * 3, -2, code: 804, pop: 0.9, mm: 1.8, snow: true) : Self.slot(12 + i * 3, -2, code: 804)
        }
        let daily = formatter.daily(InsightTests.report(slots, temp: -3))
        #expect(daily.summary == "Snow on Wed, highs -2°.")
        #expect(daily.rows[1].condition == "snow")
        #expect(daily.rows[1].conditionGroup == .snow)
        #expect(daily.rows[2].condition == "c804")
    }

    @Test func theFiveDaySummaryNamesRainAndSnowApart() {
        let slots = (0..<40).map { i in
            switch i {
            case 0: Self.slot(12, 1, code: 600, pop: 0.8, mm: 1, snow: true)
            case 8: Self.slot(12 + i * 3, 6, code: 500, pop: 0.8, mm: 2)
            case 16: Self.slot(12 + i * 3, 1, code: 601, pop: 0.9, mm: 3, snow: true)
            default: Self.slot(12 + i * 3, 6)
            }
        }
        #expect(formatter.daily(InsightTests.report(slots, temp: 1)).summary == "Snow today and Thu, rain on Wed, highs 6°.")
    }
}
