import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// Every number of every provider's answer, in turn, made hostile (±1e300, 1e19, -1, a billion, …): the answer is
/// either refused with a `badResponse` (no usable time or temperature) or read into a report whose every figure is
/// within its physical range, and every view, `--format` with every placeholder and `--json` are drawn from it in
/// each unit system without a trap (a trap would end this test process).
struct HostileNumberViewsTests {
    static let values: [Double] = [1e300, -1e300, 1e19, -1, 1e9]
    /// The values whose reports are drawn too (drawing is the slow part; every report's figures are checked).
    static let drawn: Set<Double> = [1e300]

    /// One step into a JSON document; `every` is each element of an array at once (a whole Open-Meteo column).
    enum Step: Equatable, CustomStringConvertible {
        case key(String), index(Int), every

        var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): "[\(index)]"
            case .every: "[*]"
            }
        }
    }

    /// The paths to every number in `json`: in arrays, the first three elements, and (for arrays of numbers) all.
    static func numberPaths(_ json: JSONValue, _ prefix: [Step] = []) -> [[Step]] {
        switch json {
        case .number: return [prefix]
        case .object(let members): return members.keys.sorted().flatMap { numberPaths(members[$0] ?? .null, prefix + [.key($0)]) }
        case .array(let values):
            var paths = values.prefix(3).enumerated().flatMap { numberPaths($1, prefix + [.index($0)]) }
            if values.contains(where: { $0.double != nil }) { paths.append(prefix + [.every]) }
            return paths
        default: return []
        }
    }

    static func replacing(_ json: JSONValue, at path: [Step], with value: Double) -> JSONValue {
        guard let step = path.first else { return .number(value) }
        let rest = Array(path.dropFirst())
        switch (step, json) {
        case (.key(let key), .object(var members)):
            members[key] = replacing(members[key] ?? .null, at: rest, with: value)
            return .object(members)
        case (.index(let index), .array(var values)) where index < values.count:
            values[index] = replacing(values[index], at: rest, with: value)
            return .array(values)
        case (.every, .array(let values)):
            return .array(values.map { $0.double == nil ? $0 : .number(value) })
        default:
            return json
        }
    }

    static let place = Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12)

    /// A provider's answer, and how the service builds a report from it.
    enum Answer: String, CaseIterable, CustomTestStringConvertible {
        case openWeatherCurrent, openWeatherForecast, openMeteo, metNorway

        var testDescription: String { rawValue }

        var fixture: Data {
            switch self {
            case .openWeatherCurrent: Fixtures.data("current_testford.json")
            case .openWeatherForecast: Fixtures.data("forecast_testford.json")
            case .openMeteo: Fixtures.data("openmeteo/forecast_testford.json")
            case .metNorway: Fixtures.data("metno/compact_fjordby.json")
            }
        }

        var now: Date {
            switch self {
            case .openWeatherCurrent, .openWeatherForecast: Date(timeIntervalSince1970: 1_699_918_300)
            case .openMeteo: Date(timeIntervalSince1970: 1_699_959_000)
            case .metNorway: Date(timeIntervalSince1970: 1_699_939_800)
            }
        }

        func report(_ body: Data) throws(WeatherError) -> WeatherReport {
            let source = DataSource.live(fetchedAt: now)
            switch self {
            case .openWeatherCurrent, .openWeatherForecast:
                let current = try ResponseDecoding.current(self == .openWeatherCurrent ? body : Fixtures.data("current_testford.json"))
                let forecast = try ResponseDecoding.forecast(self == .openWeatherForecast ? body : Fixtures.data("forecast_testford.json"))
                return OpenWeatherService.report(HostileNumberViewsTests.place, current, forecast, source: source, sample: false)
            case .openMeteo:
                return OpenMeteoService.report(HostileNumberViewsTests.place, try OpenMeteoDecoding.forecast(body), source: source)
            case .metNorway:
                let forecast = try Locationforecast.decode(body).near(now)
                let built = METNorwayReport(forecast, latitude: 60, longitude: 10, zone: .fixed(3600), now: now)
                return WeatherReport(
                    place: HostileNumberViewsTests.place, current: built.current, forecast: built.steps, zone: .fixed(3600), source: source,
                    provider: .metNorway, hourly: built.hourly, days: built.days)
            }
        }
    }

    /// The figures of the report that the views could not show (none, when the checks work).
    static func outOfRange(_ report: WeatherReport) -> [String] {
        let c = report.current
        var wrong: [String] = []
        func check(_ ok: Bool, _ name: String) { if !ok { wrong.append(name) } }
        check(PhysicalRange.temperature ~= c.temperature && PhysicalRange.temperature ~= c.feelsLike, "temperature")
        check(PhysicalRange.moment ~= c.observedAt.timeIntervalSince1970, "observedAt")
        check(PhysicalRange.utcOffset ~= report.zone.offset(at: c.observedAt), "utcOffset")
        check([c.humidity, c.cloudCover].allSatisfy { $0.map { (0...100).contains($0) } ?? true }, "percent")
        check(c.pressure.map { PhysicalRange.pressure ~= $0 } ?? true, "pressure")
        check([c.windSpeed, c.windGust].allSatisfy { $0.map { PhysicalRange.windSpeed ~= $0 } ?? true }, "wind")
        check(c.windDegrees.map { PhysicalRange.direction ~= $0 } ?? true, "direction")
        check(c.visibility.map { PhysicalRange.visibility ~= $0 } ?? true, "visibility")
        check([c.rain, c.snow].allSatisfy { $0.map { PhysicalRange.precipitation ~= $0.millimetres } ?? true }, "precipitation")
        check([c.sunrise, c.sunset].allSatisfy { $0.map { abs($0.timeIntervalSince(c.observedAt)) <= PhysicalRange.reach } ?? true }, "sun")
        for slot in report.forecast + (report.hourly ?? []) {
            check(slot.temperature.map { PhysicalRange.temperature ~= $0 } ?? true, "slot temperature")
            check(abs(slot.time.timeIntervalSince(c.observedAt)) <= PhysicalRange.reach, "slot time")
            check(slot.humidity.map { (0...100).contains($0) } ?? true, "slot humidity")
            check(slot.windSpeed.map { PhysicalRange.windSpeed ~= $0 } ?? true, "slot wind")
            // A 3-hour step adds up its hours' amounts.
            check(slot.precipitation.map { $0 >= 0 && $0 <= 3 * PhysicalRange.precipitation.upperBound } ?? true, "slot precipitation")
            check(slot.precipitationProbability.map { (0...1).contains($0) } ?? true, "slot chance")
        }
        for day in report.days ?? [] {
            check(PhysicalRange.temperature ~= day.high && PhysicalRange.temperature ~= day.low, "day temperature")
            check(abs(day.date.timeIntervalSince(c.observedAt)) <= PhysicalRange.reach, "day date")
        }
        return wrong
    }

    /// Draws everything a person or a script can get from `report`.
    static func drawEverything(_ report: WeatherReport, now: Date, in systems: [UnitSystem] = UnitSystem.allCases) -> Int {
        var characters = 0
        let every = try? StatusFormat(parsing: StatusFormat.Field.allCases.map { "%\($0.rawValue)" }.joined(separator: " "))
        for units in systems {
            let formatter = DisplayFormatter(options: DisplayOptions(units: units, clock: .twelveHour, language: .english), now: now)
            let renderer = Renderer(style: Style(color: true, unicode: true, trueColor: true), width: 80, strings: Strings.terminal(.english))
            for view in ProviderViewsTests.render(report, beside: report, formatter, renderer) { characters += view.text.count }
            if let every { characters += renderer.style.render([every.line(formatter.current(report), style: renderer.style)]).count }
            let json = JSONDocument(
                current: formatter.current(report), hourly: formatter.hourly(report, count: 40), daily: formatter.daily(report))
            characters += json.text?.count ?? 0
            characters += ForecastSummaries(options: formatter.options).rainOutlook(report).count
        }
        return characters
    }

    @Test(arguments: Answer.allCases)
    func everyNumberOfAnAnswerMadeHostile(answer: Answer) async throws {
        let original = try JSONValue.parse(answer.fixture)
        let paths = Self.numberPaths(original)
        try #require(paths.count > 20, "the fixture has numbers to spoil")
        // Minutes of work: on a thread of its own, not one of the few cooperative threads the async tests share.
        let (refused, shown, problems) = await offThread { () -> (Int, Int, [String]) in
            var refused = 0, shown = 0
            var problems: [String] = []
            for path in paths {
                for value in Self.values {
                    let label = "\(answer) \(path.map(\.description).joined(separator: ".")) = \(value)"
                    let body = Data(Self.replacing(original, at: path, with: value).serialized.utf8)
                    let report: WeatherReport
                    do {
                        report = try answer.report(body)
                    } catch {
                        if case .badResponse? = error as? WeatherError { refused += 1 } else { problems.append("\(label): \(error)") }
                        continue
                    }
                    shown += 1
                    problems += Self.outOfRange(report).map { "\(label): \($0) out of range" }
                    if Self.drawn.contains(value), Self.drawEverything(report, now: answer.now, in: [.imperial]) == 0 {
                        problems.append("\(label): nothing drawn")
                    }
                }
            }
            return (refused, shown, problems)
        }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        // MET Norway's entries stand alone: one without a usable time or temperature is skipped, never the answer.
        #expect((answer == .metNorway ? refused == 0 : refused > 0) && shown > refused, "\(answer): \(refused) refused, \(shown) shown")
    }

    @Test func theFormattersDrawAReportOfExtremesWithoutTrapping() async {
        // Not a report any decoder makes (they check first): the formatting layer's own defence.
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let condition = Condition(code: 500, main: "Rain", description: "rain", isNight: false)
        let slots = (0..<4).map { index in
            ForecastSlot(
                time: now.addingTimeInterval(Double(index + 1) * 10_800), condition: condition, temperature: index % 2 == 0 ? 1e300 : -1e300,
                humidity: .max, windSpeed: .nan, windDegrees: -.infinity, precipitationProbability: 1e19, precipitation: -1e300)
        }
        let report = WeatherReport(
            place: Self.place,
            current: CurrentConditions(
                observedAt: now, condition: condition, temperature: .nan, feelsLike: 1e300, humidity: .min, pressure: -1e300,
                windSpeed: 1e300, windDegrees: .nan, windGust: .infinity, visibility: 1e300, cloudCover: .max,
                rain: Precipitation(millimetres: 1e300, hours: .max)),
            forecast: slots, zone: .fixed(1_000_000_000), source: .stale(fetchedAt: .distantPast, reason: .timedOut(seconds: 1)),
            provider: .openWeather, days: [DayForecast(date: now, high: .infinity, low: -1e300, precipitation: .nan, precipitationProbability: -5)])
        #expect(await offThread { Self.drawEverything(report, now: now, in: [.imperial]) } > 0)
    }
}
