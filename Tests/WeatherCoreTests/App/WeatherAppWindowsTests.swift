import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Two windows (two app models) on one preferences file: each saves only what it changed, and each sees the
/// cities the other found.
@MainActor
struct WeatherAppWindowsTests {
    func window(_ url: URL, _ provider: FakeProvider) -> WeatherApp {
        let (store, loaded) = PreferencesStore.open(at: url)
        return WeatherApp(
            preferences: loaded.preferences, store: store, offline: false,
            providers: .standard, now: { Date(timeIntervalSince1970: 1_699_918_300) }, makeService: { _ in provider })
    }

    @Test func eachWindowSavesItsOwnChangeAndOffersTheOthersCities() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        let provider = FakeProvider(places: ["london": [WeatherAppTests.londonGB], "testford": [TestData.place]])
        let first = window(url, provider)
        let second = window(url, provider)
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
}
