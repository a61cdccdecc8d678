import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct METNorwayReportTests {
    /// 2023-11-14 00:00 UTC, the fixtures' first entry.
    static let start = Date(timeIntervalSince1970: 1_699_920_000)
    static let fjordby = (latitude: 60.0, longitude: 10.0)
    static let kathmandu = (latitude: 27.7172, longitude: 85.3240)
    static let stJohns = (latitude: 47.5615, longitude: -52.7126)

    static func forecast(_ name: String = "compact_fjordby.json") throws -> Locationforecast {
        try Locationforecast.decode(Fixtures.data("metno/\(name)"))
    }

    static func report(
        _ name: String = "compact_fjordby.json", at place: (latitude: Double, longitude: Double) = fjordby,
        utcOffset: Int = 3600, now: Date = start
    ) throws -> METNorwayReport {
        METNorwayReport(try forecast(name), latitude: place.latitude, longitude: place.longitude, zone: .fixed(utcOffset), now: now)
    }

    static func hours(_ hours: Double) -> Date { start.addingTimeInterval(hours * 3600) }

    @Test func everyEntryIsReadInTimeOrder() throws {
        let entries = try Self.forecast().entries
        #expect(entries.count == 37)
        #expect(entries.first?.time == Self.start)
        #expect(entries.last?.time == Self.hours(96))
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.time < $1.time })
        #expect(entries[0].nextHour == Locationforecast.Period(symbol: "partlycloudy_night", precipitation: 0))
        #expect(entries[2].windDirection == nil)
        #expect(entries[36].nextSixHours == nil && entries[36].nextHour == nil)
    }

    @Test func currentConditionsComeFromTheHourNowIsIn() throws {
        let current = try Self.report().current
        #expect(current.observedAt == Self.start)
        #expect(current.temperature == 5.0)
        #expect(current.feelsLike == 3.4)  // wind chill: 5 °C in a 7.2 km/h wind
        #expect(current.humidity == 80 && current.pressure == 1010 && current.windSpeed == 2 && current.windDegrees == 200)
        #expect(current.cloudCover == 50)
        #expect(current.condition == Condition(code: 802, main: "Clouds", description: "partly cloudy", isNight: true, key: "metno.partlycloudy"))
        #expect(current.visibility == nil && current.rain == nil && current.windGust == nil)
        // Fjordby in mid-November: the sun is up from about 07:30 to 15:00 UTC.
        let sunrise = try #require(current.sunrise), sunset = try #require(current.sunset)
        #expect(sunrise > Self.hours(6) && sunrise < Self.hours(8.5))
        #expect(sunset > Self.hours(14) && sunset < Self.hours(16))

        let later = try Self.report(now: Self.hours(5.5))
        #expect(later.current.observedAt == Self.hours(5))
        #expect(later.hourly.first?.time == Self.hours(5))
        #expect(later.hourly.count == 19)
    }

    @Test func hourlySlotsCoverTheHourlyPart() throws {
        let hourly = try Self.report().hourly
        #expect(hourly.count == 24)
        #expect(hourly.map(\.time) == (0..<24).map { Self.hours(Double($0)) })
        #expect(hourly[6].precipitation == 0.4 && hourly[6].condition.group == .rain)
        #expect(hourly[9].isSnow && !hourly[6].isSnow)
        // A symbol without a day or night variant takes the sun's: "cloudy" at 01:00 is night, "lightsnow" at 11:00 day.
        #expect(hourly[1].condition.isNight && !hourly[11].condition.isNight)
        #expect(hourly.allSatisfy { $0.precipitationProbability == nil })  // compact gives none: unknown, not 0%
    }

    @Test func stepsRunEveryThreeHoursFromTheHourlyIntoTheSixHourlyPart() throws {
        let steps = try Self.report().steps
        #expect(steps.map(\.time) == (0..<32).map { Self.hours(Double($0) * 3) })
        // From the hourly part: three hours added up, the most severe condition.
        #expect(steps[2].condition.group == .rain && !steps[2].isSnow && steps[3].isSnow && steps[3].precipitation == 1.5)
        #expect(steps[4].condition.group == .thunderstorm && steps[4].precipitation == 4.5)
        #expect(steps[6].temperature == 14.0)
        // From the 6-hour part: each period twice, half its amount each, the middle halfway between readings.
        #expect(steps[8].precipitation == 2.0 && steps[9].precipitation == 2.0)
        #expect(steps[8].condition.group == .rain && steps[9].condition.group == .rain)
        #expect(steps[8].temperature == 6.0 && steps[9].temperature == 5.0)
        #expect(steps[10].condition.group == .sleet && !steps[10].isSnow)
        #expect(steps[12].isSnow && steps[13].isSnow && steps[12].precipitation == 3.0)
        // The last period ends at the last reading (3.5 °C): its middle is halfway there.
        #expect(steps[31].temperature == 4.0)
    }

    @Test func aGapBetweenTheHourlyAndSixHourlyPartsIsFilledFromTheLastHourlyEntrysSixHours() {
        // Hourly to 13:00, the next entry at 18:00: the 12:00 entry's next six hours give 12:00 and 15:00.
        func entry(_ hour: Double, _ temperature: Double, hourly: Bool, six: String?) -> Locationforecast.Entry {
            Locationforecast.Entry(
                time: Self.hours(hour), temperature: temperature,
                nextHour: hourly ? .init(symbol: "cloudy", precipitation: 0) : nil,
                nextSixHours: six.map { .init(symbol: $0, precipitation: 3) })
        }
        let entries = (0...13).map { entry(Double($0), 10, hourly: true, six: $0 == 12 ? "rain" : "cloudy") }
            + [entry(18, 4, hourly: false, six: "fog"), entry(24, 0, hourly: false, six: nil)]
        let report = METNorwayReport(
            Locationforecast(entries: entries), latitude: 60, longitude: 10, zone: .fixed(3600), now: Self.start)
        #expect(report.steps.map(\.time) == (0..<8).map { Self.hours(Double($0) * 3) })
        #expect(report.steps[4].condition.group == .rain && report.steps[5].condition.group == .rain)
        #expect(report.steps[5].temperature == 7)  // halfway from 10 at 12:00 to 4 at 18:00
        #expect(report.steps[5].precipitation == 1.5)
        #expect(report.steps[6].condition.group == .mist && report.steps[7].temperature == 2)
    }

    @Test func daysAreLocalCalendarDaysWithHighsAndLowsFromTheReadings() throws {
        let days = try Self.report().days
        // UTC+1: the 14th, 15th, 16th and 17th; the 18th has one reading (01:00) and is left out.
        #expect(days.map { LocalTime($0.date, utcOffset: 3600).day } == [14, 15, 16, 17])
        #expect(days.allSatisfy { Int($0.date.timeIntervalSince1970 + 3600) % 86_400 == 0 })
        #expect(days[0].high == 14.0 && days[0].low == -2.0)
        #expect(days[1].high == 9.6 && days[1].low == 4.0)  // 9.6 at 23:00 UTC, midnight local
        #expect(days[1].precipitation == 12.0)  // rain 4, sleet 2, heavy snow 6
        #expect(days[0].precipitationProbability == nil)  // compact gives no chances
        #expect(days.allSatisfy { $0.sunrise != nil && $0.sunset != nil && $0.condition?.isNight == false })
    }

    @Test func kathmanduAtItsQuarterHourOffsetEndsTheDayAt1815UTC() throws {
        // 18:00 UTC, the warmest reading, is 23:45 on the 14th in Kathmandu.
        let report = try Self.report(at: Self.kathmandu, utcOffset: 20_700)
        #expect(report.days.map { LocalTime($0.date, utcOffset: 20_700).day } == [14, 15, 16, 17])
        #expect(report.days[0].date == Self.hours(-5.75))
        #expect(report.days[0].high == 14.0 && report.days[0].low == -2.0)
        #expect(report.days[1].high == 9.6)
        let sunrise = try #require(report.days[1].sunrise), sunset = try #require(report.days[1].sunset)
        // About 06:25 and 17:10 local in mid-November.
        #expect(LocalTime(sunrise, utcOffset: 20_700).hour == 6 && LocalTime(sunset, utcOffset: 20_700).hour == 17)
        #expect(LocalTime(sunrise, utcOffset: 20_700).day == 15)
        // At the longitude's hour (UTC+6), the same reading would open the 15th instead.
        let estimated = try Self.report(at: Self.kathmandu, utcOffset: 21_600)
        #expect(estimated.days[0].high < 14.0 && estimated.days[1].high == 14.0)
    }

    @Test func stJohnsAtItsHalfHourOffsetStartsTheForecastOnTheEveningBefore() throws {
        // 00:00 UTC is 20:30 on the 13th at UTC-03:30; 03:00 UTC, the coldest reading, 23:30 the same day.
        let report = try Self.report(at: Self.stJohns, utcOffset: -12_600)
        #expect(report.days.map { LocalTime($0.date, utcOffset: -12_600).day } == [13, 14, 15, 16, 17])
        #expect(report.days[0].date == Self.hours(-20.5))
        #expect(report.days[0].low == -2.0 && report.days[0].high == 5.4)
        #expect(report.days[1].high == 14.0)
        let sunrise = try #require(report.days[1].sunrise), sunset = try #require(report.days[1].sunset)
        // About 07:05 and 16:25 local in mid-November.
        #expect(LocalTime(sunrise, utcOffset: -12_600).hour == 7 && LocalTime(sunset, utcOffset: -12_600).hour == 16)
    }

    @Test func theCompleteProductsExtrasAreUsed() throws {
        let report = try Self.report("complete_fields.json")
        #expect(report.current.windGust == 14.2)
        #expect(report.current.feelsLike < -14)
        #expect(report.current.condition.group == .snow && report.current.condition.isNight)
        #expect(report.hourly.map(\.precipitationProbability) == [0.85, 0.7, 0.4])
        #expect(report.steps.count == 1 && report.steps[0].precipitationProbability == 0.85 && report.steps[0].isSnow)
        #expect(report.days.first?.precipitationProbability == 0.85)
    }

    @Test func aBodyMissingNearlyEverythingStillGivesAReport() throws {
        let entries = try Self.forecast("minimal.json").entries
        #expect(entries.map(\.time) == [Self.start, Self.hours(3)])
        let report = try Self.report("minimal.json")
        #expect(report.current.temperature == 3.5 && report.current.feelsLike == 3.5)
        #expect(report.current.humidity == nil && report.current.pressure == nil && report.current.windDegrees == nil)
        #expect(report.current.condition.code == 0 && report.current.condition.description == "unknown")
        #expect(report.hourly.count == 1 && report.hourly[0].condition.group == .unknown && report.hourly[0].precipitation == nil)
        #expect(report.hourly[0].humidity == nil && report.hourly[0].windSpeed == nil)  // 140 % is no humidity: missing
        #expect(report.steps.isEmpty)
        #expect(report.days.count == 1 && report.days[0].high == 3.5 && report.days[0].low == 2.0)
    }

    @Test func anAnswerWithoutAForecastIsABadResponse() {
        #expect(throws: WeatherError.badResponse(Phrase("detail.unexpectedShape"))) {
            try Locationforecast.decode(Fixtures.data("metno/no_timeseries.json"))
        }
        #expect(throws: WeatherError.badResponse(Phrase("detail.noForecast"))) {
            try Locationforecast.decode(Data(#"{"properties":{"timeseries":[{"time":"2023-11-14T00:00:00Z"}]}}"#.utf8))
        }
        #expect(throws: WeatherError.badResponse(Phrase("detail.notJSON"))) { try Locationforecast.decode(Data("<html>".utf8)) }
    }
}
