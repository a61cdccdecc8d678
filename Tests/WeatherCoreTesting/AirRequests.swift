import Foundation

extension LoopbackServer.Request {
    /// True for an air quality request (issue 28): Open-Meteo's, asked beside the weather by the current view, and
    /// OpenWeather's air pollution, asked with a key when Open-Meteo's fails. Whether a one-shot's go out before the
    /// program ends depends on how fast the weather came: tests of the weather's requests leave them aside. (Through
    /// a proxy, the path is the whole URL.)
    public var asksForAirQuality: Bool {
        ["/v1/air-quality", "/data/2.5/air_pollution", "/data/2.5/air_pollution/forecast"].contains { path.hasSuffix($0) }
    }
}

extension LoopbackServer {
    /// The requests made so far, the air quality's and the nowcast's aside: what the weather asked.
    public var weatherRequests: [Request] { requests.filter { !$0.asksForAirQuality && !$0.asksForNowcast } }
}

/// Open-Meteo's air quality as the tests' servers answer it.
public enum FakeAirQuality {
    static let pollenKinds = ["alder", "birch", "grass", "mugwort", "olive", "ragweed"]

    /// An answer as Open-Meteo writes one: `us` and `eu` now and every hour from midnight UTC for two days, the four
    /// pollutants, and the pollen now (`pollen` nil: null, as outside Europe).
    public static func answer(
        us: Int = 32, eu: Int = 18, offset: Int = 0, pollen: [String: Double]? = nil, at now: Int = 1_699_956_000
    ) throws -> Data {
        let hours = (0..<48).map { now - 10 * 3_600 + $0 * 3_600 }
        var current: [String: Any] = [
            "time": now, "interval": 3_600, "us_aqi": us, "european_aqi": eu, "pm2_5": 6.5, "pm10": 10.9, "ozone": 67.0,
            "nitrogen_dioxide": 12.9,
        ]
        for kind in pollenKinds { current["\(kind)_pollen"] = pollen?[kind] ?? (pollen == nil ? NSNull() : 0.0) }
        return try JSONSerialization.data(withJSONObject: [
            "latitude": 49.2, "longitude": 16.6, "utc_offset_seconds": offset, "timezone": "Europe/Prague",
            "current": current,
            "hourly": [
                "time": hours, "us_aqi": hours.indices.map { us + $0 }, "european_aqi": hours.indices.map { eu + $0 },
                "pm2_5": hours.map { _ in 7.0 }, "pm10": hours.map { _ in 11.0 }, "ozone": hours.map { _ in NSNull() },
                "nitrogen_dioxide": hours.map { _ in 12.0 },
            ] as [String: Any],
        ] as [String: Any])
    }
}
