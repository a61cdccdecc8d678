import Foundation
import Testing
@testable import WeatherCore

/// The one rule for wet slots, wet days, wet now and snow.
struct WetWeatherTests {
    static func current(code: Int, rain: Precipitation? = nil, snow: Precipitation? = nil) -> CurrentConditions {
        CurrentConditions(
            observedAt: Date(timeIntervalSince1970: 0), condition: Condition(code: code, main: "", description: "", isNight: false),
            temperature: 1, feelsLike: 1, humidity: 90, pressure: 1000, windSpeed: 1, rain: rain, snow: snow)
    }

    @Test func aSlotIsWetFromFortyPercentWithSomethingFalling() {
        #expect(WetWeather.isWet(InsightTests.slot(12, code: 804, pop: 0.4, mm: 0.2)))
        #expect(WetWeather.isWet(InsightTests.slot(12, code: 500, pop: 0.4)))
        #expect(WetWeather.isWet(InsightTests.slot(12, code: 500, pop: 0.39, mm: 3)))  // drawn as rain: wet at any chance
        #expect(!WetWeather.isWet(InsightTests.slot(12, code: 804, pop: 0.39, mm: 3)))
        #expect(!WetWeather.isWet(InsightTests.slot(12, code: 804, pop: 1)))
    }

    @Test func wetNowFromTheConditionOrTheLastHour() {
        #expect(WetWeather.isWetNow(Self.current(code: 501)))
        #expect(WetWeather.isWetNow(Self.current(code: 804, rain: Precipitation(millimetres: 0.3, hours: 1))))
        #expect(!WetWeather.isWetNow(Self.current(code: 804, rain: Precipitation(millimetres: 2, hours: 3))))  // earlier, not now
        #expect(!WetWeather.isWetNow(Self.current(code: 804, rain: Precipitation(millimetres: 0, hours: 1))))
    }

    @Test func snowNowFromTheAmountsBeforeTheCondition() {
        #expect(WetWeather.isSnowingNow(Self.current(code: 600)))
        #expect(WetWeather.isSnowingNow(Self.current(code: 804, snow: Precipitation(millimetres: 0.2, hours: 1))))
        #expect(!WetWeather.isSnowingNow(
            Self.current(code: 600, rain: Precipitation(millimetres: 0.5, hours: 1), snow: Precipitation(millimetres: 0.1, hours: 1))))
        #expect(!WetWeather.isSnowingNow(Self.current(code: 615)))  // rain and snow: sleet is not counted as snow
    }

    @Test func mostlySnowWeighsTheAmounts() {
        let snowy = InsightTests.slot(12, code: 804, pop: 0.9, mm: 3, snow: true)
        let rainy = InsightTests.slot(15, code: 500, pop: 0.9, mm: 1)
        #expect(WetWeather.isMostlySnow([snowy, rainy]))
        #expect(!WetWeather.isMostlySnow([InsightTests.slot(12, code: 600, pop: 0.9, mm: 0.5), InsightTests.slot(15, code: 500, pop: 0.9, mm: 2)]))
        #expect(WetWeather.isMostlySnow([InsightTests.slot(12, code: 601, pop: 0.9)]))  // a snow code with no amount
        #expect(!WetWeather.isMostlySnow([InsightTests.slot(12, code: 804)]))
    }

    @Test func spellsUseTheSameThresholdAsTheDays() {
        // Overcast with an amount: wet from a 40% chance. (A rain condition is wet at any chance.)
        let slots = [InsightTests.slot(12, code: 804, pop: 0.39, mm: 1), InsightTests.slot(15, code: 804, pop: 0.4, mm: 1)]
        #expect(WetSpell.find(in: slots).map(\.start) == [slots[1].time])
        let current = InsightTests.report([]).current
        let day = DailySummary.days(current: current, forecast: [slots[0]], zone: .fixed(0), count: 1)
        #expect(day.first?.isWet == false)
        #expect(DailySummary.days(current: current, forecast: slots, zone: .fixed(0), count: 1).first?.isWet == true)
        let drawnRain = [InsightTests.slot(12, code: 500, pop: 0.1, mm: 0.2)]
        #expect(WetSpell.find(in: drawnRain).count == 1)
        #expect(DailySummary.days(current: current, forecast: drawnRain, zone: .fixed(0), count: 1).first?.isWet == true)
    }
}
