import Foundation
import Synchronization
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// The app model on its own: commands in, events out, preferences in a real file in a temporary folder.
@MainActor
struct WeatherAppTests {
    nonisolated static let londonGB = Place(name: "London", state: "England", country: "GB", latitude: 51.5073, longitude: -0.1276)
    static let londonCA = Place(name: "London", state: "Ontario", country: "CA", latitude: 42.9834, longitude: -81.233)
    static let testford = TestData.place

    struct Harness {
        let app: WeatherApp
        let provider: FakeProvider
        let folder: TemporaryFolder
        let events: EventLog

        var preferencesFile: URL { folder.path("preferences.json") }
    }

    @MainActor
    final class EventLog {
        var all: [AppEvent] = []
        func clear() { all = [] }
        /// The events other than loading.
        var shown: [AppEvent] { all.filter { if case .loading = $0 { false } else { true } } }
    }

    static func harness(persist: Bool = true, preferences: Preferences = Preferences(), units: UnitSystem? = nil) -> Harness {
        let folder = TemporaryFolder()
        let provider = FakeProvider(places: ["london": [londonGB, londonCA], "testford": [testford]])
        let store = PreferencesStore.open(at: folder.path("preferences.json")).0
        let app = WeatherApp(
            preferences: preferences, store: persist ? store : nil, offline: false, units: units,
            providers: .standard, now: { Date(timeIntervalSince1970: 1_699_918_300) }, makeService: { _ in provider })
        let log = EventLog()
        app.onEvent = { log.all.append($0) }
        return Harness(app: app, provider: provider, folder: folder, events: log)
    }

    @Test func aSearchShowsTheWeatherListsTheMatchesAndRemembersThePlace() async throws {
        let h = Self.harness()
        defer { h.folder.remove() }
        #expect(await h.app.handle("London"))
        guard case .current(let display) = h.events.shown.first else { Issue.record("no current view: \(h.events.all)"); return }
        #expect(display.place == "London, England, GB")
        #expect(h.events.shown.dropFirst().first == .matches([Self.londonGB, Self.londonCA], shown: 0))
        #expect(h.app.place == Self.londonGB)
        #expect(h.app.promptName == "London, GB")  // another London is among the matches
        let saved = try Preferences(data: Data(contentsOf: h.preferencesFile))
        #expect(saved.lastCity == Self.londonGB)
        #expect(h.events.all.first == .loading(true))
    }

    @Test func pickKeepsTheListInItsOrderAndMovesTheMark() async {
        let h = Self.harness()
        defer { h.folder.remove() }
        await h.app.run(.search("London"))
        h.events.clear()
        await h.app.run(.pick(2))
        #expect(h.events.shown.last == .matches([Self.londonGB, Self.londonCA], shown: 1))
        h.events.clear()
        await h.app.run(.pick(2))
        #expect(h.events.shown.last == .matches([Self.londonGB, Self.londonCA], shown: 1))  // the same place again
        #expect(h.app.place == Self.londonCA)
        #expect(h.app.promptName == "London, CA")
    }

    @Test func afterASearchThatFoundNothingThereIsNothingToPick() async {
        let h = Self.harness()
        defer { h.folder.remove() }
        await h.app.run(.search("London"))
        await h.app.run(.search("Atlantis"))
        h.events.clear()
        let before = h.provider.requests.count
        await h.app.run(.pick(2))
        #expect(h.events.shown == [.failed(.invalidInput(Phrase("error.pick.none")))])
        #expect(h.provider.requests.count == before)
    }

    /// `:recent` numbers the cities: `:pick N`, or N alone, shows city N from its stored coordinates (no search),
    /// and the list keeps its numbers while that city becomes the most recent. A search lists its own matches again.
    @Test func aNumberUnderTheRecentListPicksFromIt() async throws {
        var preferences = Preferences()
        preferences.remember(Self.londonCA)
        preferences.remember(Self.testford)
        preferences.remember(Self.londonGB)  // recent: London GB, Testford, London CA
        let h = Self.harness(preferences: preferences)
        defer { h.folder.remove() }
        await h.app.run(.recent)
        #expect(h.events.shown == [.recent([Self.londonGB, Self.testford, Self.londonCA])])
        h.events.clear()
        await h.app.run(.pick(3))
        #expect(h.app.place == Self.londonCA)
        #expect(h.provider.requests == ["report London"])  // no geocoding
        guard case .current(let display) = h.events.shown.first else { Issue.record("no view: \(h.events.all)"); return }
        #expect(display.place == "London, Ontario, CA")
        #expect(await h.app.handle("2"))  // a number alone: the same list, in its first order
        #expect(h.app.place == Self.testford)
        #expect(h.app.preferences.recentCities.first == Self.testford)
        h.events.clear()
        await h.app.run(.pick(4))
        #expect(h.events.shown == [.failed(.invalidInput(Phrase("error.pick.range", ["count": "3"])))])
        await h.app.run(.search("Testford"))  // one match: nothing listed now
        h.events.clear()
        await h.app.run(.pick(1))
        #expect(h.events.shown == [.failed(.invalidInput(Phrase("error.pick.onlyOne")))])
    }

    /// Ctrl-L's redraw: the view shown last, again, with no request.
    @Test func theViewIsRedrawnWithoutARequest() async {
        let h = Self.harness()
        defer { h.folder.remove() }
        await h.app.run(.search("Testford"))
        await h.app.run(.daily)
        let requests = h.provider.requests.count
        h.events.clear()
        h.app.redrawView()
        guard case .daily(let display) = h.events.shown.first, h.events.shown.count == 1 else {
            Issue.record("not the 5-day view: \(h.events.all)")
            return
        }
        #expect(display.place == "Testford, England, GB")
        #expect(h.provider.requests.count == requests)
    }

    @Test func aPlaceNotFoundSuggestsPastPlacesAfterTheError() async {
        var preferences = Preferences()
        preferences.remember(Self.testford)
        let h = Self.harness(preferences: preferences)
        defer { h.folder.remove() }
        await h.app.run(.search("Testfrod"))
        #expect(h.events.shown == [.failed(.placeNotFound("Testfrod")), .suggestions([Self.testford])])
    }

    @Test func aOneShotWritesNoPreferencesAndItsUnitsLastOneRun() async throws {
        let h = Self.harness(persist: false, units: .imperial)
        defer { h.folder.remove() }
        await h.app.run(.search("Testford"))
        guard case .current(let display) = h.events.shown.first else { Issue.record("no view"); return }
        #expect(display.temperature.hasSuffix("°F"))
        #expect(!FileManager.default.fileExists(atPath: h.preferencesFile.path))
        #expect(h.app.preferences.units == nil)
    }

    @Test func unitsRedrawTheComparisonWithoutARequest() async {
        let h = Self.harness()
        defer { h.folder.remove() }
        await h.app.run(.compare("London", "Testford"))
        let requests = h.provider.requests.count
        h.events.clear()
        await h.app.run(.units(.imperial))
        guard case .compare(let a, let b) = h.events.shown.first else { Issue.record("no comparison: \(h.events.all)"); return }
        #expect(a.temperature.hasSuffix("°F") && b.temperature.hasSuffix("°F"))
        #expect(h.events.shown.count == 1)
        #expect(h.provider.requests.count == requests)
    }

    @Test func unitsOrClockWithNoValueSayTheSettingsInForce() async {
        let h = Self.harness(units: .standard)
        defer { h.folder.remove() }
        await h.app.run(.units(nil))
        await h.app.run(.clock(nil))
        #expect(h.events.shown == [.settings(units: .standard, clock: .twentyFourHour), .settings(units: .standard, clock: .twentyFourHour)])
    }

    /// With no view on screen to show the change, `:units` and `:clock` say the settings and that they were saved;
    /// with a view, drawing it again is all they do.
    @Test func unitsWithNoViewOnScreenAreSavedAndSaid() async throws {
        let h = Self.harness()
        defer { h.folder.remove() }
        await h.app.run(.units(.imperial))
        await h.app.run(.clock(.twelveHour))
        #expect(h.events.shown == [
            .settings(units: .imperial, clock: .twentyFourHour, saved: true), .settings(units: .imperial, clock: .twelveHour, saved: true),
        ])
        #expect(try Preferences(data: Data(contentsOf: h.preferencesFile)).units == .imperial)
        #expect(await h.app.handle("Testford"))
        h.events.clear()
        await h.app.run(.units(.metric))
        #expect(h.events.shown.count == 1)
        guard case .current = h.events.shown.first else { Issue.record("no view: \(h.events.all)"); return }
    }

    /// Where nothing can be saved, the settings are said without claiming so.
    @Test func unitsThatCannotBeSavedAreNotSaidToBe() async {
        let h = Self.harness(persist: false)
        defer { h.folder.remove() }
        await h.app.run(.units(.imperial))
        #expect(h.events.shown == [.settings(units: .imperial, clock: .twentyFourHour, saved: false)])
    }

    @Test func viewsBeforeAnyPlaceFailAndSaySo() async {
        let h = Self.harness()
        defer { h.folder.remove() }
        for command in [Command.hourly(nil), .daily, .rain] { await h.app.run(command) }
        #expect(h.events.shown.count == 3)
        #expect(h.events.shown.allSatisfy { if case .failed = $0 { true } else { false } })
        #expect(h.provider.requests.isEmpty)
    }

    @Test func aRecentCityIsShownFromItsCoordinatesWithoutGeocoding() async {
        var preferences = Preferences()
        preferences.remember(Self.testford)
        let h = Self.harness(preferences: preferences)
        defer { h.folder.remove() }
        await h.app.run(.search("testford"))
        #expect(h.provider.requests == ["report Testford"])
        await h.app.run(.rain)
        guard case .rain(let rain) = h.events.shown.last else { Issue.record("no outlook"); return }
        #expect(rain.place == "Testford, England, GB")
    }

    /// Two stored Londons: "London, GB" names one (before, it geocoded again), as do "london, uk" and "London, Ontario,
    /// CA"; a country with no stored match searches; "London" alone means the one seen last, with no search.
    @Test func aStoredCityTypedWithItsCountryIsShownWithoutGeocoding() async {
        var preferences = Preferences()
        preferences.remember(Self.londonCA)
        preferences.remember(Self.londonGB)
        let h = Self.harness(preferences: preferences)
        defer { h.folder.remove() }
        await h.app.run(.search("London, GB"))
        await h.app.run(.search("london, uk"))
        await h.app.run(.search("London, Ontario, CA"))
        #expect(h.provider.requests == ["report London", "report London", "report London"])
        #expect(h.app.place == Self.londonCA)
        await h.app.run(.search("London, US"))
        await h.app.run(.search("London"))
        #expect(h.provider.requests.dropFirst(3) == ["places London, US", "report London"])
        #expect(h.app.place == Self.londonCA)
    }
}

/// Choosing a provider at the prompt: saved, the place shown again from it, and the choice read back.
@MainActor
struct WeatherAppProviderTests {
    @Test func providerIsChosenSavedAndTheViewRedrawn() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let store = PreferencesStore.open(at: folder.path("preferences.json")).0
        let provider = FakeProvider(places: ["testford": [TestData.place]])
        var built: [ServiceChoice] = []
        let app = WeatherApp(
            preferences: Preferences(), store: store, offline: false, providers: .standard, defaultProvider: .openMeteo,
            now: { Date(timeIntervalSince1970: 1_699_918_300) }, makeService: { built.append($0); return provider })
        var events: [AppEvent] = []
        app.onEvent = { events.append($0) }
        #expect(app.provider == .openMeteo)
        #expect(built == [ServiceChoice(offline: false, provider: .openMeteo, failover: true)])
        await app.run(.search("Testford"))
        events = []
        await app.run(.provider(.metNorway))
        #expect(built.last == ServiceChoice(offline: false, provider: .metNorway, failover: true))
        #expect(events.contains(.provider(.metNorway, isDefault: false)))
        #expect(events.contains { if case .current = $0 { true } else { false } })  // shown again from the new provider
        let saved = try Preferences(data: Data(contentsOf: folder.path("preferences.json")))
        #expect(saved.provider == .metNorway)
        events = []
        await app.run(.provider(nil))
        #expect(events == [.provider(.metNorway, isDefault: false)])
    }

    @Test func aRunsOwnProviderAndNoFailoverAreNotSaved() async throws {
        var preferences = Preferences()
        preferences.provider = .metNorway
        var built: [ServiceChoice] = []
        let app = WeatherApp(
            preferences: preferences, store: nil, offline: false, providers: .standard, provider: .openWeather, defaultProvider: .openWeather,
            failover: false, makeService: { built.append($0); return FakeProvider(places: [:]) })
        #expect(app.provider == .openWeather)
        #expect(built == [ServiceChoice(offline: false, provider: .openWeather, failover: false)])
    }

    @Test func providerAndFailoverSurviveTheFile() throws {
        var preferences = Preferences()
        preferences.provider = .openMeteo
        preferences.failover = false
        let read = try Preferences(data: preferences.data)
        #expect(read.provider == .openMeteo)
        #expect(read.failover == false)
        #expect(try Preferences(data: Preferences().data).failover)
        #expect(throws: Preferences.FormatError.self) { try Preferences(data: Data(#"{"failover":"no"}"#.utf8)) }
    }
}
