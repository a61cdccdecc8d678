import Foundation

// libFuzzer entry point. The first byte picks the target; the rest is its input.
// Built with WeatherCore's sources in the same module (see scripts/fuzz.sh), so internal types are reachable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count > 0 else { return 0 }
    let data = Data(bytes: bytes + 1, count: count - 1)
    let text = String(decoding: data, as: UTF8.self)
    switch bytes[0] % 7 {
    case 0: _ = try? ResponseDecoding.current(data)
    case 1: _ = try? ResponseDecoding.forecast(data)
    case 2: _ = try? ResponseDecoding.places(data)
    case 3:
        if let command = try? Command.parse(text), case .hourly(let n?) = command {
            precondition((1...Command.maximumSlots).contains(n))
        }
    case 4:
        if case .coordinates(let lat, let lon)? = try? LocationQuery.parse(text) {
            precondition((-90...90).contains(lat) && (-180...180).contains(lon))
        }
    case 5:
        let clean = text.sanitizedForTerminal
        precondition(!clean.unicodeScalars.contains { $0.properties.generalCategory == .control })
    default:
        _ = CompletionMatcher.complete(text, cities: ["Zürich, CH", "Rio de Janeiro, BR", text])
        _ = try? JSONDecoder().decode(Preferences.self, from: data)
    }
    return 0
}
