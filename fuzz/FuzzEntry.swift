import Foundation
@testable import HTTPKit
@testable import WeatherCore

// libFuzzer entry point. The first byte picks the target; the rest is its input.
// Built with WeatherCore's sources in the same module, and HTTPKit built for testing (see scripts/fuzz.sh), so
// internal types are reachable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count > 0 else { return 0 }
    let data = Data(bytes: bytes + 1, count: count - 1)
    let text = String(decoding: data, as: UTF8.self)
    switch bytes[0] % 14 {
    case 0: if let current = try? ResponseDecoding.current(data) { showEverything(openWeather(current: current)) }
    case 1: if let forecast = try? ResponseDecoding.forecast(data) { showEverything(openWeather(forecast: forecast)) }
    case 2:
        // Place names from a geocoder carry nothing that could act on a terminal.
        for place in (try? ResponseDecoding.places(data)) ?? [] {
            for part in [place.name, place.state, place.country, place.timeZone].compactMap({ $0 }) {
                precondition(!part.unicodeScalars.contains { $0.isUnsafeForTerminal })
            }
        }
    case 3:
        if let command = try? Command.parse(text), case .hourly(let n?) = command {
            precondition((1...Command.maximumSlots).contains(n))
        }
    case 4:
        if case .coordinates(let lat, let lon)? = try? LocationQuery.parse(text) {
            precondition((-90...90).contains(lat) && (-180...180).contains(lon))
        }
    case 5:
        // No control, bidirectional or zero-width character survives, and sanitising twice changes nothing.
        let clean = text.sanitizedForTerminal
        precondition(!clean.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.isUnsafeForTerminal })
        precondition(clean.sanitizedForTerminal == clean)
        // JSON text made safe reads the same.
        if let json = try? JSONValue.parse(data) {
            precondition((try? JSONValue.parse(json.serialized.escapingUnsafeScalarsInJSON)) == json)
        }
    case 6:
        _ = CompletionMatcher.complete(text, cities: ["Zürich, CH", "Rio de Janeiro, BR", text])
        if let preferences = try? Preferences(data: data) {
            precondition((try? Preferences(data: preferences.data)) == preferences)
        }
    case 7:
        // Any split of the bytes gives the same response, or the same failure.
        var whole = HTTPResponseParser()
        var split = HTTPResponseParser()
        let cut = data.count / 3
        let one = Result { () throws(HTTPResponseParser.Failure) in try whole.append(data) }
        let two = Result { () throws(HTTPResponseParser.Failure) in
            try split.append(data.prefix(cut))
            return try split.append(data.dropFirst(cut))
        }
        precondition((try? one.get()) == (try? two.get()))
        precondition(whole.response?.body == split.response?.body)
    case 8:
        // A zone file or a POSIX rule, read and asked for offsets far and near: within a day of UTC, never a trap.
        let instants: [Double] = [-1e300, -1e12, 0, 1.8e9, 4.1e9, 1e12, .infinity, .nan]
        if let rules = TZif.rules(name: "Fuzz/Zone", bytes: Array(data)) {
            for instant in instants { precondition(abs(rules.offset(at: Date(timeIntervalSince1970: instant))) < 93_600) }
        }
        if let rule = POSIXZoneRule(text) {
            for instant in [Int64(-1e12), 0, 1_800_000_000, Int64(1e12)] { precondition(abs(rule.offset(at: instant)) <= 2 * 93_600) }
        }
    case 9: if let forecast = try? OpenMeteoDecoding.forecast(data) { showEverything(openMeteo(forecast)) }
    case 10: if let forecast = try? Locationforecast.decode(data) { showEverything(metNorway(forecast)) }
    case 11: _ = try? OpenMeteoDecoding.places(data)
    case 12: spoilAFixture(data)
    default:
        // What is written reads back the same.
        if let json = try? JSONValue.parse(data) {
            precondition((try? JSONValue.parse(json.serialized)) == json)
            precondition((try? JSONValue.parse(json.prettyPrinted)) == json)
        }
    }
    return 0
}

// MARK: Hostile numbers and text in every field of every provider's answer

let fuzzPlace = Place(name: "Testford", latitude: 51.5, longitude: -0.12)
let fuzzNow = Date(timeIntervalSince1970: 1_699_939_800)

func openWeather(
    current: (conditions: CurrentConditions, utcOffset: Int)? = nil, forecast: (slots: [ForecastSlot], utcOffset: Int?)? = nil
) -> WeatherReport? {
    guard let current = current ?? (try? ResponseDecoding.current(fixture("current_testford.json"))),
        let forecast = forecast ?? (try? ResponseDecoding.forecast(fixture("forecast_testford.json")))
    else { return nil }
    return OpenWeatherService.report(fuzzPlace, current, forecast, source: .live(fetchedAt: fuzzNow), sample: false)
}

func openMeteo(_ forecast: OpenMeteoForecast) -> WeatherReport {
    OpenMeteoService.report(fuzzPlace, forecast, source: .live(fetchedAt: fuzzNow))
}

func metNorway(_ forecast: Locationforecast) -> WeatherReport? {
    guard let near = try? forecast.near(fuzzNow) else { return nil }
    let built = METNorwayReport(near, latitude: 60, longitude: 10, zone: .fixed(3600), now: fuzzNow)
    return WeatherReport(
        place: fuzzPlace, current: built.current, forecast: built.steps, zone: .fixed(3600), source: .live(fetchedAt: fuzzNow),
        provider: .metNorway, hourly: built.hourly, days: built.days)
}

/// Every view's display structs, in every unit system: any trap is a crash libFuzzer saves. Every figure a decoder
/// let through must be within its physical range.
func showEverything(_ report: WeatherReport?) {
    guard let report else { return }
    let c = report.current
    precondition(PhysicalRange.temperature.contains(c.temperature) && PhysicalRange.temperature.contains(c.feelsLike))
    precondition(PhysicalRange.utcOffset.contains(report.zone.offset(at: c.observedAt)))
    precondition(PhysicalRange.moment.contains(c.observedAt.timeIntervalSince1970))
    for slot in report.forecast + (report.hourly ?? []) {
        precondition(PhysicalRange.temperature.contains(slot.temperature))
        precondition(abs(slot.time.timeIntervalSince(c.observedAt)) <= PhysicalRange.reach)
    }
    for units in UnitSystem.allCases {
        let formatter = DisplayFormatter(options: DisplayOptions(units: units, clock: .twelveHour, language: .english), now: fuzzNow)
        _ = formatter.current(report)
        _ = formatter.hourly(report, count: 40)
        _ = formatter.hourly(report, count: 48, hourByHour: true)
        _ = formatter.daily(report)
        _ = formatter.rain(report)
    }
}

/// Fixtures the structured target spoils: each provider's weather answer.
let spoilable = ["current_testford.json", "forecast_testford.json", "openmeteo/forecast_testford.json", "metno/compact_fjordby.json"]
/// What a field becomes: numbers no weather has, and text with control characters, escapes and bidi overrides.
let hostileValues: [JSONValue] = [
    .number(1e300), .number(-1e300), .number(1e19), .number(-1e19), .number(-1), .number(0), .number(1e9), .number(-1e9),
    .number(4.9e-324), .number(9_007_199_254_740_993), .number(1.7976931348623157e308), .number(64_801), .number(101),
    .number(1_100.5), .number(-0.0001), .string("\u{1B}]52;c;aGk=\u{07}"), .string("\u{0}"), .string("\u{202E}evil"),
    .string("a\nb"), .string("\u{9B}31m"), .string("2090-01-01T00:00:00Z"), .string("9999-12-31T23:59:60Z"), .string(""),
    .null, .bool(true), .array([]), .object([:]),
]

func fixture(_ name: String) -> Data {
    FileManager.default.contents(atPath: "Tests/Fixtures/" + name) ?? Data()
}

/// Every leaf of `json`: object members and the first three elements of each array, and whole arrays.
func leaves(_ json: JSONValue, _ path: [String] = []) -> [[String]] {
    switch json {
    case .object(let members): return members.keys.sorted().flatMap { leaves(members[$0] ?? .null, path + [$0]) }
    case .array(let values): return [path + ["*"]] + values.prefix(3).enumerated().flatMap { leaves($1, path + [String($0)]) }
    default: return [path]
    }
}

func replacing(_ json: JSONValue, _ path: ArraySlice<String>, _ value: JSONValue) -> JSONValue {
    guard let step = path.first else { return value }
    switch json {
    case .object(var members):
        if let member = members[step] { members[step] = replacing(member, path.dropFirst(), value) }
        return .object(members)
    case .array(var values):
        for index in values.indices where step == "*" || Int(step) == index {
            values[index] = replacing(values[index], path.dropFirst(), value)
        }
        return .array(values)
    default: return json
    }
}

/// The first byte picks a fixture; each pair after it picks a leaf and a hostile value for it. The spoiled answer
/// goes through its provider's decoder and every view.
func spoilAFixture(_ data: Data) {
    guard let first = data.first else { return }
    let index = Int(first) % spoilable.count
    guard var json = try? JSONValue.parse(fixture(spoilable[index])) else { return }
    let paths = leaves(json)
    var bytes = Array(data.dropFirst())
    while bytes.count >= 3 {
        let leaf = (Int(bytes[0]) << 8 | Int(bytes[1])) % paths.count
        json = replacing(json, paths[leaf][...], hostileValues[Int(bytes[2]) % hostileValues.count])
        bytes.removeFirst(3)
    }
    let body = Data(json.serialized.utf8)
    switch index {
    case 0: if let current = try? ResponseDecoding.current(body) { showEverything(openWeather(current: current)) }
    case 1: if let forecast = try? ResponseDecoding.forecast(body) { showEverything(openWeather(forecast: forecast)) }
    case 2: if let forecast = try? OpenMeteoDecoding.forecast(body) { showEverything(openMeteo(forecast)) }
    default: if let forecast = try? Locationforecast.decode(body) { showEverything(metNorway(forecast)) }
    }
}
