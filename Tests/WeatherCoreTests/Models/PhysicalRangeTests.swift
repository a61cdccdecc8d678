import Foundation
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// The checks every figure from outside passes where it enters, and the conversions that cannot trap behind them.
struct PhysicalRangeTests {
    static let hostile: [Double] = [1e300, -1e300, 1e19, -1e19, .nan, .infinity, -.infinity, 1e9, -1]

    @Test func aSaturatingConversionNeverTraps() {
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: 1e300) == 9_007_199_254_740_992)
        #expect(Int(saturating: -.infinity) == -9_007_199_254_740_992)
        #expect(Int(saturating: 12.9) == 12)
        #expect(Int(saturating: -12.9) == -12)
    }

    /// Defence in depth: the formatting layer shows any double without trapping, whatever got past the checks.
    @Test(arguments: hostile)
    func formattingAnyFigureNeverTraps(value: Double) {
        for units in UnitSystem.allCases {
            #expect(!UnitFormatting.temperature(celsius: value, units).isEmpty)
            #expect(!UnitFormatting.speed(metresPerSecond: value, units).isEmpty)
            #expect(!UnitFormatting.pressure(hectopascals: value, units).isEmpty)
            #expect(!UnitFormatting.distance(metres: value, units).isEmpty)
            #expect(!UnitFormatting.precipitation(millimetres: value, units).isEmpty)
        }
        #expect(UnitFormatting.percent(fraction: value).hasSuffix("%"))
        #expect(!CompassDirection.cardinal(degrees: value).isEmpty)
        let local = LocalTime(Date(timeIntervalSince1970: value), utcOffset: Int(saturating: value))
        #expect((0..<24).contains(local.hour) && (0..<7).contains(local.weekday))
        #expect(LocalTime.offsetName(Int(saturating: value)).hasPrefix("UTC"))
    }

    @Test func extremeOffsetsAndMomentsNeverTrap() {
        #expect(LocalTime.offsetName(.min).hasPrefix("UTC-"))
        #expect(LocalTime(.distantFuture, utcOffset: .max).minute < 60)
        #expect(LocalTime(Date(timeIntervalSince1970: -1e19), utcOffset: .min).minute < 60)
    }

    @Test func figuresOutsideTheirRangeAreMissing() {
        #expect(PhysicalRange.temperature(150) == 150 && PhysicalRange.temperature(150.1) == nil)
        #expect(PhysicalRange.temperature(-1e300) == nil)
        #expect(PhysicalRange.windSpeed(-0.1) == nil && PhysicalRange.windSpeed(150) == 150 && PhysicalRange.windSpeed(151) == nil)
        #expect(PhysicalRange.pressure(799) == nil && PhysicalRange.pressure(1013) == 1013 && PhysicalRange.pressure(1101) == nil)
        #expect(PhysicalRange.percent(101) == 100)  // OpenWeather has sent 101
        #expect(PhysicalRange.percent(102) == nil && PhysicalRange.percent(-1) == nil && PhysicalRange.percent(99.6) == 100)
        #expect(PhysicalRange.utcOffset(64_800.0) == 64_800 && PhysicalRange.utcOffset(1e9) == nil && PhysicalRange.utcOffset(3600.5) == nil)
        #expect(PhysicalRange.precipitation(-0.1) == nil && PhysicalRange.precipitation(1e300) == nil)
        #expect(PhysicalRange.probability(1.01) == nil && PhysicalRange.direction(361) == nil)
        #expect(PhysicalRange.moment(1e19) == nil && PhysicalRange.moment(-1) == nil && PhysicalRange.moment(1_700_000_000) != nil)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(PhysicalRange.moment(now.addingTimeInterval(300 * 86_400), near: now) != nil)
        #expect(PhysicalRange.moment(now.addingTimeInterval(400 * 86_400), near: now) == nil)
    }

    static let conditions = CurrentConditions(
        observedAt: Date(timeIntervalSince1970: 1_700_000_000), condition: Condition(code: 800, main: "Clear", description: "clear sky", isNight: false),
        temperature: 12, feelsLike: 1e300, humidity: 1_000, pressure: -1e300, windSpeed: -3, windDegrees: 1e19, windGust: 1e300,
        visibility: -1, cloudCover: -5, rain: Precipitation(millimetres: 1e300, hours: 1), snow: Precipitation(millimetres: 2, hours: 1),
        sunrise: Date(timeIntervalSince1970: 1e19), sunset: Date(timeIntervalSince1970: 1_700_030_000))

    @Test func currentConditionsKeepWhatIsPossibleAndLoseTheRest() throws {
        let checked = try Self.conditions.checked()
        #expect(checked.temperature == 12 && checked.feelsLike == 12)  // an impossible feels-like is the temperature
        #expect(checked.humidity == nil && checked.pressure == nil && checked.windSpeed == nil && checked.windDegrees == nil)
        #expect(checked.windGust == nil && checked.visibility == nil && checked.cloudCover == nil && checked.rain == nil)
        #expect(checked.snow == Precipitation(millimetres: 2, hours: 1))
        #expect(checked.sunrise == nil && checked.sunset == Date(timeIntervalSince1970: 1_700_030_000))
    }

    @Test func currentConditionsWithoutAPossibleTimeOrTemperatureCannotBeShown() {
        var hot = Self.conditions
        hot.temperature = 1e300
        #expect(throws: WeatherError.badResponse(Phrase("detail.badTemperature"))) { try hot.checked() }
        var timeless = Self.conditions
        timeless.observedAt = Date(timeIntervalSince1970: -1)
        #expect(throws: WeatherError.badResponse(Phrase("detail.badTime"))) { try timeless.checked() }
    }

    @Test func aStepOrDayFarFromTheObservationIsLeftOut() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let condition = Condition(code: 500, main: "Rain", description: "rain", isNight: false)
        let slot = ForecastSlot(
            time: now.addingTimeInterval(3600), condition: condition, temperature: 9, humidity: 50, windSpeed: 200,
            precipitationProbability: 2, precipitation: 1.5)
        let checked = slot.checked(near: now)
        #expect(checked?.windSpeed == nil && checked?.precipitationProbability == nil && checked?.precipitation == 1.5 && checked?.humidity == 50)
        var far = slot
        far.time = now.addingTimeInterval(2 * 365 * 86_400)
        #expect(far.checked(near: now) == nil)
        #expect(far.checked() != nil)  // without an anchor only 2000…2100 counts
        var cold = slot
        cold.temperature = -1e300
        // A temperature out of range is missing, the step kept (its row shows "–"), as one sent as null.
        #expect(cold.checked(near: now).map { $0.temperature == nil && $0.precipitation == 1.5 } == true)
        let day = DayForecast(date: now, high: 1e300, low: 3)
        #expect(day.checked(near: now) == nil)
        #expect(DayForecast(date: now, high: 12, low: 3, precipitation: -4).checked(near: now)?.precipitation == nil)
    }

    @Test func geocodingWithEveryPlaceOffTheMapIsRefusedNotTakenForNothingFound() throws {
        let offMap = WeatherError.badResponse(Phrase("detail.offMap"))
        #expect(throws: offMap) { try ResponseDecoding.places(Data(#"[{"name":"A","lat":1e300,"lon":0},{"name":"B","lat":0,"lon":-1e19}]"#.utf8)) }
        #expect(try ResponseDecoding.places(Data(#"[{"name":"A","lat":1e300,"lon":0},{"name":"B","lat":1,"lon":2}]"#.utf8)).map(\.name) == ["B"])
        #expect(try ResponseDecoding.places(Data("[]".utf8)).isEmpty)
        #expect(throws: offMap) { try OpenMeteoDecoding.places(Data(#"{"results":[{"name":"London","latitude":1e300,"longitude":0}]}"#.utf8)) }
        #expect(try OpenMeteoDecoding.places(Data(#"{"results":[{"latitude":1,"longitude":2}]}"#.utf8)).isEmpty)  // no name: none found
        #expect(try OpenMeteoDecoding.places(Data("{}".utf8)).isEmpty)
    }

    @Test func aServersExpiryFarAwayKeepsAnEntryFreshForADayAtMost() {
        let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000)
        let entry = ResponseCache.Entry(fetchedAt: fetchedAt, body: Data(), validUntil: Date(timeIntervalSince1970: 4_000_000_000))
        #expect(entry.isFresh(at: fetchedAt.addingTimeInterval(3_600)))
        #expect(!entry.isFresh(at: fetchedAt.addingTimeInterval(86_400)))
    }

    @Test func anHTTPDateWithAHugeYearIsNoDate() {
        #expect(WireDate.http("Tue, 14 Nov 9223372036854775807 06:30:00 GMT") == nil)
        #expect(WireDate.http("Tue, 14 Nov 2023 06:30:00 GMT") == Date(timeIntervalSince1970: 1_699_943_400))
    }
}
