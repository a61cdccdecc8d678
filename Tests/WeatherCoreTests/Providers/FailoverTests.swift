import Foundation
import Synchronization
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct FailoverTests {
    static let now = Date(timeIntervalSince1970: 1_699_918_300)

    func chain(_ providers: ScriptedProvider...) -> FailoverProvider {
        FailoverProvider(providers.map { (id: $0.id, service: $0 as any WeatherProviding) }, now: { Self.now })
    }

    @Test(arguments: [
        WeatherError.timedOut(seconds: 10), .cannotConnect(host: "127.0.0.1"), .serverError(status: 503),
        .rateLimited(retryAfter: nil), .invalidAPIKey, .missingAPIKey,
    ])
    func aFailureTheNextProviderCanGetRoundFailsOver(error: WeatherError) async throws {
        let chosen = ScriptedProvider(.openWeather, .failure(error))
        let next = ScriptedProvider(.openMeteo, .live)
        let report = try await chain(chosen, next).report(for: TestData.place)
        #expect(report.provider == .openMeteo)
        #expect(report.failover == Failover(from: .openWeather, reason: error))
        #expect(next.calls == 1)
    }

    @Test func aPlaceThatDoesNotExistDoesNotFailOver() async throws {
        let chosen = ScriptedProvider(.openWeather, .failure(.placeNotFound("Atlantis")))
        let next = ScriptedProvider(.openMeteo, .live)
        await #expect(throws: WeatherError.placeNotFound("Atlantis")) {
            try await chain(chosen, next).places(matching: .name("Atlantis"))
        }
        #expect(next.calls == 0)
    }

    @Test func aStaleCopyUnderAnHourIsKeptWithoutAskingTheNextProvider() async throws {
        let chosen = ScriptedProvider(.openWeather, .stale(age: 1_800, reason: .timedOut(seconds: 10)))
        let next = ScriptedProvider(.openMeteo, .live)
        let report = try await chain(chosen, next).report(for: TestData.place)
        #expect(report.provider == .openWeather)
        #expect(report.failover == nil)
        #expect(next.calls == 0)
    }

    @Test func anOlderStaleCopyGivesWayToAFreshAnswerFromTheNextProvider() async throws {
        let chosen = ScriptedProvider(.openWeather, .stale(age: 7_200, reason: .serverError(status: 502)))
        let next = ScriptedProvider(.metNorway, .live)
        let report = try await chain(chosen, next).report(for: TestData.place)
        #expect(report.provider == .metNorway)
        #expect(report.failover == Failover(from: .openWeather, reason: .serverError(status: 502)))
    }

    @Test func theOldCopyStaysWhenEveryOtherProviderFailsToo() async throws {
        let chosen = ScriptedProvider(.openMeteo, .stale(age: 7_200, reason: .timedOut(seconds: 10)))
        let second = ScriptedProvider(.metNorway, .failure(.cannotConnect(host: "127.0.0.1")))
        let report = try await chain(chosen, second).report(for: TestData.place)
        #expect(report.provider == .openMeteo)
        #expect(report.source == .stale(fetchedAt: Self.now.addingTimeInterval(-7_200), reason: .timedOut(seconds: 10)))
        #expect(second.calls == 1)
    }

    @Test func whenAllFailTheChosenProvidersErrorIsReported() async throws {
        let chosen = ScriptedProvider(.openWeather, .failure(.serverError(status: 500)))
        let second = ScriptedProvider(.openMeteo, .failure(.timedOut(seconds: 10)))
        let third = ScriptedProvider(.metNorway, .failure(.cannotConnect(host: "127.0.0.1")))
        await #expect(throws: WeatherError.serverError(status: 500)) {
            try await chain(chosen, second, third).report(for: TestData.place)
        }
        #expect(second.calls == 1 && third.calls == 1)
    }

    @Test func placesFailOverToo() async throws {
        let chosen = ScriptedProvider(.openWeather, .failure(.invalidAPIKey))
        let next = ScriptedProvider(.openMeteo, .live)
        let places = try await chain(chosen, next).places(matching: .name("Testford"))
        #expect(places == [TestData.place])
    }

    /// The copy shown at once is the chosen provider's, the one `report(for:)` refreshes; another's never stands in.
    @Test func aCachedCopyComesFromTheChosenProviderAlone() async throws {
        let copy = await chain(ScriptedProvider(.openWeather, .stale(age: 1_800, reason: .timedOut(seconds: 10))), ScriptedProvider(.openMeteo, .live))
            .cachedReport(for: TestData.place)
        #expect(copy?.provider == .openWeather)
        #expect(copy?.source == .refreshing(fetchedAt: Self.now.addingTimeInterval(-1_800)))
        let none = await chain(ScriptedProvider(.openWeather, .failure(.timedOut(seconds: 10))), ScriptedProvider(.openMeteo, .live))
            .cachedReport(for: TestData.place)
        #expect(none == nil)
    }

    @Test func theViewsSayWhoAnsweredAndWhy() throws {
        var report = try TestData.report()
        report.provider = .openMeteo
        report.failover = Failover(from: .openWeather, reason: .timedOut(seconds: 10))
        let formatter = DisplayFormatter(options: DisplayOptions(language: .english), now: Self.now)
        let current = formatter.current(report)
        #expect(current.notice?.parts == [.failover(from: .openWeather, to: .openMeteo, reason: .timedOut(seconds: 10))])
        #expect(current.provider == "Open-Meteo")
        report.failover = Failover(from: .openWeather, reason: .missingAPIKey)
        #expect(formatter.daily(report).notice?.parts == [.failover(from: .openWeather, to: .openMeteo, reason: .missingAPIKey)])
        // The default provider goes without saying.
        let keyless = DisplayFormatter(
            options: DisplayOptions(language: .english, defaultProvider: .openMeteo), now: Self.now)
        report.failover = nil
        #expect(keyless.current(report).provider == nil)
        #expect(keyless.current(report).notice == nil)
        // Sample data is nobody's weather: no provider named, whatever the default.
        var sample = try TestData.report(source: .sample)
        sample.provider = .openWeather
        #expect(keyless.current(sample).provider == nil)
    }
}

/// The chain builds a provider when a request first reaches it, and once.
struct LazyFailoverTests {
    /// A chain of `providers` whose builds are counted, provider by provider.
    final class Builds: Sendable {
        private let counts = Mutex<[ProviderID: Int]>([:])
        subscript(id: ProviderID) -> Int { counts.withLock { $0[id, default: 0] } }

        func chain(_ providers: ScriptedProvider...) -> FailoverProvider {
            FailoverProvider(lazy: providers.map { provider in
                (provider.id, { self.counts.withLock { $0[provider.id, default: 0] += 1 }; return provider })
            }, now: { FailoverTests.now })
        }
    }

    @Test func nothingIsBuiltBeforeTheFirstRequest() {
        let builds = Builds()
        _ = builds.chain(ScriptedProvider(.openWeather, .live), ScriptedProvider(.openMeteo, .live))
        #expect(builds[.openWeather] == 0 && builds[.openMeteo] == 0)
    }

    @Test func anAnswerFromTheChosenProviderBuildsNoOther() async throws {
        let builds = Builds()
        let chain = builds.chain(
            ScriptedProvider(.openWeather, .live), ScriptedProvider(.openMeteo, .live), ScriptedProvider(.metNorway, .live))
        _ = try await chain.places(matching: LocationQuery.parse("Testford"))
        _ = try await chain.report(for: TestData.place)
        _ = await chain.cachedReport(for: TestData.place)
        #expect(builds[.openWeather] == 1)
        #expect(builds[.openMeteo] == 0 && builds[.metNorway] == 0)
    }

    @Test func failoverBuildsTheNextProviderWhenItReachesItOnly() async throws {
        let builds = Builds()
        let chain = builds.chain(
            ScriptedProvider(.openWeather, .failure(.serverError(status: 503))), ScriptedProvider(.openMeteo, .live),
            ScriptedProvider(.metNorway, .live))
        let report = try await chain.report(for: TestData.place)
        #expect(report.provider == .openMeteo)
        _ = try await chain.report(for: TestData.place)
        #expect(builds[.openWeather] == 1 && builds[.openMeteo] == 1)
        #expect(builds[.metNorway] == 0)
    }
}
