import Foundation
import HTTPKit
import Synchronization
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// The sources composed: all that cover a place asked at once, the active warnings gathered most severe first, a
/// failing one named quietly, and a place no service covers said to be one.
struct WarningServiceTests {
    static let testford = WarningSourcesTests.testford

    /// An NWS-shaped source named `name` at `server`.
    static func source(_ name: String, _ server: LoopbackServer, clock: TestClock) -> NWSAlerts {
        let endpoint = WarningEndpoint(
            name: name, variable: NWSAlerts.variable, defaultBaseURL: NWSAlerts.defaultBaseURL, baseURL: server.baseURL, timeout: 5)
        return NWSAlerts(requester: WarningSourcesTests.requester(endpoint, clock: clock))
    }

    @Test func activeWarningsComeMostSevereFirstAndExpiredOnesNever() async throws {
        let clock = TestClock()
        let server = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        defer { server.stop() }
        let service = WarningService(sources: [Self.source("NWS", server, clock: clock)], now: clock.function)
        let outcome = await service.warnings(for: Self.testford, language: .english)
        // The fog advisory ended at noon: never shown. The tornado (red) comes before the wind (yellow).
        #expect(outcome.warnings.map(\.event) == ["Tornado Warning", "Wind Advisory"])
        #expect(outcome.highestLevel == .red)
        guard case .checked(_, let services, let unavailable) = outcome else { Issue.record("\(outcome)"); return }
        #expect(services == ["NWS"] && unavailable.isEmpty)

        // Past the tornado warning's end (08:00 UTC), the wind advisory alone; from the cache, with no request.
        clock.advance(8.5 * 3600 + 60)
        server.resetLog()
        let later = WarningService(sources: [Self.source("NWS", server, clock: clock)], now: clock.function)
        #expect(await later.warnings(for: Self.testford, language: .english).warnings.map(\.event) == ["Wind Advisory"])
    }

    @Test func aPlaceNoServiceCoversIsNoServiceAndAsksNothing() async throws {
        let clock = TestClock()
        let server = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        defer { server.stop() }
        let service = WarningService(sources: [Self.source("NWS", server, clock: clock)], now: clock.function)
        #expect(await service.warnings(for: WarningSourcesTests.paris, language: .english) == .noService)
        #expect(await service.warnings(for: Place(name: "Atlantis", latitude: 0, longitude: 0), language: .english) == .noService)
        #expect(server.requests.isEmpty)
    }

    @Test func aFailingSourceIsNamedAndTheOthersStillCount() async throws {
        let clock = TestClock()
        let working = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        let failing = try LoopbackServer { _ in .json("{\"error\": true}", status: 500) }
        let nonsense = try LoopbackServer { _ in .json("<html>") }
        defer { [working, failing, nonsense].forEach { $0.stop() } }
        let service = WarningService(
            sources: [Self.source("Failing", failing, clock: clock), Self.source("NWS", working, clock: clock), Self.source("Nonsense", nonsense, clock: clock)],
            now: clock.function)
        let outcome = await service.warnings(for: Self.testford, language: .english)
        #expect(outcome.warnings.count == 2)
        guard case .checked(_, let services, let unavailable) = outcome else { Issue.record("\(outcome)"); return }
        #expect(services == ["Failing", "NWS", "Nonsense"] && unavailable == ["Failing", "Nonsense"])
    }

    @Test func theSourcesAreAskedAtOnce() async throws {
        let clock = TestClock()
        let second = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_none.json")) }
        // The first holds its answer until the second has been asked (or five seconds): asked one after the other,
        // the second would not be asked before the first answered.
        let askedMeanwhile = Mutex<Int?>(nil)
        let first = try LoopbackServer { _ in
            for _ in 0..<500 where second.requests.isEmpty { usleep(10_000) }
            askedMeanwhile.withLock { $0 = second.requests.count }
            return .json(Fixtures.data("nws/alerts_testford.json"))
        }
        defer { [first, second].forEach { $0.stop() } }
        let service = WarningService(sources: [Self.source("First", first, clock: clock), Self.source("Second", second, clock: clock)], now: clock.function)
        let outcome = await service.warnings(for: Self.testford, language: .english)
        #expect(askedMeanwhile.withLock { $0 } == 1)
        #expect(outcome.warnings.count == 2)
    }

    @Test func theSameWarningFromTwoSourcesIsShownOnce() async throws {
        let clock = TestClock()
        let one = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        let two = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        defer { [one, two].forEach { $0.stop() } }
        let service = WarningService(sources: [Self.source("One", one, clock: clock), Self.source("Two", two, clock: clock)], now: clock.function)
        #expect(await service.warnings(for: Self.testford, language: .english).warnings.count == 2)
    }
}
