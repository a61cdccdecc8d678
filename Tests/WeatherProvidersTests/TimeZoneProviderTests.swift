import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Every provider through its service, against a loopback server answering in the provider's format for one
/// place at one moment: Lisbon (its sunset), Kathmandu (+05:45), St. John's (-03:30) and Berlin across the end of
/// daylight-saving time (the last Sunday of October 2026). MET Norway is tried with a place found through Open-Meteo's
/// geocoder (it carries its zone) and without (OpenWeather's places and typed coordinates carry none, and Open-Meteo's
/// search does not know the name).
struct TimeZoneProviderTests {
    /// A place at a moment, and what its clock says: expectations use a table of the zone's changes written out here,
    /// not the program's zone reader.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var country: String
        var zone: String
        var latitude: Double
        var longitude: Double
        /// The observation.
        var now: Int
        /// Seconds east of UTC before and from `change`.
        var offsets: (before: Int, after: Int)
        var change: Int = .max
        /// The header's local time and offset.
        var header: String

        var testDescription: String { name }

        func offset(at instant: Int) -> Int { instant < change ? offsets.before : offsets.after }

        func local(_ instant: Int) -> (day: Int, clock: String) {
            let seconds = instant + offset(at: instant)
            let day = Int((Double(seconds) / 86_400).rounded(.down))
            let minute = (seconds - day * 86_400) / 60
            return (day, String(format: "%02d:%02d", minute / 60, minute % 60))
        }

        /// The instant of a local time on the observation's local day plus `days`.
        func instant(days: Int, hour: Int, minute: Int = 0) -> Int {
            let midnight = local(now).day + days
            let wall = midnight * 86_400 + hour * 3600 + minute * 60
            return wall - offset(at: wall - offsets.before)
        }

        var place: Place { Place(name: name, country: country, latitude: latitude, longitude: longitude) }
    }

    static let lisbon = Case(
        name: "Lisbon", country: "PT", zone: "Europe/Lisbon", latitude: 38.7223, longitude: -9.1393,
        now: 1_768_478_400, offsets: (0, 0), header: "Thu 12:00 (UTC+00:00)")  // 2026-01-15 12:00Z
    static let kathmandu = Case(
        name: "Kathmandu", country: "NP", zone: "Asia/Kathmandu", latitude: 27.7172, longitude: 85.324,
        now: 1_768_456_800, offsets: (20_700, 20_700), header: "Thu 11:45 (UTC+05:45)")  // 06:00Z
    static let stJohns = Case(
        name: "St. John's", country: "CA", zone: "America/St_Johns", latitude: 47.5615, longitude: -52.7126,
        now: 1_768_489_200, offsets: (-12_600, -12_600), header: "Thu 11:30 (UTC-03:30)")  // 15:00Z
    /// 2026-10-24 12:00Z, a Saturday; CEST ends on Sunday 25 at 01:00Z.
    static let berlin = Case(
        name: "Berlin", country: "DE", zone: "Europe/Berlin", latitude: 52.52, longitude: 13.405,
        now: 1_792_843_200, offsets: (7200, 3600), change: 1_792_890_000, header: "Sat 14:00 (UTC+02:00)")
    static let cases = [lisbon, kathmandu, stJohns, berlin]

    // MARK: Bodies in each provider's format, for the same weather: the temperature is the hours since the observation.

    static func json(_ value: Any) -> LoopbackServer.Reply {
        .json((try? JSONSerialization.data(withJSONObject: value)) ?? Data())
    }

    /// Sunset at 17:35 local every day (OpenWeather and Open-Meteo give it; MET's is worked out).
    static func sunset(_ place: Case, day: Int) -> Int { place.instant(days: day, hour: 17, minute: 35) }

    static func temperature(_ place: Case, _ instant: Int) -> Double { Double(instant - place.now) / 3600 }

    static func openWeather(_ place: Case, _ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        let clear: [[String: Any]] = [["id": 800, "main": "Clear", "description": "clear sky", "icon": "01d"]]
        switch request.path {
        case "/geo/1.0/direct":
            return json([["name": place.name, "country": place.country, "lat": place.latitude, "lon": place.longitude]])
        case "/data/2.5/weather":
            return json([
                "dt": place.now, "timezone": place.offset(at: place.now), "weather": clear,
                "main": ["temp": 0, "humidity": 80, "pressure": 1010], "wind": ["speed": 3, "deg": 200],
                "sys": ["sunrise": place.instant(days: 0, hour: 7, minute: 50), "sunset": sunset(place, day: 0)],
            ])
        default:
            let first = (place.now / 10_800 + 1) * 10_800
            let list = (0..<40).map { step -> [String: Any] in
                let time = first + step * 10_800
                return ["dt": time, "main": ["temp": temperature(place, time), "humidity": 80], "weather": clear, "pop": 0,
                    "wind": ["speed": 3, "deg": 200], "sys": ["pod": "d"]]
            }
            return json(["list": list, "city": ["timezone": place.offset(at: place.now)]])
        }
    }

    static func openMeteo(_ place: Case, _ request: LoopbackServer.Request, knowsName: Bool) -> LoopbackServer.Reply {
        if request.path == "/v1/search" {
            guard knowsName else { return json(["generationtime_ms": 0.1]) }
            return json(["results": [[
                "name": place.name, "country_code": place.country, "latitude": place.latitude, "longitude": place.longitude,
                "timezone": place.zone,
            ]]])
        }
        // Hours from the local midnight, on the place's local hours, as `timezone=auto` gives them.
        let midnight = place.instant(days: 0, hour: 0)
        let hours = (0..<120).map { midnight + $0 * 3600 }
        let days = (0..<5).map { place.instant(days: $0, hour: 0) }
        return json([
            "timezone": place.zone, "utc_offset_seconds": place.offset(at: place.now),
            "current": ["time": place.now, "temperature_2m": 0, "weather_code": 0, "is_day": 1],
            "hourly": [
                "time": hours, "temperature_2m": hours.map { temperature(place, $0) }, "weather_code": hours.map { _ in 0 },
                "precipitation": hours.map { _ in 0 }, "precipitation_probability": hours.map { _ in 0 },
            ],
            "daily": [
                "time": days, "temperature_2m_max": days.map { _ in 20 }, "temperature_2m_min": days.map { _ in -20 },
                "weather_code": days.map { _ in 0 },
                "sunrise": (0..<5).map { place.instant(days: $0, hour: 7, minute: 50) }, "sunset": (0..<5).map { sunset(place, day: $0) },
            ],
        ])
    }

    static func metNorway(_ place: Case) -> LoopbackServer.Reply {
        let format = ISO8601DateFormatter()
        let start = place.now / 3600 * 3600
        // Hourly for 60 hours, then 6-hourly, as MET's answers run.
        let series = (Array(0..<60) + Array(stride(from: 60, through: 138, by: 6))).map { hour -> [String: Any] in
            let time = start + hour * 3600
            var data: [String: Any] = [
                "instant": ["details": ["air_temperature": temperature(place, time), "relative_humidity": 80, "wind_speed": 3]],
                "next_6_hours": ["summary": ["symbol_code": "clearsky_day"], "details": ["precipitation_amount": 0]],
            ]
            if hour < 60 { data["next_1_hours"] = ["summary": ["symbol_code": "clearsky_day"], "details": ["precipitation_amount": 0]] }
            return ["time": format.string(from: Date(timeIntervalSince1970: Double(time))), "data": data]
        }
        return json(["type": "Feature", "properties": ["timeseries": series]])
    }

    /// A factory whose every provider is served by one loopback server for `place`.
    static func factory(_ server: LoopbackServer, _ place: Case, key: Bool = true) -> ProviderFactory {
        ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: key ? "k" : nil, baseURL: server.baseURL, timeout: 30),
            environment: ["OPENMETEO_BASE_URL": server.baseURL, "METNO_BASE_URL": server.baseURL], transport: SocketTransport(),
            cache: ResponseCache(directory: nil), now: { Date(timeIntervalSince1970: Double(place.now)) })
    }

    static func serve(_ place: Case, openMeteoKnowsTheName: Bool = true) throws -> LoopbackServer {
        try LoopbackServer { request in
            if request.path.hasPrefix("/v1/") { return openMeteo(place, request, knowsName: openMeteoKnowsTheName) }
            if request.path.hasPrefix("/weatherapi/") { return metNorway(place) }
            return openWeather(place, request)
        }
    }

    /// Each way a report is made: the provider, and the place as its search gives it.
    enum Route: String, CaseIterable, Sendable {
        case openWeather, openMeteo, metWithOpenMeteo, metWithoutOpenMeteo

        var provider: ProviderID {
            switch self {
            case .openWeather: .openWeather
            case .openMeteo: .openMeteo
            case .metWithOpenMeteo, .metWithoutOpenMeteo: .metNorway
            }
        }
    }

    static func report(_ place: Case, _ route: Route) async throws -> WeatherReport {
        let server = try serve(place, openMeteoKnowsTheName: route != .metWithoutOpenMeteo)
        defer { server.stop() }
        let service = factory(server, place, key: route == .openWeather || route == .metWithoutOpenMeteo).service(route.provider)
        // Found by name: through Open-Meteo's geocoder (with a zone) or OpenWeather's (without).
        let found = try await service.places(matching: .name(place.name))
        let report = try await service.report(for: try #require(found.first))
        #expect(found.first?.timeZone == (route == .openMeteo || route == .metWithOpenMeteo ? place.zone : nil))
        return report
    }

    static let formatter = DisplayFormatter(options: DisplayOptions(language: .english))

    static let routes = Route.allCases

    @Test(arguments: cases, routes)
    func theHeaderIsAtTheZonesOffset(place: Case, route: Route) async throws {
        let report = try await Self.report(place, route)
        #expect(report.zone.name == place.zone)
        let current = Self.formatter.current(report)
        #expect(current.observedAt == place.header)
        #expect(current.notice.partsButOldObservation == [])
        if route == .openWeather || route == .openMeteo {
            #expect(current.sunset == "17:35")
        } else {
            // MET gives no sunset: it is worked out, at the place's offset (Lisbon's about 17:35 in mid-January).
            #expect(current.sunset?.hasPrefix(place.name == "Lisbon" ? "17:3" : "") == true)
        }
    }

    /// The rows after the change are in the new offset, and a day starts at local midnight: each row's clock and the
    /// rows that start a day are what the written-out offsets make of their instants.
    @Test(arguments: routes)
    func aForecastOverADaylightSavingChange(route: Route) async throws {
        let place = Self.berlin
        let report = try await Self.report(place, route)
        let hourByHour = route != .openWeather
        let display = Self.formatter.hourly(report, count: 40, hourByHour: hourByHour)
        let slots = Self.formatter.upcoming(report, slots: hourByHour ? report.hourly : nil).prefix(40)
        let rows = display.rows.filter { $0.kind == .weather }.dropFirst()  // "Now"
        #expect(rows.count == slots.count && slots.count >= 16)
        var day = place.local(place.now).day
        for (row, slot) in zip(rows, slots) {
            let instant = Int(slot.time.timeIntervalSince1970)
            let local = place.local(instant)
            #expect(row.time == local.clock, "\(instant)")
            #expect((row.startsDay != nil) == (local.day != day), "\(instant) \(row.time)")
            day = local.day
        }
        // Across the change: 02:00 comes twice hour by hour; in 3-hour steps, 01:00Z's step reads 02:00, not 03:00.
        let times = rows.map(\.time)
        if hourByHour {
            #expect(times.filter { $0 == "02:00" }.count == 3)  // Sunday's two, Monday's one
        } else {
            #expect(times.contains("02:00") && times.contains("04:00") && !times.contains("05:00"))
        }
        // Five local days from Saturday; where they are worked out from the readings (MET), Sunday holds its 25 hours.
        let daily = Self.formatter.daily(report)
        #expect(daily.rows.map(\.day) == ["Today", "Sun", "Mon", "Tue", "Wed"])
        if route.provider == .metNorway {
            let sunday = try #require(report.days?.first { place.local(Int($0.date.timeIntervalSince1970)).clock == "00:00" && $0.date.timeIntervalSince1970 > Double(place.now) })
            #expect(Int(sunday.date.timeIntervalSince1970) == place.instant(days: 1, hour: 0))  // 22:00Z on Saturday
            #expect(sunday.low == Self.temperature(place, place.instant(days: 1, hour: 0)))  // 10 hours on
            #expect(sunday.high == Self.temperature(place, place.instant(days: 2, hour: 0)) - 1)  // 23:00 CET, 35 hours on
        }
    }
}
