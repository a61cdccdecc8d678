import Foundation
import Testing
@testable import WeatherCore
@testable import WeatherProviders
import WeatherCoreTesting

struct DailySummaryTests {
    static func condition(_ code: Int) -> Condition {
        Condition(code: code, main: "", description: "code \(code)", isNight: false)
    }

    static func slot(_ t: Int, _ temp: Double, code: Int = 800, pop: Double = 0, mm: Double? = nil, snow: Bool = false) -> ForecastSlot {
        ForecastSlot(time: Date(timeIntervalSince1970: Double(t)), condition: condition(code), temperature: temp, humidity: 50,
            windSpeed: 1, precipitationProbability: pop, precipitation: mm, isSnow: snow)
    }

    static func current(_ t: Int, _ temp: Double) -> CurrentConditions {
        CurrentConditions(observedAt: Date(timeIntervalSince1970: Double(t)), condition: condition(800), temperature: temp,
            feelsLike: temp, humidity: 50, pressure: 1000, windSpeed: 1)
    }

    /// 2023-11-14 00:00 UTC.
    static let midnightUTC = 1_699_920_000

    /// Issue 22's review: at UTC+1 the 3-hour step from 21:00 UTC is 22:00–01:00 local. Its amount was all Tuesday's;
    /// now the provider's hours give each day its own (1 + 1 to Tuesday, 1.5 to Wednesday), and without hours the
    /// step's amount is shared by its hours on each side of midnight.
    @Test func aStepRunningPastMidnightGivesEachDayItsOwnAmount() {
        let base = Self.midnightUTC
        let step = [Self.slot(base + 21 * 3600, 5, code: 500, pop: 0.9, mm: 3.5), Self.slot(base + 24 * 3600, 4, mm: 0)]
        var hours = [1.0, 1.0, 1.5].enumerated().map { index, mm in Self.slot(base + (21 + index) * 3600, 5, code: 500, pop: 0.9, mm: mm) }
        for index in hours.indices { hours[index].hours = 1 }
        let current = Self.current(base + 20 * 3600, 6)
        let exact = DailySummary.days(current: current, forecast: step, zone: .fixed(3600), count: 2, hourly: hours)
        #expect(exact.map(\.precipitation) == [2, 1.5])
        let shared = DailySummary.days(current: current, forecast: step, zone: .fixed(3600), count: 2)
        #expect(shared.map { (($0.precipitation ?? 0) * 100).rounded() / 100 } == [2.33, 1.17])
        #expect(shared.allSatisfy { $0.isWet })  // the step's rain drawing is each part's
    }

    /// Issue 22's review: a day none of whose steps gives an amount has none (null in --json), not 0 mm.
    @Test func aDayWithNoAmountGivenHasNone() {
        let base = Self.midnightUTC
        let slots = [Self.slot(base + 15 * 3600, 20, code: 520, pop: 0.4), Self.slot(base + 18 * 3600, 18, pop: 0.1, mm: nil)]
        let days = DailySummary.days(current: Self.current(base + 12 * 3600, 21), forecast: slots, zone: .fixed(0), count: 1)
        #expect(days.first?.precipitation == nil)
        #expect(days.first?.isWet == true)  // the showers are drawn all the same
    }

    @Test func slotsAreGroupedByTheCitysLocalDayNotUTC() {
        // At UTC+5:45, 18:00 UTC is 23:45 local (still the 14th); 21:00 UTC is 02:45 on the 15th.
        let offset = 20_700
        let base = Self.midnightUTC
        let slots = [Self.slot(base + 18 * 3600, 10), Self.slot(base + 21 * 3600, 2), Self.slot(base + 24 * 3600, 4)]
        let days = DailySummary.days(current: Self.current(base + 12 * 3600, 12), forecast: slots, zone: .fixed(offset))
        #expect(days.count == 2)
        #expect(days[0].high == 12)  // the current reading counts for today
        #expect(days[0].low == 10)
        #expect(days[1].high == 4)
        #expect(days[1].low == 2)
        #expect(days[1].weekday == 3)  // Wednesday
    }

    @Test func negativeOffsetMovesEarlyUTCSlotsToTheDayBefore() {
        let offset = -18_000  // New York: 03:00 UTC on the 15th is 22:00 on the 14th
        let base = Self.midnightUTC
        let days = DailySummary.days(
            current: Self.current(base + 20 * 3600, 5), forecast: [Self.slot(base + 27 * 3600, 1)], zone: .fixed(offset))
        #expect(days.count == 1)
        #expect(days[0].low == 1)
    }

    @Test func dominantDaytimeConditionWithSeverityBreakingTies() {
        let base = Self.midnightUTC + 86_400  // tomorrow, UTC+0
        let slots = [
            Self.slot(base + 0 * 3600, 1, code: 600),  // night snow: not daytime
            Self.slot(base + 3 * 3600, 1, code: 600),
            Self.slot(base + 6 * 3600, 5, code: 800),
            Self.slot(base + 9 * 3600, 8, code: 500, pop: 0.7),
            Self.slot(base + 12 * 3600, 9, code: 800),
            Self.slot(base + 15 * 3600, 7, code: 500, pop: 0.4),
            Self.slot(base + 18 * 3600, 4, code: 804),
        ]
        let days = DailySummary.days(current: Self.current(Self.midnightUTC + 23 * 3600, 3), forecast: slots, zone: .fixed(0))
        let tomorrow = days[1]
        #expect(tomorrow.condition.code == 500)  // rain and clear tie at two daytime slots each; rain is more severe
        #expect(tomorrow.high == 9)
        #expect(tomorrow.low == 1)
        #expect(tomorrow.precipitationProbability == 0.7)
    }

    @Test func fiveDaysFromAFullForecastStartingToday() throws {
        let (slots, _) = try ResponseDecoding.forecast(TestData.forecast)
        let (current, offset) = try ResponseDecoding.current(TestData.current)
        let days = DailySummary.days(current: current, forecast: slots, zone: .fixed(offset))
        #expect(days.count == 5)
        #expect(days.map(\.dayNumber) == Array(days[0].dayNumber..<(days[0].dayNumber + 5)))
        #expect(days[0].dayNumber == LocalTime(current.observedAt, utcOffset: offset).dayNumber)
        for day in days { #expect(day.low <= day.high) }
    }

    /// Tomorrow (UTC) in 3-hour slots from 00:00, each overcast unless `wet` gives it another slot.
    static func tomorrow(_ wet: [Int: (code: Int, pop: Double, mm: Double?, snow: Bool)]) -> [DailySummary] {
        let base = midnightUTC + 86_400
        let slots = (0..<8).map { i in
            let w = wet[i * 3]
            return slot(base + i * 3 * 3600, -2, code: w?.code ?? 804, pop: w?.pop ?? 0.1, mm: w?.mm, snow: w?.snow ?? false)
        }
        return days(slots)
    }

    static func days(_ slots: [ForecastSlot]) -> [DailySummary] {
        DailySummary.days(current: current(midnightUTC + 23 * 3600, -3), forecast: slots, zone: .fixed(0))
    }

    @Test func aLikelySnowyDayUnderOvercastSlotsReadsAsSnow() {
        // Reykjavík: daytime slots overcast, the snow falling at night under a snow code.
        let night = Self.tomorrow([0: (601, 0.9, 1.8, true), 3: (601, 0.9, 1.8, true), 21: (600, 0.9, 1.8, true)])
        #expect(night[1].condition.code == 601)
        #expect(night[1].condition.description == "code 601")
        // No slot has a wet code: the condition comes from the day's amount and kind.
        let overcast = Self.tomorrow([9: (804, 0.9, 1.8, true), 12: (804, 0.9, 1.8, true), 15: (804, 0.9, 1.8, true)])
        #expect(overcast[1].condition.code == 601)
        #expect(overcast[1].condition.description == "snow")
        #expect(overcast[1].precipitation == 5.4)
        #expect(overcast[1].isSnow)
        #expect(!overcast[0].isSnow)  // today: nothing falls
    }

    @Test func aDayIsSnowyWhenMostOfItsPrecipitationIsSnow() {
        let mixed = Self.tomorrow([9: (600, 0.9, 0.5, true), 12: (500, 0.9, 2, false), 15: (601, 0.9, 1, true)])
        #expect(!mixed[1].isSnow)  // 1.5 mm of snow, 2 mm of rain
        #expect(mixed[1].condition.code == 500)  // the rain's condition, though snow codes are as frequent
        let snowy = Self.tomorrow([9: (600, 0.9, 2, true), 12: (500, 0.9, 1, false), 15: (601, 0.9, 1, true)])
        #expect(snowy[1].isSnow)
        #expect(snowy[1].condition.group == .snow)
    }

    @Test func aConditionBuiltFromTheAmountFollowsItsSize() {
        #expect(Self.tomorrow([12: (804, 0.6, 1, true)])[1].condition.description == "light snow")
        #expect(Self.tomorrow([9: (804, 0.6, 6, true), 12: (804, 0.6, 6, true)])[1].condition.description == "heavy snow")
        #expect(Self.tomorrow([12: (804, 0.6, 2, false)])[1].condition.code == 500)
        #expect(Self.tomorrow([9: (803, 0.6, 5, false), 12: (803, 0.6, 5, false)])[1].condition.code == 501)
        #expect(Self.tomorrow([9: (804, 0.6, 15, false), 12: (804, 0.6, 15, false)])[1].condition.description == "heavy intensity rain")
    }

    @Test func anUnlikelyOrEmptyDayKeepsItsDaytimeCondition() {
        #expect(Self.tomorrow([12: (804, 0.3, 2, true)])[1].condition.code == 804)  // below the 40% a wet slot needs
        #expect(Self.tomorrow([12: (804, 0.9, nil, false)])[1].condition.code == 804)  // likely, but nothing falls
    }
}
