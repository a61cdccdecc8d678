import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct SolarTimesTests {
    /// One day's sun as published (`Fixtures/metno/sun_times.json`), local times at `utcOffset`.
    struct Published: Sendable, CustomTestStringConvertible {
        var place: String
        var latitude: Double
        var longitude: Double
        var date: String
        var utcOffset: Int
        var sunrise: String?
        var sunset: String?
        var noon: String?
        var noonElevation: Double?
        var polar: String?

        var testDescription: String { "\(place) \(date)" }

        /// The moment of a local "HH:MM" on the day.
        func moment(_ clock: String) -> Date {
            let day = date.split(separator: "-").compactMap { Int($0) }
            let time = clock.split(separator: ":").compactMap { Int($0) }
            let utc = WireDate.date(year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1], second: 0)
            return utc!.addingTimeInterval(Double(-utcOffset))
        }
    }

    static let published: [Published] = {
        guard let list = try? JSONValue.parse(Fixtures.data("metno/sun_times.json")).array else { return [] }
        return list.map { item in
            Published(
                place: item["place"]?.string ?? "", latitude: item["latitude"]?.double ?? 0,
                longitude: item["longitude"]?.double ?? 0,
                date: item["date"]?.string ?? "", utcOffset: item["utcOffset"]?.int ?? 0, sunrise: item["sunrise"]?.string,
                sunset: item["sunset"]?.string, noon: item["noon"]?.string, noonElevation: item["noonElevation"]?.double,
                polar: item["polar"]?.string)
        }
    }()

    @Test func theFixtureHoldsEveryCase() {
        #expect(Self.published.count == 5)
        #expect(Self.published.filter { $0.polar == nil }.count == 3)
    }

    @Test(arguments: published)
    func sunriseAndSunsetMatchThePublishedTimes(_ day: Published) {
        // Asked at 23:59 local: the day is the local calendar day, whatever the UTC date.
        let daylight = SolarTimes.daylight(
            latitude: day.latitude, longitude: day.longitude, on: day.moment("23:59"), zone: .fixed(day.utcOffset))
        switch day.polar {
        case "night":
            #expect(daylight == .polarNight)
        case "day":
            #expect(daylight == .polarDay)
        default:
            // Published to the minute; the NOAA equations agree within a minute at these latitudes.
            let sunrise = daylight.sunrise.map { $0.timeIntervalSince(day.moment(day.sunrise ?? "")) }
            let sunset = daylight.sunset.map { $0.timeIntervalSince(day.moment(day.sunset ?? "")) }
            #expect(sunrise.map { abs($0) <= 90 } == true, "sunrise off by \(sunrise ?? .nan) s")
            #expect(sunset.map { abs($0) <= 90 } == true, "sunset off by \(sunset ?? .nan) s")
        }
    }

    @Test(arguments: published.filter { $0.noon != nil })
    func theSunAtSolarNoonIsAsHighAsPublished(_ day: Published) throws {
        let noon = day.moment(try #require(day.noon))
        let elevation = SolarTimes.elevation(latitude: day.latitude, longitude: day.longitude, at: noon)
        #expect(abs(elevation - (day.noonElevation ?? .nan)) < 0.1)
        // Noon is the day's highest point: a quarter of an hour either side, the sun is lower.
        for offset in [-900.0, 900] {
            let earlierOrLater = noon.addingTimeInterval(offset)
            #expect(SolarTimes.elevation(latitude: day.latitude, longitude: day.longitude, at: earlierOrLater) < elevation)
        }
    }

    @Test func theSunIsUpBetweenSunriseAndSunsetOnly() throws {
        let oslo = try #require(Self.published.first { $0.place == "Oslo" })
        let daylight = SolarTimes.daylight(
            latitude: oslo.latitude, longitude: oslo.longitude, on: oslo.moment("12:00"), zone: .fixed(oslo.utcOffset))
        let sunrise = try #require(daylight.sunrise), sunset = try #require(daylight.sunset)
        let up = { (date: Date) in SolarTimes.isSunUp(latitude: oslo.latitude, longitude: oslo.longitude, at: date) }
        #expect(!up(sunrise.addingTimeInterval(-300)))
        #expect(up(sunrise.addingTimeInterval(300)))
        #expect(up(sunset.addingTimeInterval(-300)))
        #expect(!up(sunset.addingTimeInterval(300)))
    }

    @Test func tromsoSeesNoSunAllDayInPolarNightAndAllNightInPolarDay() throws {
        let night = try #require(Self.published.first { $0.polar == "night" })
        let summer = try #require(Self.published.first { $0.polar == "day" })
        for hour in stride(from: 0, to: 24, by: 3) {
            let clock = "\(hour < 10 ? "0" : "")\(hour):00"
            #expect(!SolarTimes.isSunUp(latitude: night.latitude, longitude: night.longitude, at: night.moment(clock)))
            #expect(SolarTimes.isSunUp(latitude: summer.latitude, longitude: summer.longitude, at: summer.moment(clock)))
        }
    }

    @Test(arguments: [
        // Far from Greenwich, either side of the date line: Auckland (UTC+13 in summer), Honolulu (UTC-10).
        (latitude: -36.8485, longitude: 174.7633, utcOffset: 46_800),
        (latitude: 21.3069, longitude: -157.8583, utcOffset: -36_000),
        // Quito, on the equator: twelve hours of day.
        (latitude: -0.1807, longitude: -78.4678, utcOffset: -18_000),
    ])
    func sunriseAndSunsetFallOnTheLocalDayAsked(place: (latitude: Double, longitude: Double, utcOffset: Int)) throws {
        let asked = try #require(WireDate.date(year: 2023, month: 12, day: 21, hour: 12, minute: 0, second: 0))
            .addingTimeInterval(Double(-place.utcOffset))
        let daylight = SolarTimes.daylight(
            latitude: place.latitude, longitude: place.longitude, on: asked, zone: .fixed(place.utcOffset))
        let sunrise = try #require(daylight.sunrise), sunset = try #require(daylight.sunset)
        let day = LocalTime(asked, utcOffset: place.utcOffset).dayNumber
        #expect(LocalTime(sunrise, utcOffset: place.utcOffset).dayNumber == day)
        #expect(LocalTime(sunset, utcOffset: place.utcOffset).dayNumber == day)
        #expect((4...8).contains(LocalTime(sunrise, utcOffset: place.utcOffset).hour))
        #expect((17...21).contains(LocalTime(sunset, utcOffset: place.utcOffset).hour))
        if abs(place.latitude) < 1 {
            #expect(abs(sunset.timeIntervalSince(sunrise) - 12 * 3600) < 15 * 60)
        }
    }
}
