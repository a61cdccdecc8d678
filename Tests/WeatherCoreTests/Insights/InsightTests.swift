import Foundation
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// The rules behind the summary lines, `:rain` and "did you mean".
struct InsightTests {
    /// 2023-11-14 00:00 UTC, a Tuesday.
    static let midnight = 1_699_920_000
    let english = DisplayOptions(units: .metric, clock: .twentyFourHour, language: .english)

    static func slot(_ hour: Int, _ temp: Double = 10, code: Int = 800, pop: Double = 0, mm: Double? = nil, snow: Bool = false) -> ForecastSlot {
        ForecastSlot(
            time: Date(timeIntervalSince1970: Double(midnight + hour * 3600)),
            condition: Condition(code: code, main: "", description: "c\(code)", isNight: false), temperature: temp, humidity: 80,
            windSpeed: 2, precipitationProbability: pop, precipitation: mm, isSnow: snow)
    }

    /// A report observed at 11:00 UTC on the Tuesday, in UTC.
    static func report(_ slots: [ForecastSlot], temp: Double = 9) -> WeatherReport {
        let current = CurrentConditions(
            observedAt: Date(timeIntervalSince1970: Double(midnight + 11 * 3600)),
            condition: Condition(code: 803, main: "", description: "clouds", isNight: false), temperature: temp, feelsLike: temp,
            humidity: 70, pressure: 1010, windSpeed: 3)
        return WeatherReport(place: Place(name: "T", latitude: 0, longitude: 0), current: current, forecast: slots, zone: .fixed(0), source: .sample, provider: .openWeather)
    }

    @Test func wetSpellsJoinConsecutiveWetSlots() {
        let slots = [Self.slot(12), Self.slot(15, code: 500, pop: 0.8, mm: 2), Self.slot(18, code: 501, pop: 0.9, mm: 3),
            Self.slot(21, pop: 0.9), Self.slot(24, code: 600, pop: 0.5, mm: 1, snow: true)]
        let spells = WetSpell.find(in: slots)
        #expect(spells.count == 2)
        #expect(spells[0].start == Self.slot(15).time)
        #expect(spells[0].end == Self.slot(21).time)
        #expect(spells[0].millimetres == 5)
        #expect(spells[0].probability == 0.9)
        #expect(!spells[0].isSnow)
        #expect(spells[1].isSnow)
    }

    @Test func aLowChanceUnderADryConditionIsNotASpell() {
        #expect(WetSpell.find(in: [Self.slot(12, code: 804, pop: 0.2, mm: 0.3)]).isEmpty)
        #expect(WetSpell.find(in: [Self.slot(12, code: 800, pop: 0.9)]).isEmpty)  // likely, but nothing falls
        // A row that draws rain is a spell whatever its chance: the summary cannot call it dry.
        #expect(WetSpell.find(in: [Self.slot(12, code: 500, pop: 0.2, mm: 0.3)]).first?.probability == 0.2)
    }

    @Test func hourlySummaries() {
        let f = DisplayFormatter(options: english)
        let dry = Self.report([Self.slot(12, 8), Self.slot(15, 13), Self.slot(18, 4)])
        #expect(f.hourly(dry, count: 8).summary == "Dry for the next 9 hours, 4–13°.")
        let evening = Self.report([Self.slot(12), Self.slot(15, code: 500, pop: 0.7, mm: 1), Self.slot(18, code: 500, pop: 0.7, mm: 1), Self.slot(21), Self.slot(24)])
        #expect(f.hourly(evening, count: 8).summary == "Rain from 15:00 to 21:00, then dry; 9–10°.")
        let afternoon = Self.report([Self.slot(12, code: 500, pop: 0.7, mm: 1), Self.slot(15), Self.slot(18)])
        #expect(f.hourly(afternoon, count: 8).summary == "Rain from 12:00 to 15:00, then dry; 9–10°.")  // clouds now: it has not started
        let late = Self.report([Self.slot(12), Self.slot(15), Self.slot(27, -1, code: 600, pop: 0.9, mm: 2, snow: true)], temp: -3)
        #expect(f.hourly(late, count: 8).summary == "Snow from Wed 03:00; -3 to 10°.")
        let twice = Self.report([Self.slot(12, code: 500, pop: 0.7, mm: 1), Self.slot(15), Self.slot(18, code: 500, pop: 0.7, mm: 1), Self.slot(21)])
        #expect(f.hourly(twice, count: 8).summary == "Rain from 12:00 to 15:00, again from 18:00; 9–10°.")
    }

    @Test func dailySummaries() {
        let f = DisplayFormatter(options: english)
        let dry = Self.report((0..<40).map { Self.slot(12 + $0 * 3, 10 + Double($0 % 8)) })
        #expect(f.daily(dry).summary == "Dry all week, highs 13–17°.")  // today's afternoon tops out at 13°
        let wet = Self.report((0..<40).map { i in
            i >= 8 && i < 10 ? Self.slot(12 + i * 3, 12, code: 500, pop: 0.8, mm: 2) : Self.slot(12 + i * 3, 12)
        })
        #expect(f.daily(wet).summary == "Rain on Wed, highs 12°.")
    }

    @Test func rainOutlook() {
        let f = DisplayFormatter(options: english)
        let dry = Self.report((0..<40).map { Self.slot(12 + $0 * 3) })
        #expect(f.rainOutlook(dry) == "No rain or snow expected in the next 5 days.")
        let wet = Self.report([Self.slot(12), Self.slot(39, code: 500, pop: 0.7, mm: 1.5), Self.slot(42, code: 501, pop: 0.9, mm: 2.5), Self.slot(45)])
        #expect(f.rainOutlook(wet) == "Rain likely Wed 15:00–21:00, about 4 mm (90% chance).")
        let imperial = DisplayFormatter(options: DisplayOptions(units: .imperial, clock: .twelveHour, language: .english))
        let snow = Self.report([Self.slot(12, code: 600, pop: 0.4, mm: 2.54, snow: true)])
        #expect(imperial.rainOutlook(snow) == "Snow possible today 12 PM–3 PM, about 0.1 in (40% chance).")
    }

    @Test func didYouMeanFindsCloseRecentCitiesIgnoringAccents() {
        let recent = [
            Place(name: "London", country: "GB", latitude: 51.5, longitude: 0), Place(name: "Zürich", country: "CH", latitude: 47.4, longitude: 8.5),
            Place(name: "Lyon", country: "FR", latitude: 45.8, longitude: 4.8),
        ]
        #expect(PlaceSuggestions.closest(to: "Londno", among: recent).map(\.name) == ["London"])
        #expect(PlaceSuggestions.closest(to: "zurik, CH", among: recent).map(\.name) == ["Zürich"])
        #expect(PlaceSuggestions.closest(to: "Tokyo", among: recent).isEmpty)
        #expect(PlaceSuggestions.editDistance("kitten", "sitting") == 3)
        #expect(PlaceSuggestions.editDistance("", "abc") == 3)
    }

    @Test func compareCommandKeepsPlaceNamesWhole() throws {
        #expect(try Command.parse(":compare London; Paris, FR") == .compare("London", "Paris, FR"))
        #expect(try Command.parse(":COMPARE  New York ;São Paulo ") == .compare("New York", "São Paulo"))
        #expect(throws: WeatherError.self) { try Command.parse(":compare London") }
        #expect(throws: WeatherError.self) { try Command.parse(":compare ; Paris") }
        #expect(try Command.parse(":rain") == .rain)
    }
}
