import Foundation
import Synchronization
import WeatherCoreTesting
import WeatherCLI  // the English words of a notice are the terminal's
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// A provider in memory with a cache: a copy per place, and answers the test holds until it releases them. It
/// records each request, and each one cancelled while held.
final class CachingProvider: WeatherProviding {
    private let state = Mutex<(copies: [String: WeatherReport], answers: [String: Result<WeatherReport, WeatherError>], held: Set<String>, log: [String])>(
        ([:], [:], [], []))

    var log: [String] { state.withLock { $0.log } }

    /// What `cachedReport` gives for the place named.
    func setCopy(_ source: DataSource, for name: String) throws {
        var copy = try TestData.report(source: source)
        copy.place.name = name
        state.withLock { $0.copies[name] = copy }
    }

    /// What `report(for:)` answers for the place named (by default the Testford report, live).
    func setAnswer(_ answer: Result<WeatherReport, WeatherError>, for name: String) {
        state.withLock { $0.answers[name] = answer }
    }

    /// Requests for the place named wait until `release`.
    func hold(_ name: String) { _ = state.withLock { $0.held.insert(name) } }

    func release(_ name: String) { _ = state.withLock { $0.held.remove(name) } }

    func places(matching query: LocationQuery) async throws -> [Place] {
        guard case .name(let name) = query else { return [] }
        state.withLock { $0.log.append("places \(name)") }
        guard name.lowercased() == "london" else { throw WeatherError.placeNotFound(name) }
        return [WeatherAppTests.londonGB]
    }

    func report(for place: Place) async throws -> WeatherReport {
        state.withLock { $0.log.append("report \(place.name)") }
        while state.withLock({ $0.held.contains(place.name) }) {
            do {
                try await Task.sleep(for: .milliseconds(2))
            } catch {
                state.withLock { $0.log.append("cancelled \(place.name)") }
                throw error
            }
        }
        var report = try state.withLock { $0.answers[place.name] }?.get() ?? TestData.report()
        report.place = place
        return report
    }

    func cachedReport(for place: Place) async -> WeatherReport? {
        guard var copy = state.withLock({ $0.copies[place.name] }) else { return nil }
        copy.place = place
        return copy
    }
}

/// The prompt's launch and recent cities: a cached copy is published at once, marked with its age, and the refresh
/// after it, handed back from the background; a failed refresh leaves the copy; a newer command wins over a late one.
@MainActor
struct StaleWhileRevalidateTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_699_918_300)
    static let testford = TestData.place
    static let copyAge: TimeInterval = 1_800

    @MainActor
    struct Harness {
        let app: WeatherApp
        let provider: CachingProvider
        let handoff: HandoffQueue
        let events: WeatherAppTests.EventLog

        /// The current views published, by their temperature and notice.
        var currentViews: [String] {
            events.all.compactMap { event in
                guard case .current(let d) = event else { return nil }
                let notice = d.notice?.parts.map { part in
                    switch part {
                    case .failover, .resting, .stale: "\(part)"
                    default: part.words  // the worded notices (sample data, a copy's age…), in English
                    }
                }
                return "\(d.place) \(d.temperature) \(notice?.joined(separator: " ") ?? "live")"
            }
        }
    }

    /// The app at the prompt, Testford its last city with a copy 30 minutes old, London a recent one; the fresh
    /// answer is 20 °C.
    static func harness(copy: DataSource? = .refreshing(fetchedAt: now.addingTimeInterval(-copyAge))) throws -> Harness {
        let provider = CachingProvider()
        if let copy { try provider.setCopy(copy, for: testford.name) }
        var fresh = try TestData.report(source: .live(fetchedAt: now))
        fresh.current.temperature = 20
        provider.setAnswer(.success(fresh), for: testford.name)
        var preferences = Preferences()
        preferences.remember(WeatherAppTests.londonGB)
        preferences.remember(testford)
        let app = WeatherApp(preferences: preferences, store: nil, offline: false, providers: .standard, now: { now }, makeService: { _ in provider })
        let handoff = HandoffQueue()
        app.backgroundRefresh = BackgroundRefresh(wakingThrough: handoff.handoff)
        let log = WeatherAppTests.EventLog()
        app.onEvent = { log.all.append($0) }
        return Harness(app: app, provider: provider, handoff: handoff, events: log)
    }

    static let staleTestford = "Testford, England, GB 7°C From 30 minutes ago; updating…"
    static let freshTestford = "Testford, England, GB 20°C live"

    @Test func aStaleCopyIsPublishedAtOnceThenTheRefreshedOne() async throws {
        let h = try Self.harness()
        h.provider.hold(Self.testford.name)
        await h.app.resume()
        // Back while the refresh is still held: the copy is out, marked with its age, and nothing waits on it.
        #expect(await until { h.provider.log == ["report Testford"] })
        #expect(h.currentViews == [Self.staleTestford])
        #expect(!h.events.all.contains(.loading(true)))
        h.provider.release(Self.testford.name)
        #expect(await until { h.handoff.count == 1 })
        #expect(h.currentViews == [Self.staleTestford])  // nothing drawn until the handoff runs
        h.handoff.run()
        #expect(h.currentViews == [Self.staleTestford, Self.freshTestford])
        #expect(h.events.shown.count == 2)
    }

    /// The refresh fails outright, or brings back only the stale copy (as `ResponseFetcher` does when the network fails).
    @Test(arguments: [true, false])
    func aFailedRefreshSaysSoOnceAndLeavesTheCopy(thrown: Bool) async throws {
        let h = try Self.harness()
        let reason = WeatherError.timedOut(seconds: 10)
        let stale = try TestData.report(source: .stale(fetchedAt: Self.now.addingTimeInterval(-Self.copyAge), reason: reason))
        h.provider.setAnswer(thrown ? .failure(reason) : .success(stale), for: Self.testford.name)
        await h.app.resume()
        #expect(await until { h.handoff.count == 1 })
        h.handoff.run()
        #expect(h.events.shown.dropFirst() == [.refreshFailed(Self.testford, reason: reason, copyAge: 1_800)])
        #expect(h.currentViews == [Self.staleTestford])
        // Drawn again (new units), the copy now says why it is old.
        await h.app.run(.units(.imperial))
        let notice = h.events.all.compactMap { event -> Notice? in
            guard case .current(let d) = event else { return nil }
            return d.notice
        }.last
        #expect(notice?.parts.last == .stale(age: 1800, reason: reason, provider: .openWeather))
    }

    @Test func aNewerSearchCancelsTheRefreshAndItsAnswerIsNeverPublished() async throws {
        let h = try Self.harness()
        h.provider.hold(Self.testford.name)
        await h.app.resume()
        #expect(await h.app.handle("Springfield"))  // not found: the view stays, but the search overtook the refresh
        #expect(await until { h.provider.log.contains("cancelled Testford") })
        #expect(await until { h.handoff.count == 1 })
        h.handoff.run()
        #expect(h.currentViews == [Self.staleTestford])
        #expect(h.events.shown.last == .failed(.placeNotFound("Springfield")))
        // Drawn again (new units): the copy keeps its age, and no longer says it is being updated.
        await h.app.run(.units(.imperial))
        #expect(h.currentViews.last == "Testford, England, GB 45°F From 30 minutes ago.")
    }

    /// Another view of the same place does not cancel the refresh (its request could share the one on the wire), but
    /// the refresh is never drawn over it.
    @Test func aRefreshArrivingAfterAnotherViewIsNotDrawnOverIt() async throws {
        let h = try Self.harness()
        h.provider.hold(Self.testford.name)
        await h.app.resume()
        async let hourly = h.app.handle(":hourly")
        #expect(await until { h.provider.log == ["report Testford", "report Testford"] })
        h.provider.release(Self.testford.name)
        #expect(await hourly)
        #expect(await until { h.handoff.count == 1 })
        h.handoff.run()
        #expect(!h.provider.log.contains("cancelled Testford"))
        guard case .hourly = h.events.shown.last else { Issue.record("the hourly view is not the last: \(h.events.shown)"); return }
        #expect(h.currentViews == [Self.staleTestford])
    }

    @Test func aFreshCopyIsPublishedWithNoRequest() async throws {
        let h = try Self.harness(copy: .live(fetchedAt: Self.now.addingTimeInterval(-60)))
        await h.app.resume()
        #expect(h.currentViews == ["Testford, England, GB 7°C live"])
        #expect(h.provider.log.isEmpty)
        #expect(h.handoff.count == 0)
    }

    @Test func withNoCopyTheFirstFetchRunsInTheBackground() async throws {
        let h = try Self.harness(copy: nil)
        h.provider.hold(Self.testford.name)
        await h.app.resume()
        #expect(await until { h.provider.log == ["report Testford"] })
        #expect(h.events.all.isEmpty)
        h.provider.release(Self.testford.name)
        #expect(await until { h.handoff.count == 1 })
        h.handoff.run()
        #expect(h.currentViews == [Self.freshTestford])
    }

    @Test func withNoCopyAFailedFirstFetchIsAnOrdinaryFailure() async throws {
        let h = try Self.harness(copy: nil)
        h.provider.setAnswer(.failure(.cannotConnect(host: "127.0.0.1")), for: Self.testford.name)
        await h.app.resume()
        #expect(await until { h.handoff.count == 1 })
        h.handoff.run()
        #expect(h.events.all == [.failed(.cannotConnect(host: "127.0.0.1"))])
    }

    @Test func aRecentCityTypedAtThePromptIsShownFromItsCopyAndRefreshed() async throws {
        let h = try Self.harness(copy: nil)
        try h.provider.setCopy(.refreshing(fetchedAt: Self.now.addingTimeInterval(-Self.copyAge)), for: "London")
        h.provider.hold("London")
        #expect(await h.app.handle("London"))
        #expect(h.currentViews == ["London, England, GB 7°C From 30 minutes ago; updating…"])
        #expect(h.app.place == WeatherAppTests.londonGB)
        #expect(await until { h.provider.log == ["report London"] })  // no geocoding
        h.provider.release("London")
        #expect(await until { h.handoff.count == 1 })
        h.handoff.run()
        #expect(h.currentViews.last == "London, England, GB 7°C live")
    }
}
