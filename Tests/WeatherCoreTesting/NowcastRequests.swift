import Foundation
import WeatherCore

extension LoopbackServer.Request {
    /// True for a request for rain to the minute (issue 28): MET Norway's nowcast, or Open-Meteo's 15-minute
    /// precipitation, asked beside the weather for places in the regions that have them. (Through a proxy, the path
    /// is the whole URL.)
    public var asksForNowcast: Bool {
        path.hasSuffix("/weatherapi/nowcast/2.0/complete") || value("minutely_15") != nil
    }
}

/// Nowcast answers as the tests' servers give them, written for the project (the shapes of MET Norway's Nowcast 2.0
/// and Open-Meteo's `minutely_15`).
public enum FakeNowcast {
    /// A Nowcast 2.0 answer: one step every 5 minutes from `start` (Unix seconds), each with the rate given, in mm/h;
    /// `coverage` is `properties.meta.radar_coverage`. `symbols` are `next_1_hours` symbol codes by step index (the
    /// real answer has one, on the first step, with its air temperature; the other steps have the rate alone).
    public static func met(rates: [Double], start: Int, coverage: String = "ok", symbols: [Int: String] = [:]) throws -> Data {
        let steps = rates.enumerated().map { index, rate -> [String: Any] in
            var data: [String: Any] = ["instant": ["details": ["precipitation_rate": rate]]]
            if let symbol = symbols[index] {
                data["instant"] = ["details": ["precipitation_rate": rate, "air_temperature": -1.5]]
                data["next_1_hours"] = ["summary": ["symbol_code": symbol], "details": ["precipitation_amount": 0.4]]
            }
            return ["time": iso(start + index * 300), "data": data]
        }
        return try JSONSerialization.data(withJSONObject: [
            "type": "Feature",
            "geometry": ["type": "Point", "coordinates": [10.75, 59.91, 0]],
            "properties": [
                "meta": ["updated_at": iso(start), "units": ["precipitation_rate": "mm/h"], "radar_coverage": coverage],
                "timeseries": steps,
            ] as [String: Any],
        ] as [String: Any])
    }

    /// An Open-Meteo answer with `minutely_15`'s `precipitation`, `rain` and `snowfall`: `amounts` (mm in the 15
    /// minutes before each time), the first time `end` (Unix seconds). `snow` is the share of each amount that fell as
    /// snow (0 unless given: all rain), written as Open-Meteo does, the rain in mm and the snowfall in cm (its water
    /// times 0.7); `kinds: false` leaves `rain` and `snowfall` out.
    public static func openMeteo(amounts: [Double], end: Int, snow: [Double] = [], kinds: Bool = true) throws -> Data {
        let share = amounts.indices.map { $0 < snow.count ? snow[$0] : 0 }
        var block: [String: Any] = ["time": amounts.indices.map { end + $0 * 900 }, "precipitation": amounts]
        var units = ["time": "unixtime", "precipitation": "mm"]
        if kinds {
            block["rain"] = zip(amounts, share).map { rounded($0 * (1 - $1), 1) }
            block["snowfall"] = zip(amounts, share).map { rounded($0 * $1 * 0.7, 2) }
            units["rain"] = "mm"
            units["snowfall"] = "cm"
        }
        return try JSONSerialization.data(withJSONObject: [
            "latitude": 47.37, "longitude": 8.54, "utc_offset_seconds": 0, "timezone": "GMT",
            "minutely_15_units": units, "minutely_15": block,
        ] as [String: Any])
    }

    static func rounded(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// Two dry hours from the step now running, as MET Norway's nowcast (`path` its) or Open-Meteo's 15 minutes.
    public static func dry(path: String, now: Date = Date()) -> Data? {
        let seconds = Int(now.timeIntervalSince1970)
        if path.hasSuffix("/weatherapi/nowcast/2.0/complete") {
            return try? met(rates: Array(repeating: 0, count: 24), start: seconds / 300 * 300)
        }
        return try? openMeteo(amounts: Array(repeating: 0, count: 10), end: seconds / 900 * 900 + 900)
    }

    /// "2026-11-26T10:05:00Z", from the core's calendar arithmetic rather than a date formatter, which on Linux loads
    /// ICU's data on first use.
    public static func iso(_ seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let date = CivilDate(days: days)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", date.year, date.month, date.day, time / 3_600, time % 3_600 / 60, time % 60)
    }
}
