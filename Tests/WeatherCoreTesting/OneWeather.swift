import Foundation

/// One weather, served in each provider's own format by one loopback server: the judge of whether the three providers
/// tell it the same way (issue 22).
///
/// The series is hourly from `start`, the UTC 3-hour block holding the present hour: hour `h` stands for
/// `start + h … start + h + 1` and has a condition, an amount and a chance. Each provider gets it as its documentation
/// says it sends it: OpenWeather's forecast entry at `dt` carries the three hours before `dt` (`rain.3h`, `pop`, the
/// most severe condition) and the temperature at `dt`; Open-Meteo's hourly entry at `T` carries the hour before `T`
/// (`precipitation`, `precipitation_probability`, `weather_code`, `snowfall` in cm) and the temperature at `T`; MET
/// Norway's entry at `T` carries the hour after it (`next_1_hours`), hourly for 60 hours, then 6-hourly
/// (`next_6_hours`), with no chance (MET gives one only in some regions). Every provider observes at the present hour.
///
/// The place is Reykjavík (UTC+00:00 all year, no daylight-saving change). Only overcast, rain, showers and snow occur,
/// so day and night draw alike. Temperatures change only on 3-hour blocks, and not at all after 54 hours (MET Norway's
/// 6-hourly part is interpolated), so every provider's high and low are the same readings.
public struct OneWeather: Sendable {
    public enum Kind: Sendable {
        case overcast, lightRain, rain, showers, snow

        var wmo: Int { [.overcast: 3, .lightRain: 61, .rain: 63, .showers: 80, .snow: 73][self] ?? 3 }
        var openWeather: (id: Int, main: String, description: String) {
            switch self {
            case .overcast: (804, "Clouds", "overcast clouds")
            case .lightRain: (500, "Rain", "light rain")
            case .rain: (501, "Rain", "moderate rain")
            case .showers: (520, "Rain", "light intensity shower rain")
            case .snow: (601, "Snow", "snow")
            }
        }
        var metSymbol: String {
            [.overcast: "cloudy", .lightRain: "lightrain", .rain: "rain", .showers: "lightrainshowers_day", .snow: "snow"][self] ?? "cloudy"
        }
        var severity: Int { [.overcast: 0, .showers: 1, .lightRain: 2, .rain: 3, .snow: 4][self] ?? 0 }
    }

    public struct Hour: Sendable {
        public var kind: Kind
        /// Millimetres of water over the hour.
        public var amount: Double
        /// 0…100.
        public var chance: Int
    }

    public static let latitude = 64.1466, longitude = -21.9426

    /// The start of the series: the UTC 3-hour block holding `now`.
    public let start: Date
    /// The present hour, where every provider observes.
    public let now: Date

    /// Hours whose temperature Open-Meteo sends as `null` (its hourly `temperature_2m` has gaps at times).
    public let missingTemperatures: Set<Int>

    public init(now: Date = Date(), missingTemperatures: Set<Int> = []) {
        self.missingTemperatures = missingTemperatures
        let seconds = now.timeIntervalSince1970
        start = Date(timeIntervalSince1970: (seconds / 10_800).rounded(.down) * 10_800)
        self.now = Date(timeIntervalSince1970: (seconds / 3_600).rounded(.down) * 3_600)
    }

    /// The weather of hour `h`: light rain 3–9 (70%), rain 27–33 (90%), showers 45–48 (25%: a row that draws rain at a
    /// low chance), snow 72–84 and light rain 96–108 (each whole 6-hour periods of MET Norway's), overcast and dry
    /// otherwise (10%). The hours before 3 are dry, so nothing falls now.
    public static func hour(_ h: Int) -> Hour {
        switch h {
        case 3..<9: Hour(kind: .lightRain, amount: 0.5, chance: 70)
        case 27..<33: Hour(kind: .rain, amount: 1.2, chance: 90)
        case 45..<48: Hour(kind: .showers, amount: 0.1, chance: 25)
        case 72..<84: Hour(kind: .snow, amount: 0.6, chance: 80)
        case 96..<108: Hour(kind: .lightRain, amount: 0.3, chance: 60)
        default: Hour(kind: .overcast, amount: 0, chance: 10)
        }
    }

    /// The temperature at the start of hour `h`, in °C.
    public static func temperature(_ h: Int) -> Double {
        h >= 54 ? 1 : 2 + Double(((h / 3) % 4 + 4) % 4)
    }

    /// The UV index at the start of hour `h`, by the UTC 3-hour block it is in (so a step that starts inside a block
    /// reads as the whole block does): 0.4 from 06:00 (0, low), 2.5 from 09:00 (3, moderate: a half rounds up), 7.49
    /// from 12:00 (7, high), 5.5 from 15:00 (6, high), 0 otherwise. Open-Meteo and MET Norway give it at each hour,
    /// OpenWeather none (the program asks Open-Meteo).
    func uvIndex(_ h: Int) -> Double {
        let hourOfDay = Int(time(h).truncatingRemainder(dividingBy: 86_400)) / 3_600
        return [2: 0.4, 3: 2.5, 4: 7.49, 5: 5.5][hourOfDay / 3] ?? 0
    }

    func time(_ h: Int) -> Double { start.timeIntervalSince1970 + Double(h) * 3_600 }
    public var nowHour: Int { Int((now.timeIntervalSince(start) / 3_600).rounded()) }

    // MARK: Serving

    public static func start(now: Date = Date()) throws -> LoopbackServer {
        let weather = OneWeather(now: now)
        return try LoopbackServer { weather.route($0) }
    }

    public func route(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        switch request.path {
        case "/geo/1.0/direct", "/geo/1.0/reverse":
            return .json(#"[{"name":"Reykjavík","lat":\#(Self.latitude),"lon":\#(Self.longitude),"country":"IS"}]"#)
        case "/v1/search":
            return .json(
                #"{"results":[{"name":"Reykjavík","latitude":\#(Self.latitude),"longitude":\#(Self.longitude),"#
                    + #""country_code":"IS","timezone":"Atlantic/Reykjavik","population":118918}]}"#)
        case "/data/2.5/weather": return .json(openWeatherCurrent())
        case "/data/2.5/forecast": return .json(openWeatherForecast())
        case "/v1/forecast": return .json(openMeteo())
        case "/weatherapi/locationforecast/2.0/complete":
            return .json(Data(metNorway().utf8), headers: ["Expires": FakeMETNorway.httpDate(Date().addingTimeInterval(1_800))])
        default:
            return .json("{}", status: 404)
        }
    }

    // MARK: Formats

    static func json(_ value: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Three hours from `h`: the most severe condition, the amount, the highest chance.
    static func block(_ h: Int, hours: Int = 3) -> Hour {
        let all = (h..<(h + hours)).map(hour)
        let kind = all.max { $0.kind.severity < $1.kind.severity }?.kind ?? .overcast
        return Hour(kind: kind, amount: all.map(\.amount).reduce(0, +), chance: all.map(\.chance).max() ?? 0)
    }

    func openWeatherCurrent() -> String {
        let h = nowHour
        let midnight = (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        let weather = Self.hour(h).kind.openWeather
        return Self.json([
            "dt": Int(time(h)), "timezone": 0, "name": "Reykjavík", "id": 1, "cod": 200,
            "coord": ["lat": Self.latitude, "lon": Self.longitude],
            "main": ["temp": Self.temperature(h), "feels_like": Self.temperature(h), "humidity": 80, "pressure": 1010],
            "weather": [["id": weather.id, "main": weather.main, "description": weather.description, "icon": "04d"]],
            "wind": ["speed": 3, "deg": 200], "clouds": ["all": 100],
            "sys": ["country": "IS", "sunrise": Int(midnight) + 36_000, "sunset": Int(midnight) + 57_600],
        ] as [String: Any])
    }

    func openWeatherForecast() -> String {
        let list = (1...40).map { j -> [String: Any] in
            let end = 3 * j
            let block = Self.block(end - 3)
            let weather = block.kind.openWeather
            var entry: [String: Any] = [
                "dt": Int(time(end)), "main": ["temp": Self.temperature(end), "humidity": 80, "pressure": 1010],
                "weather": [["id": weather.id, "main": weather.main, "description": weather.description, "icon": "04d"]],
                "wind": ["speed": 3, "deg": 200], "clouds": ["all": 100], "pop": Double(block.chance) / 100,
                "sys": ["pod": "d"],
            ]
            if block.amount > 0 { entry[block.kind == .snow ? "snow" : "rain"] = ["3h": block.amount] }
            return entry
        }
        return Self.json([
            "cod": "200", "cnt": 40, "list": list,
            "city": ["name": "Reykjavík", "country": "IS", "timezone": 0, "coord": ["lat": Self.latitude, "lon": Self.longitude]],
        ] as [String: Any])
    }

    func openMeteo() -> String {
        let hours = Array(-1...130)
        // The entry at the start of hour h carries hour h − 1.
        let before = hours.map { Self.hour($0 - 1) }
        let h = nowHour
        let days = Dictionary(grouping: hours) { Int(time($0) / 86_400) }.sorted { $0.key < $1.key }
        return Self.json([
            "latitude": Self.latitude, "longitude": Self.longitude, "utc_offset_seconds": 0, "timezone": "Atlantic/Reykjavik",
            "current": [
                "time": Int(time(h)), "temperature_2m": Self.temperature(h), "apparent_temperature": Self.temperature(h),
                "relative_humidity_2m": 80, "weather_code": Self.hour(h).kind.wmo, "is_day": 1, "pressure_msl": 1010,
                "wind_speed_10m": 3, "wind_direction_10m": 200, "cloud_cover": 100, "uv_index": uvIndex(h),
            ] as [String: Any],
            "hourly": [
                "time": hours.map { Int(time($0)) }, "temperature_2m": hours.map { missingTemperatures.contains($0) ? NSNull() : Self.temperature($0) as Any },
                "relative_humidity_2m": hours.map { _ in 80 }, "wind_speed_10m": hours.map { _ in 3 },
                "wind_direction_10m": hours.map { _ in 200 }, "is_day": hours.map { _ in 1 },
                "weather_code": before.map(\.kind.wmo), "precipitation": before.map(\.amount),
                "precipitation_probability": before.map(\.chance),
                "snowfall": before.map { $0.kind == .snow ? $0.amount * 0.7 : 0 }, "uv_index": hours.map(uvIndex),
            ] as [String: Any],
            "daily": [
                "time": days.map { $0.key * 86_400 },
                "temperature_2m_max": days.map { $0.value.map(Self.temperature).max() ?? 0 },
                "temperature_2m_min": days.map { $0.value.map(Self.temperature).min() ?? 0 },
            ] as [String: Any],
        ] as [String: Any])
    }

    func metNorway() -> String {
        let format = ISO8601DateFormatter()
        func entry(_ h: Int, next: String, _ period: Hour) -> [String: Any] {
            var details: [String: Any] = [
                "air_temperature": Self.temperature(h), "relative_humidity": 80, "wind_speed": 3,
                "wind_from_direction": 200, "air_pressure_at_sea_level": 1010, "cloud_area_fraction": 100,
            ]
            // The complete product: the clear-sky UV index, in the hourly part only.
            if next == "next_1_hours" { details["ultraviolet_index_clear_sky"] = uvIndex(h) }
            return [
                "time": format.string(from: Date(timeIntervalSince1970: time(h))),
                "data": [
                    "instant": ["details": details],
                    next: ["summary": ["symbol_code": period.kind.metSymbol], "details": ["precipitation_amount": period.amount]],
                ] as [String: Any],
            ]
        }
        let hourly = (nowHour..<60).map { entry($0, next: "next_1_hours", Self.hour($0)) }
        let sixHourly = stride(from: 60, to: 132, by: 6).map { entry($0, next: "next_6_hours", Self.block($0, hours: 6)) }
        return Self.json([
            "type": "Feature",
            "properties": ["meta": ["updated_at": format.string(from: now)], "timeseries": hourly + sixHourly] as [String: Any],
        ] as [String: Any])
    }
}
