import Foundation
import HTTPKit
import Synchronization
import WeatherCoreTesting
import Testing
import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// The warnings beside the weather in the app model: asked when the weather's request leaves, never holding it back;
/// above the current view when they are in by the time it is drawn, else published after it while its place is still
/// the one shown.
@MainActor
struct WarningsInAppTests {
    static let testford = WarningSourcesTests.testford

    /// What the app published, in order.
    final class Log {
        var events: [AppEvent] = []
        /// The warnings shown: above a current view, or under it when they came later.
        var warnings: [WarningsDisplay] {
            events.compactMap {
                switch $0 {
                case .warnings(let d): d
                case .current(let d): d.warnings
                default: nil
                }
            }
        }
        /// Those that came after their view.
        var late: [WarningsDisplay] { events.compactMap { if case .warnings(let d) = $0 { d } else { nil } } }
    }

    static func app(
        _ server: LoopbackServer, clock: TestClock, provider: (any WeatherProviding)? = nil, preferences: Preferences = Preferences()
    ) -> (WeatherApp, Log) {
        let provider = provider ?? FakeProvider(places: ["testford": [Self.testford], "paris": [WarningSourcesTests.paris]])
        let app = WeatherApp(
            preferences: preferences, store: nil, offline: false, providers: .standard, now: clock.function, makeService: { _ in provider })
        app.warningService = WarningService(sources: [WarningServiceTests.source("NWS", server, clock: clock)], now: clock.function)
        let log = Log()
        app.onEvent = { event in log.events.append(event) }
        return (app, log)
    }

    @Test func theWeatherIsDrawnWhileTheWarningsAreStillOnTheWire() async throws {
        let release = Mutex(false)
        // The warning service holds its answer until the test lets it go (or 10 s).
        let server = try LoopbackServer { _ in
            for _ in 0..<2000 where !release.withLock({ $0 }) { usleep(5_000) }
            return .json(Fixtures.data("nws/alerts_testford.json"))
        }
        defer { server.stop() }
        let clock = TestClock()
        let (app, events) = Self.app(server, clock: clock)
        await app.search("Testford")
        let view = try #require(events.events.compactMap { if case .current(let d) = $0 { d } else { nil } }.last)
        #expect(view.warnings == nil)
        #expect(await until { server.requests.count == 1 })
        #expect(events.warnings.isEmpty)

        release.withLock { $0 = true }
        await app.warningsAsked()
        let shown = try #require(events.warnings.last)
        #expect(shown.items.map { $0.warning.event } == ["Tornado Warning", "Wind Advisory"] && !shown.noService)
        #expect(shown.highestLevel == .red)
        // The view was drawn without them: they come after it, to go under it.
        let order = events.events.compactMap { event -> String? in
            switch event {
            case .current: "current"
            case .warnings: "warnings"
            default: nil
            }
        }
        #expect(order == ["current", "warnings"])
    }

    /// A provider whose report waits (5 s at most) until `ready` says so, noting whether it did: what the weather
    /// request saw of the warnings before it answered.
    final class WaitingProvider: WeatherProviding {
        let inner: FakeProvider
        let ready: @Sendable () -> Bool
        let sawReady = Mutex<Bool?>(nil)
        /// What reverse geocoding names any coordinates.
        let named: Place?

        init(_ inner: FakeProvider, naming named: Place? = nil, until ready: @escaping @Sendable () -> Bool) {
            self.inner = inner
            self.named = named
            self.ready = ready
        }

        func places(matching query: LocationQuery) async throws -> [Place] {
            if case .coordinates = query, let named { return [named] }
            return try await inner.places(matching: query)
        }

        func report(for place: Place) async throws -> WeatherReport {
            var waited = 0
            while !ready(), waited < 1000 {
                try await Task.sleep(for: .milliseconds(5))
                waited += 1
            }
            sawReady.withLock { $0 = ready() }
            return try await inner.report(for: place)
        }

        func cachedReport(for place: Place) async -> WeatherReport? { nil }
    }

    /// An app whose weather waits until Testford's warnings are in (`WaitingProvider`); `naming` names any coordinates.
    static func appWaitingForTheWarnings(_ server: LoopbackServer, naming: Place? = nil) -> (WeatherApp, WaitingProvider, Log) {
        let beside = Mutex<WarningsBeside?>(nil)
        let testford = Self.testford
        let provider = WaitingProvider(FakeProvider(places: ["testford": [testford]]), naming: naming) {
            beside.withLock { $0 }?.outcome(for: testford, language: .english) != nil
        }
        let (app, log) = Self.app(server, clock: TestClock(), provider: provider)
        beside.withLock { $0 = app.warningsBeside }
        return (app, provider, log)
    }

    /// The warning request leaves with the weather's (here the weather waits until the warnings are in, which it would
    /// wait for in vain if they were asked after it), and the current view is drawn with them above it.
    @Test func theWarningsLeaveWithTheWeatherAndComeWithTheViewWhenIn() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        defer { server.stop() }
        let (app, provider, log) = Self.appWaitingForTheWarnings(server)
        await app.search("Testford")
        #expect(provider.sawReady.withLock { $0 } == true)
        #expect(server.requests.count == 1)
        let view = try #require(log.events.compactMap { if case .current(let d) = $0 { d } else { nil } }.last)
        #expect(view.warnings?.items.map(\.warning.event) == ["Tornado Warning", "Wind Advisory"])
        // Drawn with the view: not again under it.
        await app.warningsAsked()
        #expect(log.late.isEmpty)
        // The renderer's order: the warnings' lines, then the view's.
        let renderer = Renderer(style: Style(color: false, unicode: true), width: 70)
        let lines = try renderer.warnings(#require(view.warnings)).map(\.plain)
        #expect(lines.map { String($0.prefix(17)) } == ["⚠ Tornado Warning", "⚠ Wind Advisory, "])

        // Drawn again (a change of units): still above it, with no new request.
        app.redrawView()
        let again = try #require(log.events.compactMap { if case .current(let d) = $0 { d } else { nil } }.last)
        #expect(again.warnings?.items.count == 2 && server.requests.count == 1)
    }

    /// Typed coordinates: the warnings need the country, which the reverse geocoding beside the weather brings; they
    /// leave as soon as it is in, not after the weather.
    @Test func typedCoordinatesAskTheWarningsOnceTheyAreNamed() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        defer { server.stop() }
        let (app, provider, log) = Self.appWaitingForTheWarnings(server, naming: Self.testford)
        await app.search("\(Self.testford.latitude), \(Self.testford.longitude)")
        #expect(provider.sawReady.withLock { $0 } == true)
        let view = try #require(log.events.compactMap { if case .current(let d) = $0 { d } else { nil } }.last)
        #expect(view.warnings?.items.count == 2 && server.requests.count == 1)
    }

    /// A one-shot's wait ends at its deadline: the warnings on the wire are then cancelled, and nothing lands after.
    /// Testford is a recent city here: its weather and its warnings leave together, so the view is held for them.
    @Test func theWaitForTheWarningsEndsAtTheDeadline() async throws {
        let server = try LoopbackServer { _ in .neverRespond }
        defer { server.stop() }
        var preferences = Preferences()
        preferences.recentCities = [Self.testford]
        let (app, log) = Self.app(server, clock: TestClock(), preferences: preferences)
        await app.search("Testford")
        #expect(await until { server.requests.count == 1 })
        #expect(app.warningsComing)
        await app.warningsAsked(before: .now + .milliseconds(200))
        #expect(!app.warningsComing)
        // Not lost without a trace: the service covering the place is said to be unavailable, no warning invented.
        #expect(log.late.count == 1 && log.late.first?.items.isEmpty == true)
        #expect(log.late.first?.unavailable == ["NWS"] && log.late.first?.noService == false)
    }

    /// A place the geocoder found: the warnings leave with its weather but open a connection of their own after the
    /// geocoder's answer, two round trips behind the weather, which took the geocoder's. A one-shot does not hold the
    /// view for them; they come under it when they land.
    @Test func warningsBehindTheGeocoderDoNotHoldTheView() async throws {
        let server = try LoopbackServer { _ in .neverRespond }
        defer { server.stop() }
        let (app, _) = Self.app(server, clock: TestClock())
        await app.search("Testford")
        #expect(await until { server.requests.count == 1 })
        #expect(!app.warningsComing)
        app.warningService = nil  // cancels the request on the wire
    }

    @Test func aPlaceNoServiceCoversIsSaidToHaveNone() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        defer { server.stop() }
        let (app, events) = Self.app(server, clock: TestClock())
        await app.search("Paris")
        await app.warningsAsked()
        let shown = try #require(events.warnings.last)
        #expect(shown.noService && shown.items.isEmpty && server.requests.isEmpty)
    }

    @Test func aFailingServiceLeavesTheWeatherAndSaysItQuietly() async throws {
        let server = try LoopbackServer { _ in .json("{}", status: 503) }
        defer { server.stop() }
        let (app, events) = Self.app(server, clock: TestClock())
        await app.search("Testford")
        await app.warningsAsked()
        let shown = try #require(events.warnings.last)
        #expect(shown.unavailable == ["NWS"] && shown.items.isEmpty)
        #expect(!events.events.contains { if case .failed = $0 { true } else { false } })
    }

    @Test func untilIsInThePlacesLocalTimeAndAWarningNotStartedSaysFrom() throws {
        let clock = TestClock()  // Mon 13 Nov 2023 23:35 UTC
        let onset = clock.now.addingTimeInterval(3600 * 6)
        let warning = Warning(event: "Wind", level: .orange, onset: onset, expires: clock.now.addingTimeInterval(3600 * 18), language: "en")
        let chicago = PlaceTimeZone.fixed(-6 * 3600)
        let display = WarningsDisplay(
            .checked(warnings: [warning], services: ["NWS"], unavailable: []), place: "Testford", zone: chicago,
            options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: .english), now: clock.now)
        #expect(display.items.first?.from == "Mon 23:35" && display.items.first?.until == "Tue 11:35")
        // Once expired, never shown.
        let later = WarningsDisplay(
            .checked(warnings: [warning], services: ["NWS"], unavailable: []), place: "Testford", zone: chicago,
            options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: .english), now: clock.now.addingTimeInterval(3600 * 19))
        #expect(later.items.isEmpty)
    }

    @Test func alertsListsThemNumberedAndAlertsNShowsOneWhole() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        defer { server.stop() }
        let (app, log) = Self.app(server, clock: TestClock())
        await app.search("Testford")
        _ = await app.handle(":alerts")
        let list = try #require(log.events.compactMap { if case .alerts(let d) = $0 { d } else { nil } }.last)
        #expect(list.number == nil && list.warnings.items.map { $0.warning.event } == ["Tornado Warning", "Wind Advisory"])
        let renderer = Renderer(style: Style(color: false, unicode: true), width: 60)
        let listed = renderer.alerts(list).map(\.plain)
        #expect(listed.first?.hasPrefix("  1. Tornado Warning, red, Tue 02:00 to Tue 08:00 · Sangamon") == true, "\(listed)")
        #expect(listed.contains { $0.hasPrefix("  2. Wind Advisory, yellow, Tue 00:00 to Wed 00:00") })
        #expect(listed.allSatisfy { $0.count <= 60 })

        _ = await app.handle(":alerts 2")
        let one = try #require(log.events.compactMap { if case .alerts(let d) = $0 { d } else { nil } }.last)
        #expect(one.number == 2)  // not started yet at 23:35 UTC: from … to …
        let whole = renderer.alerts(one).map(\.plain)
        #expect(whole.first?.hasPrefix("⚠ Wind Advisory, yellow, Tue 00:00 to Wed 00:00") == true)
        #expect(whole.contains("Use extra caution when driving, especially if operating a"))
        #expect(whole.allSatisfy { $0.count <= 60 })
        #expect(renderer.alerts(AlertsDisplay(warnings: one.warnings, number: 9, off: false)).map(\.plain)
            == ["There is no warning 9: :alerts lists 2."])

        await app.search("Paris")
        _ = await app.handle(":alerts")
        let paris = try #require(log.events.compactMap { if case .alerts(let d) = $0 { d } else { nil } }.last)
        #expect(renderer.alerts(paris).map(\.plain).first?.hasPrefix("No warning service here") == true)
    }

    @Test func alertsTakesANumber() {
        #expect((try? Command.parse(":alerts")) == .alerts(nil))
        #expect((try? Command.parse(":alerts 3")) == .alerts(3))
        #expect((try? Command.parse(":warnings 1")) == .alerts(1))
        #expect(throws: WeatherError.self) { try Command.parse(":alerts zero") }
        #expect(throws: WeatherError.self) { try Command.parse(":alerts 0") }
    }
}
