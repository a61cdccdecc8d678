import Foundation
import Synchronization
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// `:lang`, the environment's language and the clock that follows it, on the app model with an in-memory provider.
@MainActor
struct AppLanguageTests {
    final class Choices: Sendable {
        let all = Mutex<[ServiceChoice]>([])
    }

    static func app(
        preferences: Preferences = Preferences(), language: Language? = nil, environment: LanguageChoice, folder: TemporaryFolder,
        choices: Choices
    ) -> (WeatherApp, WeatherAppTests.EventLog) {
        let provider = FakeProvider(places: ["testford": [TestData.place]])
        let store = PreferencesStore.open(at: folder.path("preferences.json")).0
        let app = WeatherApp(
            preferences: preferences, store: store, offline: false, language: language, environmentLanguage: environment,
            providers: .standard, now: { Date(timeIntervalSince1970: 1_699_918_300) },
            makeService: { choice in
                choices.all.withLock { $0.append(choice) }
                return provider
            })
        let log = WeatherAppTests.EventLog()
        app.onEvent = { log.all.append($0) }
        return (app, log)
    }

    @Test func theEnvironmentChoosesTheLanguageAndTheClockFollowsItsRegion() {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let choices = Choices()
        let (us, _) = Self.app(environment: LanguageChoice(language: .english, region: "US"), folder: folder, choices: choices)
        #expect(us.options.clock == .twelveHour)
        let (gb, _) = Self.app(environment: LanguageChoice(language: .english, region: "GB"), folder: folder, choices: choices)
        #expect(gb.options.clock == .twentyFourHour)
        let (french, _) = Self.app(environment: LanguageChoice(language: .french, region: "CA"), folder: folder, choices: choices)
        #expect(french.options.language == .french)
        #expect(french.options.clock == .twentyFourHour)
        #expect(choices.all.withLock { $0.last?.language } == .french)  // asked of the providers too
        // A clock chosen with :clock stays chosen, whatever the region.
        var saved = Preferences()
        saved.clock = .twentyFourHour
        let (chosen, _) = Self.app(preferences: saved, environment: LanguageChoice(language: .english, region: "US"), folder: folder, choices: choices)
        #expect(chosen.options.clock == .twentyFourHour)
    }

    @Test func langSavesTheChoiceRedrawsInItAndAsksTheProvidersInIt() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let choices = Choices()
        let (app, log) = Self.app(environment: LanguageChoice(language: .english), folder: folder, choices: choices)
        #expect(await app.handle("Testford"))
        log.clear()
        #expect(await app.handle(":lang"))
        #expect(log.shown == [.language(.english)])
        log.clear()
        #expect(await app.handle(":lang DE"))
        #expect(app.options.language == .german)
        #expect(log.shown.first == .language(.german))
        // Asked for again in German, not redrawn from the report held (whose conditions OpenWeather worded in
        // English): one view, all in one language.
        #expect(log.shown.count == 2, "\(log.shown)")
        guard case .current(let display) = log.shown.last else { Issue.record("not shown again: \(log.all)"); return }
        #expect(display.observedAt.hasPrefix("Mo. "))  // Monday in German
        #expect(choices.all.withLock { $0.last?.language } == .german)
        let saved = try Preferences(data: Data(contentsOf: folder.path("preferences.json")))
        #expect(saved.language == .german)
        // --lang for one run wins over the saved choice, and a later :lang replaces it.
        let (again, _) = Self.app(preferences: saved, language: .italian, environment: LanguageChoice(language: .french), folder: folder, choices: choices)
        #expect(again.options.language == .italian)
        let (fromFile, _) = Self.app(preferences: saved, environment: LanguageChoice(language: .french), folder: folder, choices: choices)
        #expect(fromFile.options.language == .german)
        #expect(fromFile.unsupportedLanguage == nil)
    }

    @Test func aLanguageNotSpokenIsNamedUntilOneIsChosen() {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let asked = LanguageChoice(language: .english, unsupported: "ja_JP")
        let (app, _) = Self.app(environment: asked, folder: folder, choices: Choices())
        #expect(app.unsupportedLanguage == "ja_JP")
        #expect(app.options.language == .english)
        var chosen = Preferences()
        chosen.language = .french
        #expect(Self.app(preferences: chosen, environment: asked, folder: folder, choices: Choices()).0.unsupportedLanguage == nil)
    }

    @Test func langAndItsErrorsParse() throws {
        #expect(try Command.parse(":lang") == .language(nil))
        #expect(try Command.parse(":lang pt") == .language(.portuguese))
        #expect(try Command.parse(":language fr_FR.UTF-8") == .language(.french))
        #expect(throws: WeatherError.self) { try Command.parse(":lang xx") }
    }
}
