import Foundation
import TestSupport
import Testing
@testable import WeatherCore

struct OpenMeteoDecodingTests {
    static func decode(_ name: String) throws -> OpenMeteoForecast {
        try OpenMeteoDecoding.forecast(FakeOpenMeteo.fixture(name))
    }

    /// 2023-11-14 00:00Z, the first hour of the Testford fixture.
    static let midnight = 1_699_920_000.0

    static func hour(_ index: Int) -> Date { Date(timeIntervalSince1970: midnight + Double(index) * 3600) }

    @Test func currentConditions() throws {
        let current = try Self.decode("forecast_testford.json").current
        #expect(current.observedAt == Date(timeIntervalSince1970: 1_699_958_700))
        #expect(current.temperature == 9.4)
        #expect(current.feelsLike == 6.1)
        #expect(current.humidity == 87)
        #expect(current.pressure == 1008.2)
        #expect(current.windSpeed == 5.3)  // asked for in m/s
        #expect(current.windDegrees == 225)
        #expect(current.windGust == 11.2)
        #expect(current.cloudCover == 100)
        #expect(current.condition == Condition(code: 500, main: "Rain", description: "slight rain", isNight: false, key: "wmo.61"))
        #expect(current.visibility == 18200)  // the current hour's
        #expect(current.rain == Precipitation(millimetres: 0.6, hours: 1))  // 09:00–10:00, the last hour
        #expect(current.snow == nil)
        #expect(current.sunrise == Date(timeIntervalSince1970: 1_699_946_100))  // today's
        #expect(current.sunset == Date(timeIntervalSince1970: 1_699_976_400))
    }

    @Test func oneHourStepsStartAtTheCurrentHour() throws {
        let hourly = try Self.decode("forecast_testford.json").hourly
        #expect(hourly.first?.time == Self.hour(10))  // 10:00 holds the 10:45 observation
        #expect(hourly.count == 37)  // 10:00 to 23:00 next day, less 20:00 without a temperature
        #expect(!hourly.contains { $0.time == Self.hour(20) })
        #expect(hourly.map(\.time) == hourly.map(\.time).sorted())
    }

    @Test func aStepTakesTheAmountsOfTheHourAfterIt() throws {
        let hourly = try Self.decode("forecast_testford.json").hourly
        let noon = try #require(hourly.first { $0.time == Self.hour(12) })
        #expect(noon.precipitation == 1.2)  // given at 13:00, for 12:00–13:00
        #expect(noon.precipitationProbability == 0.8)
        #expect(noon.condition.code == 804)  // the condition is the hour's own
        let one = try #require(hourly.first { $0.time == Self.hour(13) })
        #expect(one.precipitation == 0)
        #expect(one.condition.description == "slight rain")
        let snowing = try #require(hourly.first { $0.time == Self.hour(27) })
        #expect(snowing.isSnow)
        #expect(snowing.precipitation == 1)
        #expect(hourly.first { $0.time == Self.hour(29) }?.precipitationProbability == nil)  // null: unknown, not 0%
        #expect(hourly.last?.precipitation == nil)  // no hour after the last
    }

    @Test func slotFieldsAndNight() throws {
        let hourly = try Self.decode("forecast_testford.json").hourly
        let evening = try #require(hourly.first { $0.time == Self.hour(18) })
        #expect(evening.condition.isNight)
        #expect(evening.humidity == 88)
        #expect(evening.windSpeed == 5)
        #expect(evening.windDegrees == 200)
        #expect(try #require(hourly.first { $0.time == Self.hour(31) }).humidity == 100)  // 101 clamped
    }

    @Test func threeHourStepsFromTheHours() throws {
        let steps = ThreeHourSteps.from(try Self.decode("forecast_testford.json").hourly)
        // 12:00 is the first UTC hour divisible by 3 after 10:00; 18:00 is not whole (20:00 has no temperature).
        #expect(steps.map(\.time) == [12, 15, 21, 24, 27, 30, 33, 36, 39, 42, 45].map(Self.hour))
        #expect(steps[0].condition.description == "slight rain")  // the most severe of 12:00–15:00
        #expect(steps[0].precipitation == 1.2)
        #expect(steps[0].precipitationProbability == 0.8)
        #expect(steps[1].condition.code == 804)
        #expect(steps[4].isSnow)
        #expect(steps[4].precipitation == 3)
        #expect(steps[8].condition.group == .thunderstorm)
    }

    @Test func daysFromDaily() throws {
        let days = try #require(try Self.decode("forecast_testford.json").days)
        #expect(days.count == 2)
        #expect(days[0].date == Date(timeIntervalSince1970: Self.midnight))
        #expect(days[0].high == 11.2)
        #expect(days[0].low == 4.1)
        #expect(days[0].condition?.description == "moderate rain")
        #expect(days[0].precipitation == 4.2)
        #expect(days[0].precipitationProbability == 0.9)
        #expect(days[0].sunrise == Date(timeIntervalSince1970: 1_699_946_100))
        #expect(days[1].condition?.group == .snow)
        #expect(days[1].low == -1.5)
        #expect(days[1].precipitationProbability == nil)  // null
    }

    @Test func missingOptionalFieldsAreLeftOut() throws {
        let forecast = try Self.decode("forecast_minimal.json")
        #expect(forecast.zone == .fixed(3600))  // no zone named: the offset given
        let current = forecast.current
        #expect(current.temperature == -0.5)
        #expect(current.feelsLike == -0.5)
        #expect(current.humidity == nil)  // missing: said nothing about, not 0%
        #expect(current.windSpeed == nil)
        #expect(current.windDegrees == nil)
        #expect(current.windGust == nil)
        #expect(current.visibility == nil)
        #expect(current.cloudCover == nil)  // null
        #expect(current.rain == nil)  // the column ends before the current hour
        #expect(current.sunrise == nil)
        #expect(current.condition.group == .unknown)  // 4 is not a documented code
        #expect(!current.condition.isNight)  // no is_day: day
        #expect(forecast.hourly.map(\.temperature) == [-0.6, -0.1])  // from 10:00Z; 11:00Z has none
        #expect(forecast.hourly.allSatisfy { $0.precipitation == nil && $0.condition.group == .unknown })
        #expect(forecast.days == nil)  // its only day has no high
    }

    @Test(arguments: ["forecast_without_temperatures.json", "geocoding_empty.json"])
    func withoutTimesAndTemperaturesItIsNotAForecast(name: String) {
        #expect(throws: WeatherError.badResponse(Phrase("detail.unexpectedShape"))) { try Self.decode(name) }
    }

    @Test func notJSON() {
        #expect(throws: WeatherError.badResponse(Phrase("detail.notJSON"))) { try OpenMeteoDecoding.forecast(Data("<html>".utf8)) }
        #expect(throws: WeatherError.badResponse(Phrase("detail.empty"))) { try OpenMeteoDecoding.forecast(Data()) }
    }

    @Test(arguments: [("forecast_kolkata.json", 19800), ("forecast_kathmandu.json", 20700)])
    func halfHourAndQuarterHourZones(name: String, offset: Int) throws {
        let forecast = try Self.decode(name)
        #expect(forecast.zone.offset(at: forecast.current.observedAt) == offset)
        #expect(forecast.zone.name == (offset == 19800 ? "Asia/Kolkata" : "Asia/Kathmandu"))
        let localMidnight = Date(timeIntervalSince1970: 1_699_920_000 - Double(offset))  // 2023-11-14 00:00 local
        #expect(forecast.days?.map(\.date) == [localMidnight])  // the day's own time is off by up to half an hour
        #expect(forecast.current.sunrise == localMidnight.addingTimeInterval(6 * 3600 + 1260))
        // The observation (05:00Z) falls in the local hour from 10:00.
        #expect(forecast.hourly.first?.time == localMidnight.addingTimeInterval(10 * 3600))
        // 3-hour steps fall on local hours 12, 15, 18 and 21, as the UTC hours they start in are 6, 9, 12 and 15.
        let steps = ThreeHourSteps.from(forecast.hourly)
        #expect(steps.map { ($0.time.timeIntervalSince(localMidnight)) / 3600 } == [12, 15, 18, 21])
        #expect(steps.last?.condition.isNight == true)
    }

    @Test(arguments: [
        (1_699_920_000.0, 0, 1_699_920_000.0),  // exactly midnight
        (1_699_923_600.0, 0, 1_699_920_000.0),  // an hour late: a daylight-saving day
        (1_699_916_400.0, 0, 1_699_920_000.0),  // an hour early
        (1_699_902_000.0, 19800, 1_699_900_200.0),  // Kolkata, half an hour late
        (1_699_898_400.0, 20700, 1_699_899_300.0),  // Kathmandu, a quarter of an hour early
        (1_699_938_000.0, -12600, 1_699_932_600.0),  // Newfoundland
    ])
    func localMidnightNearADayTime(time: Double, offset: Int, midnight: Double) {
        #expect(OpenMeteoDecoding.localMidnight(near: time, zone: .fixed(offset)) == Date(timeIntervalSince1970: midnight))
    }

    @Test func geocodingOrderAndLabels() throws {
        let matches = try OpenMeteoDecoding.places(FakeOpenMeteo.fixture("geocoding_london.json"))
        // Largest population first, those without one last; the smaller London, England is a duplicate; results
        // without coordinates or a name are dropped.
        #expect(matches.map(\.place.displayName) == [
            "Londonderry, Northern Ireland, GB", "London, England, GB", "London, Ontario, CA", "London, Kentucky, US",
            "London, Ohio, US",
        ])
        #expect(matches[1].place == Place(name: "London", state: "England", country: "GB", latitude: 51.5085, longitude: -0.1257, timeZone: "Europe/London"))
        #expect(matches[1].timeZone == "Europe/London")
    }

    @Test func noResultsKeyIsNoPlace() throws {
        #expect(try OpenMeteoDecoding.places(FakeOpenMeteo.fixture("geocoding_empty.json")).isEmpty)
        #expect(throws: WeatherError.self) { try OpenMeteoDecoding.places(Data("[]".utf8)) }
    }
}
