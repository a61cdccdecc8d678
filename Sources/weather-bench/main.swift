import Foundation
import WeatherCLI
import WeatherCore
import WeatherProviders

// In-process costs, printed as figures (never asserted): decoding and formatting a 40-slot forecast, and the
// one-time set-ups a run pays. Usage: weather-bench FIXTURES_FOLDER [ITERATIONS]

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: weather-bench FIXTURES_FOLDER [ITERATIONS]\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 2000 : 2000

func load(_ name: String) -> Data {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
        FileHandle.standardError.write(Data("missing \(name)\n".utf8))
        exit(1)
    }
    return data
}

/// Median of `rounds` timings of `body`, in microseconds per call.
func measure(_ label: String, rounds: Int = 7, calls: Int, _ body: () throws -> Void) rethrows {
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        for _ in 0..<calls { try body() }
        let elapsed = ContinuousClock.now - start
        samples.append((Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6) / Double(calls))
    }
    samples.sort()
    print(String(format: "%-44@ %10.1f µs", label as NSString, samples[samples.count / 2]))
}

let currentData = load("current_testford.json")
let forecastData = load("forecast_testford.json")
let place = Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12)
let formatter = DisplayFormatter(options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: .english))
var sink = 0

try measure("decode current + 40-slot forecast", calls: iterations) {
    let current = try ResponseDecoding.current(currentData)
    let forecast = try ResponseDecoding.forecast(forecastData)
    sink &+= forecast.slots.count + current.utcOffset
}
let (current, offset) = try ResponseDecoding.current(currentData)
let (slots, _) = try ResponseDecoding.forecast(forecastData)
let report = WeatherReport(place: place, current: current, forecast: slots, zone: .fixed(offset), source: .live(fetchedAt: Date()), provider: .openWeather)
measure("format current + hourly (8) + 5-day", calls: iterations) {
    sink &+= formatter.current(report).temperature.count
    sink &+= formatter.hourly(report, count: 8).rows.count
    sink &+= formatter.daily(report).rows.count
}
try measure("decode + format, all three views", calls: iterations) {
    let (c, o) = try ResponseDecoding.current(currentData)
    let (s, _) = try ResponseDecoding.forecast(forecastData)
    let r = WeatherReport(place: place, current: c, forecast: s, zone: .fixed(o), source: .sample, provider: .openWeather)
    sink &+= formatter.current(r).place.count + formatter.hourly(r, count: 8).rows.count + formatter.daily(r).rows.count
}
measure("set-up: weekday names for a language", calls: 20) {
    sink &+= DisplayFormatter(options: DisplayOptions(language: .french)).daily(report).rows.count
}
measure("set-up: offline sample data", calls: 20) {
    sink &+= SampleDataTransport().placeNames.count
}

// The map (Sources/WeatherCLI/Map): the coastlines' first read, a fresh copy each call; then maps drawn and rendered
// with colour, five cities at 80 columns and 200 places (spread as a pseudo-random but fixed sequence) at 200.
measure("map: coastlines inflated and decoded", calls: 20) {
    sink &+= Coastlines().source?.count ?? 0
}
/// A fixed sequence of numbers in 0..<1 (a linear congruential generator): the same places every run.
struct FixedSequence {
    var state: UInt64 = 26
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}
var sequence = FixedSequence()
let cities = [("London", 51.51, -0.13), ("Paris", 48.86, 2.35), ("Berlin", 52.52, 13.40), ("Madrid", 40.42, -3.70), ("Rome", 41.89, 12.48)]
let fivePins = cities.enumerated().map { MapPin(number: $0 + 1, latitude: $1.1, longitude: $1.2, name: $1.0, temperature: "12°", celsius: 12) }
let manyPins = (1...200).map { n in
    MapPin(number: n, latitude: -50 + 120 * sequence.next(), longitude: -180 + 360 * sequence.next(), name: "Place \(n)", temperature: "\(n % 40)°", celsius: Double(n % 40))
}
let mapStyle = Style(color: true, unicode: true)
let mapRenderer = MapRenderer(style: mapStyle)
measure("map: 5 places at 80 columns, drawn + rendered", calls: 50) {
    sink &+= mapStyle.render(mapRenderer.draw(fivePins, columns: 80).lines).utf8.count
}
measure("map: 200 places at 200 columns, drawn + rendered", calls: 50) {
    sink &+= mapStyle.render(mapRenderer.draw(manyPins, columns: 200).lines).utf8.count
}
// `:map` at the prompt draws the map again for each key that moves the cross: the same draw with the cross placed first.
let worldFrame = mapRenderer.draw(manyPins, columns: 200).frame
measure("map: 200 places at 200 columns, with the cross", calls: 50) {
    let cross = MapExplorer.Cell(column: 100, row: worldFrame.rows / 2)
    sink &+= mapStyle.render(mapRenderer.draw(manyPins, in: worldFrame, cross: cross).lines).utf8.count
}
// A one-place map of its region: the place and 16 large cities marked by a dot, at 200 columns.
let regionPins = [fivePins[0]] + (0..<16).map { n in
    MapPin(number: 0, latitude: 46 + 10 * sequence.next(), longitude: -8 + 16 * sequence.next(), name: "City \(n)", temperature: "9°", celsius: 9, isNumbered: false)
}
measure("map: a region, 1 place and 16 cities at 200 columns", calls: 50) {
    sink &+= mapStyle.render(mapRenderer.draw(regionPins, columns: 200).lines).utf8.count
}

// MeteoAlarm's areas (Sources/WeatherProviders/MeteoAlarm/MeteoAlarmAreas.swift): the first read, a fresh copy each
// call; then 200 lookups (a lookup takes a 200th of the figure): fixed pseudo-random points across Poland (385 areas,
// the most of any country) and France, and points along 1.35° W, off the Atlantic coast of France, where those in no
// outline look for the nearest within 5 km.
measure("meteoalarm: areas inflated and decoded", calls: 20) {
    sink &+= MeteoAlarmAreas().knows("FR064") ? 1 : 0
}
var areaPoints = FixedSequence()
let areaLookups = (0..<200).map { index -> (Double, Double, String) in
    let (u, v) = (areaPoints.next(), areaPoints.next())
    return index % 2 == 0 ? (49 + 5.8 * u, 14.1 + 10 * v, "PL") : (43 + 7 * u, -1 + 8 * v, "FR")
}
let areasLoaded = MeteoAlarmAreas()
_ = areasLoaded.knows("FR064")
measure("meteoalarm: 200 points' areas (PL, FR)", calls: 5) {
    for (latitude, longitude, country) in areaLookups { sink &+= areasLoaded.areas(latitude: latitude, longitude: longitude, country: country)?.count ?? 0 }
}
measure("meteoalarm: 200 points off the Atlantic coast", calls: 5) {
    for index in 0..<200 { sink &+= areasLoaded.areas(latitude: 44 + Double(index) / 100, longitude: -1.35, country: "FR")?.count ?? 0 }
}
print("(checksum \(sink % 10))")
