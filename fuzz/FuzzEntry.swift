import Foundation
@testable import HTTPKit

// libFuzzer entry point. The first byte picks the target; the rest is its input.
// Built with WeatherCore's sources in the same module, and HTTPKit built for testing (see scripts/fuzz.sh), so
// internal types are reachable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count > 0 else { return 0 }
    let data = Data(bytes: bytes + 1, count: count - 1)
    let text = String(decoding: data, as: UTF8.self)
    switch bytes[0] % 10 {
    case 0: _ = try? ResponseDecoding.current(data)
    case 1: _ = try? ResponseDecoding.forecast(data)
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
    default:
        // What is written reads back the same.
        if let json = try? JSONValue.parse(data) {
            precondition((try? JSONValue.parse(json.serialized)) == json)
            precondition((try? JSONValue.parse(json.prettyPrinted)) == json)
        }
    }
    return 0
}
