import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// The precedence rules of `Settings.resolve`, one test each: command line over environment over preferences over the
/// locale's and the key's defaults.
struct SettingsTests {
    static let british = LanguageChoice(language: .english, region: "GB", measurementRegion: "GB")

    static func resolve(
        flags: Settings.Layer = Settings.Layer(), environment: Settings.Layer = Settings.Layer(),
        preferences: Preferences = Preferences(), locale: LanguageChoice = british, defaultProvider: ProviderID = .openMeteo
    ) -> Settings {
        Settings.resolve(
            flags: flags, environment: environment, preferences: Settings.Layer(preferences), locale: locale,
            defaultProvider: defaultProvider)
    }

    static var savedEverything: Preferences {
        var preferences = Preferences()
        preferences.units = .imperial
        preferences.clock = .twelveHour
        preferences.language = .german
        preferences.provider = .metNorway
        preferences.failover = false
        return preferences
    }

    @Test func theCommandLineWinsOverTheEnvironment() {
        let settings = Self.resolve(
            flags: Settings.Layer(provider: .openWeather), environment: Settings.Layer(provider: .metNorway))
        #expect(settings.provider == .openWeather)
    }

    @Test func theEnvironmentWinsOverThePreferences() {
        var preferences = Preferences()
        preferences.provider = .openWeather
        let settings = Self.resolve(environment: Settings.Layer(provider: .metNorway), preferences: preferences)
        #expect(settings.provider == .metNorway)
    }

    @Test func theCommandLineWinsOverThePreferences() {
        let flags = Settings.Layer(units: .metric, clock: .twentyFourHour, language: .french, failover: true)
        let settings = Self.resolve(flags: flags, preferences: Self.savedEverything)
        #expect(settings == Settings(units: .metric, clock: .twentyFourHour, language: .french, provider: .metNorway, failover: true))
    }

    @Test func thePreferencesWinOverTheDefaults() {
        let settings = Self.resolve(preferences: Self.savedEverything, defaultProvider: .openWeather)
        #expect(settings == Settings(units: .imperial, clock: .twelveHour, language: .german, provider: .metNorway, failover: false))
    }

    @Test func withNothingChosenTheDefaultsApply() {
        let settings = Self.resolve(defaultProvider: .openWeather)
        #expect(settings == Settings(units: .metric, clock: .twentyFourHour, language: .english, provider: .openWeather, failover: true))
    }

    /// Plain mode: `--plain` over `TERM=dumb` over `:plain`'s preference over off. `--plain` and `TERM=dumb` only ever
    /// turn it on; `:plain off` saves the preference and clears the layers above it for the session (`PlainModeTests`).
    @Test func plainModeFollowsTheOneRuleOfPrecedence() {
        var on = Preferences()
        on.plain = true
        var off = Preferences()
        off.plain = false
        #expect(Self.resolve().plain == false)
        #expect(Self.resolve(preferences: on).plain == true)
        #expect(Self.resolve(environment: Settings.Layer(plain: true), preferences: off).plain == true)
        #expect(Self.resolve(flags: Settings.Layer(plain: true), preferences: off).plain == true)
        #expect(Self.resolve(flags: Settings.Layer(plain: false), environment: Settings.Layer(plain: true), preferences: on).plain == false)
        // Choosing it changes nothing else.
        let plain = Self.resolve(flags: Settings.Layer(plain: true), preferences: Self.savedEverything)
        #expect(plain == Settings(units: .imperial, clock: .twelveHour, language: .german, provider: .metNorway, failover: false, plain: true))
    }

    /// The air (`WEATHER_OR_NOT_AIR`), as the minutes: no flag, preference or command chooses it, so its rules are
    /// two. With nothing chosen it is asked, whatever the preferences saved.
    @Test func theAirIsOnUnlessTurnedOff() {
        #expect(Self.resolve().air == true)
        #expect(Self.resolve(preferences: Self.savedEverything).air == true)
        #expect(Self.resolve(environment: Settings.Layer(air: true)).air == true)
    }

    /// The environment turning it off wins over the default, and changes nothing else.
    @Test func theEnvironmentTurnsTheAirOff() {
        let off = Self.resolve(environment: Settings.Layer(air: false), preferences: Self.savedEverything)
        #expect(off == Settings(units: .imperial, clock: .twelveHour, language: .german, provider: .metNorway, failover: false, air: false))
    }

    /// An on/off variable's words: "off", "0", "no", "false" in any case and with spaces around turn it off; any other
    /// value leaves it on; unset or empty chooses nothing.
    @Test func anEnvironmentSwitchReadsItsWords() {
        for off in ["off", "0", "no", "false", " OFF ", "False"] { #expect(Settings.environmentSwitch(off) == false, "\(off)") }
        for on in ["on", "1", "yes", "true", "ON"] { #expect(Settings.environmentSwitch(on) == true, "\(on)") }
        #expect(Settings.environmentSwitch(nil) == nil)
        #expect(Settings.environmentSwitch("  ") == nil)
    }

    @Test(arguments: ["US", "LR", "MM"])
    func theUnitsDefaultToImperialInTheUnitedStatesLiberiaAndMyanmar(region: String) {
        #expect(Self.resolve(locale: LanguageChoice(language: .english, measurementRegion: region)).units == .imperial)
    }

    @Test(arguments: ["GB", "CA", "FR", nil] as [String?])
    func theUnitsDefaultToMetricElsewhere(region: String?) {
        #expect(Self.resolve(locale: LanguageChoice(language: .english, measurementRegion: region)).units == .metric)
    }

    @Test func theClockDefaultsTo12HourForUSEnglishOnly() {
        #expect(Self.resolve(locale: LanguageChoice(language: .english, region: "US")).clock == .twelveHour)
        #expect(Self.resolve(locale: LanguageChoice(language: .english, region: "GB")).clock == .twentyFourHour)
        #expect(Self.resolve(locale: LanguageChoice(language: .spanish, region: "US")).clock == .twentyFourHour)
        // The clock follows the language in force: a US locale with French chosen reads a 24-hour clock.
        let french = Self.resolve(flags: Settings.Layer(language: .french), locale: LanguageChoice(language: .english, region: "US"))
        #expect(french.clock == .twentyFourHour)
    }

    @Test func theLocaleLanguageIsTheDefaultAndAnUnsupportedOneIsSaidOnlyWhenNoneIsChosen() {
        let japanese = LanguageChoice(language: .english, unsupported: "ja_JP")
        #expect(Self.resolve(locale: LanguageChoice(language: .italian)).language == .italian)
        #expect(Self.resolve(locale: japanese).unsupportedLanguage == "ja_JP")
        #expect(Self.resolve(flags: Settings.Layer(language: .french), locale: japanese).unsupportedLanguage == nil)
        var preferences = Preferences()
        preferences.language = .portuguese
        #expect(Self.resolve(preferences: preferences, locale: japanese).unsupportedLanguage == nil)
    }

    /// The app model weighs the layers it is handed with the same rules, and a command replaces what the command line
    /// and the environment chose for the run.
    @MainActor
    @Test func theAppModelTakesTheEnvironmentsProviderUntilProviderChoosesAnother() async {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        var saved = Preferences()
        saved.provider = .openWeather
        let store = PreferencesStore.open(at: folder.path("preferences.json")).0
        let provider = FakeProvider(places: ["testford": [TestData.place]])
        let app = WeatherApp(
            preferences: saved, store: store, offline: false, providers: .standard, environmentProvider: .metNorway, defaultProvider: .openMeteo,
            makeService: { _ in provider })
        #expect(app.provider == .metNorway)
        #expect(app.serviceChoice.provider == .metNorway)
        await app.run(.provider(.openMeteo))
        #expect(app.provider == .openMeteo)
        #expect(PreferencesStore.peek(at: folder.path("preferences.json")).provider == .openMeteo)
        let flagged = WeatherApp(
            preferences: saved, store: nil, offline: false, providers: .standard, provider: .openMeteo, environmentProvider: .metNorway,
            makeService: { _ in provider })
        #expect(flagged.provider == .openMeteo)
    }
}
