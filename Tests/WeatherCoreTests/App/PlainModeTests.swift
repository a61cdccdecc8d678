import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Plain mode in the app model: `:plain` parses, saves its choice and wins over the layers above it.
@MainActor
struct PlainModeTests {
    @Test func plainParses() throws {
        #expect(try Command.parse(":plain") == .plain(nil))
        #expect(try Command.parse(":plain on") == .plain(true))
        #expect(try Command.parse(":plain OFF") == .plain(false))
        #expect(throws: WeatherError.self) { try Command.parse(":plain loud") }
    }

    /// `:plain on` is saved, over `--plain`'s and `TERM=dumb`'s layers for the rest of the session; `:plain off` turns
    /// it off even where the terminal is dumb; a new launch reads the choice back.
    @Test func plainModeChosenIsSavedAndWinsOverTheLayersAboveIt() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let store = PreferencesStore.open(at: folder.path("preferences.json")).0
        let log = WeatherAppTests.EventLog()
        let app = WeatherApp(
            preferences: Preferences(), store: store, offline: false, providers: .standard, plain: nil, environmentPlain: true,
            makeService: { _ in FakeProvider(places: [:]) })
        app.onEvent = { log.all.append($0) }
        #expect(app.plain)  // TERM=dumb
        await app.run(.plain(nil))
        #expect(log.all.last == AppEvent.plain(true, saved: false))
        await app.run(.plain(false))
        #expect(log.all.last == AppEvent.plain(false, saved: true))
        #expect(!app.plain)
        #expect(try Preferences(data: Data(contentsOf: folder.path("preferences.json"))).plain == false)
        await app.run(.plain(true))
        #expect(app.plain)
        #expect(log.all.last == AppEvent.plain(true, saved: true))
        let saved = try Preferences(data: Data(contentsOf: folder.path("preferences.json")))
        #expect(saved.plain == true)
        let relaunched = WeatherApp(preferences: saved, store: nil, offline: false, providers: .standard, makeService: { _ in FakeProvider(places: [:]) })
        #expect(relaunched.plain)
    }
}
