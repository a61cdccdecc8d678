import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore

/// Stale-while-revalidate on its own, over the current weather's view model and an in-memory provider with a cache:
/// the copy shown at once, the refresh fetched off the main actor and handed back through the queue, and what it
/// could not bring reported, with the age of the copy that stays.
@MainActor
struct BackgroundRefreshTests {
    nonisolated static let now = StaleWhileRevalidateTests.now
    static let testford = TestData.place

    @MainActor
    final class Reports {
        var all: [AppEvent] = []
    }

    struct Parts {
        let provider: CachingProvider
        let model: CurrentWeatherViewModel
        let queue: HandoffQueue
        let refresh: BackgroundRefresh
        let reports: Reports
    }

    static func parts() -> Parts {
        let provider = CachingProvider()
        let model = CurrentWeatherViewModel(service: provider, options: DisplayOptions(), now: { now })
        let queue = HandoffQueue()
        return Parts(provider: provider, model: model, queue: queue, refresh: BackgroundRefresh(wakingThrough: queue.handoff), reports: Reports())
    }

    @Test func aStaleCopyIsShownAtOnceAndAFailedRefreshReportsItsAge() async throws {
        let p = Self.parts()
        try p.provider.setCopy(.refreshing(fetchedAt: Self.now.addingTimeInterval(-600)), for: Self.testford.name)
        p.provider.setAnswer(.failure(.timedOut(seconds: 10)), for: Self.testford.name)
        var temperatures: [String] = []
        p.model.onUpdate = { temperatures.append($0.temperature) }
        let reports = p.reports
        #expect(await p.refresh.showCopy(of: Self.testford, in: p.model) { reports.all.append($0) })
        #expect(temperatures == ["7°C"])  // the copy, before any answer
        #expect(await until { p.queue.count == 1 })
        #expect(reports.all.isEmpty)  // nothing reported until the main thread takes it
        p.queue.run()
        #expect(reports.all == [.refreshFailed(Self.testford, reason: .timedOut(seconds: 10), copyAge: 600)])
        #expect(temperatures == ["7°C"])
    }

    @Test func withNoCopyNothingIsShownAndNothingAsked() async {
        let p = Self.parts()
        let reports = p.reports
        #expect(!(await p.refresh.showCopy(of: Self.testford, in: p.model) { reports.all.append($0) }))
        #expect(p.model.display == nil)
        #expect(p.provider.log.isEmpty)
        #expect(p.queue.count == 0)
    }

    @Test func aRefreshWithNoCopyShownFailsAsAnOrdinaryFailure() async {
        let p = Self.parts()
        p.provider.setAnswer(.failure(.cannotConnect(host: "127.0.0.1")), for: Self.testford.name)
        let reports = p.reports
        p.refresh.refresh(Self.testford, in: p.model) { reports.all.append($0) }
        #expect(await until { p.queue.count == 1 })
        p.queue.run()
        #expect(reports.all == [.failed(.cannotConnect(host: "127.0.0.1"))])
    }

    @Test func aRefreshOvertakenByANewerRequestReportsNothing() async throws {
        let p = Self.parts()
        p.provider.setAnswer(.failure(.cannotConnect(host: "127.0.0.1")), for: Self.testford.name)
        p.provider.hold(Self.testford.name)
        let reports = p.reports
        p.refresh.refresh(Self.testford, in: p.model) { reports.all.append($0) }
        #expect(await until { p.provider.log == ["report Testford"] })
        try p.provider.setCopy(.live(fetchedAt: Self.now), for: Self.testford.name)
        _ = await p.model.showCopy(of: Self.testford)  // newer: shown from the cache
        p.provider.release(Self.testford.name)
        #expect(await until { p.queue.count == 1 })
        p.queue.run()
        #expect(reports.all.isEmpty)
    }
}
