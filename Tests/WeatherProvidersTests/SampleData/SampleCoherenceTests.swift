import Foundation
import HTTPKit
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Offline sample answers read at fixed clocks: night exactly between sunset and sunrise, temperatures on a daily
/// cycle, and nothing but times, temperatures and day/night changed from the bundled files.
struct SampleCoherenceTests {
    static let cities = ["London", "New York", "Tokyo", "Sydney", "São Paulo", "Kathmandu", "Reykjavík", "Mumbai"]

    /// Spread over a day, over the year, and over the 3-hour grid ("10:03Z" is 19:03 in Tokyo, after its sunset).
    static let clocks = [
        "2026-11-23T00:30:00Z", "2026-11-23T06:00:00Z", "2026-11-23T10:03:00Z", "2026-11-23T15:45:00Z",
        "2026-11-23T21:10:00Z", "2026-06-21T12:00:00Z", "2026-06-22T02:59:00Z", "2027-03-01T18:20:00Z",
    ]

    static func date(_ text: String) throws -> Date {
        try Date.ISO8601FormatStyle().parse(text)
    }

    static func service(at clock: Date) -> OpenWeatherService {
        let transport = SampleDataTransport(now: { clock })
        let client = OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: SampleDataTransport.placeholderKey), transport: transport)
        return OpenWeatherService(client: client, cache: ResponseCache(directory: nil), samplePlaces: transport.placeNames, now: { clock })
    }

    /// The report the app shows for `city` when the clock reads `clock`.
    static func report(_ city: String, at clock: Date) async throws -> WeatherReport {
        let service = service(at: clock)
        let place = try #require(try await service.places(matching: .name(city)).first)
        return try await service.report(for: place)
    }

    /// Night iff at/after that local day's sunset or before its sunrise; later days' sun times are today's plus whole days.
    static func isNight(_ time: Date, in report: WeatherReport) throws -> Bool {
        let sunrise = try #require(report.current.sunrise), sunset = try #require(report.current.sunset)
        let days = Double(LocalTime(time, report.zone).dayNumber - LocalTime(sunrise, report.zone).dayNumber)
        return time < sunrise.addingTimeInterval(days * 86_400) || time >= sunset.addingTimeInterval(days * 86_400)
    }

    /// The slots of each local calendar day that the forecast covers from midnight to midnight (eight 3-hour slots).
    static func fullDays(_ report: WeatherReport) -> [[ForecastSlot]] {
        Dictionary(grouping: report.forecast) { LocalTime($0.time, report.zone).dayNumber }
            .sorted { $0.key < $1.key }.map(\.value).filter { $0.count == 8 }
    }

    // MARK: Night

    static func checkNight(_ report: WeatherReport, _ label: String) throws {
        let observed = LocalTime(report.current.observedAt, report.zone)
        let sunrise = try #require(report.current.sunrise), sunset = try #require(report.current.sunset)
        #expect(LocalTime(sunrise, report.zone).dayNumber == observed.dayNumber, "\(label): sunrise not today")
        #expect(LocalTime(sunset, report.zone).dayNumber == observed.dayNumber, "\(label): sunset not today")
        #expect(
            report.current.condition.isNight == (try isNight(report.current.observedAt, in: report)),
            "\(label): current reading at \(observed.clockTime(.twentyFourHour)) says night = \(report.current.condition.isNight)")
        for slot in report.forecast {
            let local = LocalTime(slot.time, report.zone)
            #expect(
                slot.condition.isNight == (try isNight(slot.time, in: report)),
                "\(label): slot on day \(local.day) at \(local.clockTime(.twentyFourHour)) says night = \(slot.condition.isNight)")
        }
    }

    @Test(arguments: cities, clocks)
    func nightIsExactlyBetweenSunsetAndSunrise(city: String, clock: String) async throws {
        try Self.checkNight(try await Self.report(city, at: try Self.date(clock)), "\(city) at \(clock)")
    }

    // MARK: Temperature

    static func checkDailyCurve(_ report: WeatherReport, _ label: String) throws {
        let sunrise = try #require(report.current.sunrise)
        let days = fullDays(report)
        #expect(days.count >= 4, "\(label): the forecast covers \(days.count) whole days")
        for slots in days {
            let warmest = try #require(slots.compactMap(\.temperature).max()), coldest = try #require(slots.compactMap(\.temperature).min())
            #expect(warmest > coldest, "\(label): a flat day")
            for slot in slots where slot.temperature == warmest {
                let local = LocalTime(slot.time, report.zone)
                #expect((12..<18).contains(local.hour), "\(label): day \(local.day) is warmest at \(local.clockTime(.twentyFourHour))")
            }
            for slot in slots where slot.temperature == coldest {
                let local = LocalTime(slot.time, report.zone)
                let days = Double(local.dayNumber - LocalTime(sunrise, report.zone).dayNumber)
                let dawn = sunrise.addingTimeInterval(days * 86_400)
                #expect(
                    slot.time < dawn || abs(slot.time.timeIntervalSince(dawn)) <= 3 * 3600,
                    "\(label): day \(local.day) is coldest at \(local.clockTime(.twentyFourHour)), sunrise \(LocalTime(dawn, report.zone).clockTime(.twentyFourHour))")
            }
        }
    }

    /// The reading lies within the next 24 hours' range (plus the little the curve dips or peaks between slots), in
    /// its warmer half in mid-afternoon and its colder half around sunrise, and is no further from the first slot than
    /// the forecast ever moves in three hours.
    static func checkCurrentOnCurve(_ report: WeatherReport, _ label: String) throws {
        let current = report.current.temperature
        let temperatures = report.forecast.prefix(8).compactMap(\.temperature)
        let low = try #require(temperatures.min()), high = try #require(temperatures.max())
        let slack = 0.25 * (high - low), middle = (low + high) / 2
        #expect((low - slack)...(high + slack) ~= current, "\(label): current \(current) °C, next 24 h \(low)…\(high) °C")
        let observed = LocalTime(report.current.observedAt, report.zone)
        if (13..<17).contains(observed.hour) {
            #expect(current >= middle, "\(label): \(current) °C at \(observed.clockTime(.twentyFourHour)), next 24 h \(low)…\(high) °C")
        }
        let sunrise = try #require(report.current.sunrise)
        if abs(report.current.observedAt.timeIntervalSince(sunrise)) <= 1.5 * 3600 {
            #expect(current <= middle, "\(label): \(current) °C at \(observed.clockTime(.twentyFourHour)), next 24 h \(low)…\(high) °C")
        }
        let all = report.forecast.compactMap(\.temperature)
        let steepest = zip(all, all.dropFirst()).map { abs($0 - $1) }.max() ?? 0
        let step = abs(current - temperatures[0])
        #expect(step <= 1.25 * steepest + 0.05, "\(label): current \(current) °C, first slot \(temperatures[0]) °C, steepest 3 h step \(steepest)")
    }

    @Test(arguments: cities, clocks)
    func temperaturesFollowADailyCurve(city: String, clock: String) async throws {
        let report = try await Self.report(city, at: try Self.date(clock))
        try Self.checkDailyCurve(report, "\(city) at \(clock)")
        try Self.checkCurrentOnCurve(report, "\(city) at \(clock)")
    }

    /// Every 37 minutes for a day, so the reading and the slots cross every sunrise, sunset and local midnight at
    /// every offset from the 3-hour grid.
    @Test(arguments: cities)
    func everyHourOfTheClockIsCoherent(city: String) async throws {
        let start = try Self.date("2026-12-30T00:07:00Z")
        for step in 0..<40 {
            let clock = start.addingTimeInterval(Double(step) * 37 * 60)
            let report = try await Self.report(city, at: clock)
            let label = "\(city) at \(clock)"
            try Self.checkNight(report, label)
            try Self.checkDailyCurve(report, label)
            try Self.checkCurrentOnCurve(report, label)
        }
    }

    // MARK: Character

    /// The sample's own temperatures for `city`, as bundled.
    static func sampleTemperatures(_ city: String) throws -> [Double] {
        let transport = SampleDataTransport()
        let sample = try #require(transport.samples.first { $0.name == city })
        let forecast = try JSONValue.parse(try #require(Assets.data(sample.folder + "forecast.json")))
        return try #require(forecast["list"]?.array).compactMap { $0["main"]?["temp"]?.double }
    }

    @Test(arguments: cities)
    func eachPlaceKeepsItsOwnTemperatures(city: String) async throws {
        let sample = try Self.sampleTemperatures(city)
        let range = try #require(sample.min())...(try #require(sample.max()))
        // Rain and snow cool London's and Reykjavík's first sample day; the other samples repeat every 24 hours.
        let sampleDays = Set(stride(from: 0, to: sample.count - 7, by: 8).map { "\(sample[$0..<$0 + 8].min() ?? 0) \(sample[$0..<$0 + 8].max() ?? 0)" })
        var daysDiffer = false
        for clock in Self.clocks {
            let report = try await Self.report(city, at: try Self.date(clock))
            #expect(range ~= report.current.temperature, "\(city) at \(clock): current \(report.current.temperature)")
            for slot in report.forecast {
                #expect(slot.temperature.map { range ~= $0 } == true, "\(city) at \(clock): slot \(slot.temperature ?? .nan) outside \(range)")
            }
            let days = Set(Self.fullDays(report).map { "\($0.compactMap(\.temperature).min() ?? 0) \($0.compactMap(\.temperature).max() ?? 0)" })
            daysDiffer = daysDiffer || days.count > 1
        }
        #expect(daysDiffer || sampleDays.count == 1, "\(city): every whole day alike, sample days \(sampleDays)")
    }

    @Test func reykjavikStaysFrozenAndMumbaiWarm() async throws {
        for clock in Self.clocks {
            let reykjavik = try await Self.report("Reykjavík", at: try Self.date(clock))
            #expect((reykjavik.forecast.compactMap(\.temperature) + [reykjavik.current.temperature]).allSatisfy { $0 <= 0 })
            let mumbai = try await Self.report("Mumbai", at: try Self.date(clock))
            #expect((mumbai.forecast.compactMap(\.temperature) + [mumbai.current.temperature]).allSatisfy { $0 >= 20 })
        }
    }

    // MARK: What else changes

    /// The transport's raw answer for a sample place's endpoint at `clock`, beside the bundled file it came from.
    static func answers(_ city: String, _ endpoint: String, at clock: Date) async throws -> (served: JSONValue, bundled: JSONValue) {
        let transport = SampleDataTransport(now: { clock })
        let sample = try #require(transport.samples.first { $0.name == city })
        let url = try #require(URL(string: "https://api.openweathermap.org/data/2.5/\(endpoint)?lat=\(sample.latitude)&lon=\(sample.longitude)"))
        let response = try await transport.get(url, timeout: 30)
        #expect(response.status == 200)
        let file = sample.folder + (endpoint == "weather" ? "current.json" : "forecast.json")
        return (try JSONValue.parse(response.body), try JSONValue.parse(try #require(Assets.data(file))))
    }

    /// `weather` entries equal apart from the icon's d/n suffix; returns the served suffix.
    static func checkWeather(_ served: JSONValue?, _ bundled: JSONValue?, _ label: String) throws -> Character {
        let servedEntries = try #require(served?.array), bundledEntries = try #require(bundled?.array)
        #expect(servedEntries.count == bundledEntries.count)
        var suffix: Character = "?"
        for (s, b) in zip(servedEntries, bundledEntries) {
            for key in ["id", "main", "description"] { #expect(s[key] == b[key], "\(label): \(key)") }
            let icon = try #require(s["icon"]?.string), original = try #require(b["icon"]?.string)
            #expect(icon.dropLast() == original.dropLast(), "\(label): icon \(icon) for \(original)")
            suffix = try #require(icon.last)
            #expect(suffix == "d" || suffix == "n")
        }
        return suffix
    }

    static func close(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return false }
        return abs(a - b) < 0.011
    }

    @Test(arguments: cities)
    func onlyTimesTemperaturesAndDayOrNightChange(city: String) async throws {
        for clock in [Self.clocks[2], Self.clocks[5]] {
            let date = try Self.date(clock)
            let (current, bundledCurrent) = try await Self.answers(city, "weather", at: date)
            let (forecast, bundledForecast) = try await Self.answers(city, "forecast", at: date)
            let label = "\(city) at \(clock)"

            // Both answers agree on the sun.
            #expect(forecast["city"]?["sunrise"] == current["sys"]?["sunrise"], "\(label)")
            #expect(forecast["city"]?["sunset"] == current["sys"]?["sunset"], "\(label)")
            #expect(current["sys"]?["sunrise"] != bundledCurrent["sys"]?["sunrise"], "\(label): sunrise not moved")

            _ = try Self.checkWeather(current["weather"], bundledCurrent["weather"], label)
            let main = try #require(current["main"]), bundledMain = try #require(bundledCurrent["main"])
            let shift = try #require(main["temp"]?.double) - (try #require(bundledMain["temp"]?.double))
            for key in ["feels_like", "temp_min", "temp_max"] {
                #expect(Self.close(main[key]?.double, bundledMain[key]?.double.map { $0 + shift }), "\(label): current \(key)")
            }
            for key in ["pressure", "humidity"] { #expect(main[key] == bundledMain[key], "\(label): current \(key)") }
            for key in ["wind", "rain", "snow", "clouds", "visibility", "coord", "name", "timezone"] {
                #expect(current[key] == bundledCurrent[key], "\(label): current \(key)")
            }

            let slots = try #require(forecast["list"]?.array), bundledSlots = try #require(bundledForecast["list"]?.array)
            #expect(slots.count == bundledSlots.count)
            for (index, (slot, bundled)) in zip(slots, bundledSlots).enumerated() {
                let slotLabel = "\(label) slot \(index)"
                let suffix = try Self.checkWeather(slot["weather"], bundled["weather"], slotLabel)
                #expect(slot["sys"]?["pod"]?.string == String(suffix), "\(slotLabel): pod and icon disagree")
                let main = try #require(slot["main"]), bundledMain = try #require(bundled["main"])
                let temp = try #require(main["temp"]?.double)
                #expect(main["temp_min"]?.double == temp && main["temp_max"]?.double == temp, "\(slotLabel)")
                let chill = try #require(bundledMain["feels_like"]?.double) - (try #require(bundledMain["temp"]?.double))
                #expect(Self.close(main["feels_like"]?.double, temp + chill), "\(slotLabel): feels_like")
                for key in ["pressure", "humidity"] { #expect(main[key] == bundledMain[key], "\(slotLabel): \(key)") }
                for key in ["wind", "rain", "snow", "clouds", "visibility", "pop"] {
                    #expect(slot[key] == bundled[key], "\(slotLabel): \(key)")
                }
            }
        }
    }

    @Test func theSameClockGivesTheSameAnswers() async throws {
        let clock = try Self.date(Self.clocks[3])
        for endpoint in ["weather", "forecast"] {
            let first = try await Self.answers("Kathmandu", endpoint, at: clock).served
            let second = try await Self.answers("Kathmandu", endpoint, at: clock).served
            #expect(first == second)
        }
    }
}
