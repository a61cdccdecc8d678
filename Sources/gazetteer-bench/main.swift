import Glibc
import WeatherCore

// The bundled gazetteer's costs, printed as figures (never asserted): its first use (inflating and indexing the
// asset), the memory that adds, then searches, did-you-mean and reverse lookups. Usage: gazetteer-bench [ROUNDS]
// (scripts/bench-gazetteer.sh builds it in release and runs it).

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 200 : 200

/// A /proc/self/status figure in KiB ("VmRSS", "VmHWM").
func status(_ field: String) -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix(field + ":") {
            return Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
    }
    return 0
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return String(rounded)
}

/// Median and worst of `body` over each input, `rounds` times, in microseconds.
func measure<Input>(_ label: String, _ inputs: [Input], _ body: (Input) -> Void) {
    var samples: [Double] = []
    for _ in 0..<rounds {
        for input in inputs {
            let start = ContinuousClock.now
            body(input)
            samples.append(microseconds(ContinuousClock.now - start))
        }
    }
    samples.sort()
    print("\(label): median \(format(samples[samples.count / 2])) µs, p99 \(format(samples[samples.count * 99 / 100])) µs, "
        + "worst \(format(samples[samples.count - 1])) µs (\(inputs.count) inputs × \(rounds))")
}

let gazetteer = Gazetteer()
let rssBefore = status("VmRSS")
let start = ContinuousClock.now
let first = gazetteer.search("Sao Paulo")
let load = microseconds(ContinuousClock.now - start)
let rssAfter = status("VmRSS")
print("source: \(gazetteer.source ?? "unreadable")")
print("first use (inflate + index + search): \(format(load / 1000)) ms; found \(first.first?.displayName ?? "nothing")")
print("memory: resident \(format(Double(rssBefore) / 1024)) MiB before, \(format(Double(rssAfter) / 1024)) MiB after (+\(format(Double(rssAfter - rssBefore) / 1024)) MiB), "
    + "peak \(format(Double(status("VmHWM")) / 1024)) MiB")

let queries = [
    "London", "Sao Paulo", "Zurich", "Londres", "Köln", "Cologne", "Springfield", "Springfield, IL", "Paris, FR",
    "London, ON, CA", "Portland, Oregon", "San Jose", "Santiago", "Kathmandu", "St. John's", "Testford", "Lower Slaughter",
    "Ciudad de México", "Washington", "Victoria",
]
measure("search", queries) { _ = gazetteer.search($0) }
let eugene = Place(name: "Eugene", state: "Oregon", country: "US", latitude: 44.05, longitude: -123.09)
measure("search near a followed place", queries) { _ = gazetteer.search($0, near: [eugene]) }
measure("did you mean", ["Lodnon", "Zurihc", "Springfeild", "Amsterdma", "Kathamndu", "Qqqqqqqq"]) { _ = gazetteer.suggestions(for: $0) }
var generator: UInt64 = 25
let points = (0..<200).map { _ -> (Double, Double) in
    generator = generator &* 6364136223846793005 &+ 1442695040888963407
    let a = Double(generator >> 11) / Double(1 << 53)
    generator = generator &* 6364136223846793005 &+ 1442695040888963407
    let b = Double(generator >> 11) / Double(1 << 53)
    return (a * 180 - 90, b * 360 - 180)
}
measure("nearest city", points) { _ = gazetteer.nearest(latitude: $0.0, longitude: $0.1) }
print("peak memory at the end: \(format(Double(status("VmHWM")) / 1024)) MiB")
