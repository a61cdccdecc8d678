import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Review session 3, items 5 and 6: MET Norway's forecast as the loopback servers serve it, moved to start at 07:00
/// UTC (`FakeMETNorway.current`), so its −2 °C hour falls at 10:00, inside the 09:00 step, and its 6-hour periods start
/// at 07:00, 13:00, 19:00 and 01:00, on no UTC hour divisible by 3.
struct METNorwayViewsAgreeTests {
    static let place = Place(name: "Fjordby", country: "NO", latitude: 60, longitude: 10)

    /// The report through the service and a loopback server, the clock at 07:30 UTC on the fixture's first day.
    static func report() async throws -> WeatherReport {
        let clock = TestClock()
        clock.advance(28_500)  // Mon 23:35 → Tue 07:30 UTC
        let body = Data(FakeMETNorway.current(now: clock.now).utf8)
        let expires = FakeMETNorway.httpDate(clock.now.addingTimeInterval(1_800))
        let server = try LoopbackServer { _ in .json(body, headers: ["Expires": expires]) }
        defer { server.stop() }
        let configuration = METNorwayConfiguration(baseURL: server.baseURL + "/", timeout: 30)
        let client = METNorwayClient(configuration: configuration, transport: SocketTransport(), backoff: [0.05])
        let service = METNorwayService(
            client: client, cache: ResponseCache(directory: nil), findPlaces: { _ in [] }, zone: { _ in .fixed(3_600) },
            now: clock.function)
        return try await service.report(for: Self.place)
    }

    /// Item 5: the current view's high and low are the coming 24 hours', read hour by hour as `:hourly 1h` reads them,
    /// so the frost at 10:00 is its low as it is the hourly view's and today's row's; labelled as 24 hours'.
    @Test func theCurrentViewsLowIsTheColdHourEveryOtherViewShows() async throws {
        let report = try await Self.report()
        let formatter = DisplayFormatter(options: DisplayOptions(language: .english), now: report.current.observedAt)
        let current = formatter.current(report)
        let hours = formatter.hourly(report, count: 24, hourByHour: true).rows.filter { $0.kind == .weather }.compactMap(\.temperatureCelsius)
        #expect(hours.min() == -2)
        #expect(current.lowCelsius == -2)
        #expect(current.highCelsius == hours.max())
        #expect(formatter.daily(report).rows.first?.lowCelsius == -2)
        #expect(current.highLowCoversToday == false)
        #expect(current.highLowLabel == Strings(.english)["label.highLow24"])
    }

    /// Item 6: the days past the hourly part take their condition and amount from MET's 6-hour periods (here on
    /// hours not divisible by 3, which gave no steps and so "?  condition not given"), never an unknown condition.
    @Test func laterDaysTakeTheirConditionFromTheSixHourPeriods() async throws {
        let report = try await Self.report()
        let formatter = DisplayFormatter(options: DisplayOptions(language: .english), now: report.current.observedAt)
        let rows = formatter.daily(report).rows
        #expect(rows.count >= 4, "\(rows.map(\.day))")
        for row in rows { #expect(row.conditionGroup != .unknown, "\(row.day): \(row.condition)") }
        // Wed from 01:00 UTC: rain, sleet, heavy snow, clear (6-hour periods moved to 08:00, 14:00, 20:00 local).
        let wednesday = try #require(rows.first { $0.day == "Wed" })
        #expect(wednesday.conditionGroup.isWet)
        #expect(wednesday.precipitationAmount != nil)
    }
}
