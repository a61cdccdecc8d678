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
    /// `coverage` is `properties.meta.radar_coverage`.
    public static func met(rates: [Double], start: Int, coverage: String = "ok") throws -> Data {
        let steps = rates.enumerated().map { index, rate -> [String: Any] in
            [
                "time": iso(start + index * 300),
                "data": ["instant": ["details": ["precipitation_rate": rate]]],
            ]
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

    /// An Open-Meteo answer with `minutely_15.precipitation`: `amounts` (mm in the 15 minutes before each time), the
    /// first time `end` (Unix seconds).
    public static func openMeteo(amounts: [Double], end: Int) throws -> Data {
        try JSONSerialization.data(withJSONObject: [
            "latitude": 47.37, "longitude": 8.54, "utc_offset_seconds": 0, "timezone": "GMT",
            "minutely_15_units": ["time": "unixtime", "precipitation": "mm"],
            "minutely_15": ["time": amounts.indices.map { end + $0 * 900 }, "precipitation": amounts] as [String: Any],
        ] as [String: Any])
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
