import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Two windows (two app models) on one preferences file: each saves only what it changed, and each sees the
/// cities the other found.
@MainActor
struct WeatherAppWindowsTests {
    /// A window on the preferences at `url`, its provider finding London and Testford.
    func window(_ url: URL) -> WeatherApp {
        let provider = FakeProvider(places: ["london": [WeatherAppTests.londonGB], "testford": [TestData.place]])
        let (store, loaded) = PreferencesStore.open(at: url)
        return WeatherApp(
            preferences: loaded.preferences, store: store, offline: false,
            providers: .standard, now: { Date(timeIntervalSince1970: 1_699_918_300) }, makeService: { _ in provider })
    }

    @Test func eachWindowSavesItsOwnChangeAndOffersTheOthersCities() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        let first = window(url)
        let second = window(url)
        #expect(await first.handle("London"))
        #expect(await first.handle(":units imperial"))
        #expect(await second.handle("Testford"))
        #expect(await second.handle(":clock 12"))
        // The second window offers the first one's city, and keeps its own units.
        #expect(second.completionCities == ["Testford, England, GB", "London, England, GB"])
        #expect(second.options.units == .metric)
        #expect(second.options.clock == .twelveHour)
        let saved = try Preferences(data: Data(contentsOf: url))
        #expect(saved.units == .imperial)
        #expect(saved.clock == .twelveHour)
        #expect(saved.lastCity == TestData.place)
        #expect(saved.recentCities == [TestData.place, WeatherAppTests.londonGB])
    }

    /// Each window keeps its own units and language until it changes them, whatever the other saved meanwhile; only
    /// the recent list is merged live. A window opened after them starts from what was saved last.
    @Test func eachWindowKeepsItsOwnSettingsAndSharesOnlyTheRecentList() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        let first = window(url)
        let second = window(url)
        #expect(await first.handle(":lang fr"))
        #expect(await first.handle(":units imperial"))
        #expect(await second.handle("London"))
        // The first window's choices are saved, and the second, which changed neither, keeps its own.
        #expect(second.options.language == .english)
        #expect(second.options.units == .metric)
        #expect(await first.handle("Testford"))
        #expect(first.options.language == .french)
        #expect(first.options.units == .imperial)
        #expect(first.completionCities == ["Testford, England, GB", "London, England, GB"])  // the second's city, live
        #expect(await second.handle(":lang de"))
        #expect(second.options.language == .german)
        #expect(second.options.units == .metric)
        #expect(first.options.language == .french)
        let saved = try Preferences(data: Data(contentsOf: url))
        #expect(saved.language == .german)
        #expect(saved.units == .imperial)
        let third = window(url)
        #expect(third.options.language == .german)
        #expect(third.options.units == .imperial)
    }
}
