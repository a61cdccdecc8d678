import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

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

    @Test func oneHourStepsStartWithTheBlockOfTheCurrentHour() throws {
        let hourly = try Self.decode("forecast_testford.json").hourly
        // 10:00 holds the 10:45 observation; its UTC 3-hour block starts at 09:00, so the step that covers now is whole.
        #expect(hourly.first?.time == Self.hour(9))
        // 09:00 to 22:00 next day (the last entry, 23:00, carries the hour before it); 20:00, whose temperature is
        // null, stays, without one (review session 3, item 2: leaving it out dropped its 3-hour row).
        #expect(hourly.count == 38)
        #expect(hourly.first { $0.time == Self.hour(20) }.map { $0.temperature == nil } == true)
        #expect(hourly.map(\.time) == hourly.map(\.time).sorted())
    }

    @Test func aStepTakesTheConditionAndAmountsOfTheHourAfterIt() throws {
        let hourly = try Self.decode("forecast_testford.json").hourly
        let noon = try #require(hourly.first { $0.time == Self.hour(12) })
        #expect(noon.precipitation == 1.2)  // given at 13:00, for 12:00–13:00
        #expect(noon.precipitationProbability == 0.8)
        #expect(noon.condition.description == "slight rain")  // 13:00's code too: the same hour as its amount
        #expect(noon.temperature == 8.4)  // the instant at the step's start: 12:00's own
        let one = try #require(hourly.first { $0.time == Self.hour(13) })
        #expect(one.precipitation == 0)
        #expect(one.condition.description == "partly cloudy")
        let snowing = try #require(hourly.first { $0.time == Self.hour(27) })
        #expect(snowing.isSnow)
        #expect(snowing.precipitation == 1)
        #expect(hourly.first { $0.time == Self.hour(29) }?.precipitationProbability == nil)  // null: unknown, not 0%
        #expect(hourly.last?.time == Self.hour(46))  // the last entry carries the hour before it: no hour starts there
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
        // From 09:00, the block holding the 10:45 observation; 18:00 is whole (20:00 has no temperature, but the step
        // takes 18:00's); 45:00 is not (no hour starts at the last entry, 47:00).
        #expect(steps.map(\.time) == [9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42].map(Self.hour))
        #expect(steps[3].temperature != nil)
        #expect(steps[0].precipitation == 0.6)  // 09:00–12:00: the 0.6 mm given at 10:00 is 09:00–10:00's
        #expect(steps[1].condition.description == "slight rain")  // the most severe of 12:00–15:00
        #expect(steps[1].precipitation == 1.2)
        #expect(steps[1].precipitationProbability == 0.8)
        #expect(steps[2].condition.code == 804)
        #expect(steps[6].isSnow)  // 27:00–30:00: the amounts given at 28, 29 and 30
        #expect(steps[6].precipitation == 3)
        #expect(steps[10].condition.group == .thunderstorm)  // 39:00–42:00 holds the code given at 40:00
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
        #expect(forecast.hourly.map(\.temperature) == [-0.8, -0.6, nil])  // from 09:00Z, the block's start; 11:00Z has none
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
        // The observation (05:00Z) falls in the local hour from 10:00, whose UTC block starts in the local hour from 09:00.
        #expect(forecast.hourly.first?.time == localMidnight.addingTimeInterval(9 * 3600))
        // 3-hour steps fall on local hours 9, 12, 15 and 18, as the UTC hours they start in are 3, 6, 9 and 12 (21's
        // would need the hour from 23:00, which the day's last entry does not start).
        let steps = ThreeHourSteps.from(forecast.hourly)
        #expect(steps.map { ($0.time.timeIntervalSince(localMidnight)) / 3600 } == [9, 12, 15, 18])
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
