import Foundation
import WeatherCoreTesting
import Testing
import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// "Texts in the user's language when the service publishes it, else in the service's language, said once": the
/// warnings asked of the sources on loopback servers, then `:alerts` and `:alerts N` drawn and said in plain mode.
struct WarningLanguageTests {
    /// What `:alerts` (number nil) or `:alerts N` draws and what plain mode says, in `language`.
    static func shown(_ warnings: [Warning], language: Language, number: Int? = nil, now: Date) -> (drawn: [String], plain: [String]) {
        let display = WarningsDisplay(
            .checked(warnings: warnings, services: ["test"], unavailable: []), place: "Here", zone: .fixed(0),
            options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: language), now: now)
        let alerts = AlertsDisplay(warnings: display, number: number, off: false)
        let strings = Strings.terminal(language)
        let drawn = Renderer(style: Style(color: false, unicode: true), width: 100, strings: strings).alerts(alerts).map(\.plain)
        return (drawn, PlainRenderer(strings: strings).alerts(alerts))
    }

    static func count(_ line: String, in lines: [String]) -> Int { lines.filter { $0 == line }.count }

    @Test func aFrenchReaderOfNWSsEnglishTextsIsToldSoOnce() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("nws/alerts_testford.json")) }
        defer { server.stop() }
        let clock = TestClock()
        let warnings = try await WarningSourcesTests.nws(server, clock: clock).warnings(for: WarningSourcesTests.testford, language: .french)
        let line = "Textes en anglais, tels que publiés."
        for number in [nil, 1] {
            let (drawn, plain) = Self.shown(warnings, language: .french, number: number, now: clock.now)
            #expect(Self.count(line, in: drawn) == 1, "\(drawn)")
            #expect(Self.count(line, in: plain) == 1, "\(plain)")
        }
        // An English reader is told nothing.
        let (drawn, plain) = Self.shown(warnings, language: .english, now: clock.now)
        #expect(!(drawn + plain).contains { $0.hasPrefix("Texts in") })
    }

    @Test func aGermanReaderOfBrightSkysGermanTextsIsToldNothing() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("brightsky/alerts_waldheim.json")) }
        defer { server.stop() }
        let clock = TestClock()
        let german = try await WarningSourcesTests.brightSky(server, clock: clock).warnings(for: WarningSourcesTests.waldheim, language: .german)
        let (drawn, plain) = Self.shown(german, language: .german, now: clock.now)
        #expect(drawn.count > 1 && !(drawn + plain).contains { $0.hasPrefix("Texte auf") }, "\(drawn)")
        // A French reader gets English where the alert has it, German where it has only that: both said, in one line.
        let french = try await WarningSourcesTests.brightSky(server, clock: clock).warnings(for: WarningSourcesTests.waldheim, language: .french)
        let shown = Self.shown(french, language: .french, now: clock.now)
        #expect(Self.count("Textes en anglais, allemand, tels que publiés.", in: shown.drawn) == 1, "\(shown.drawn)")
        #expect(Self.count("Textes en anglais, allemand, tels que publiés.", in: shown.plain) == 1, "\(shown.plain)")
    }

    /// MeteoAlarm Croatia to an English reader: English where the feed has it, Croatian where it has only that.
    /// `:alerts N` says it of that warning alone.
    @Test func meteoAlarmsCroatianOnlyWarningIsSaidCroatianForItAlone() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("meteoalarm/feeds-croatia_split.json")) }
        defer { server.stop() }
        let warnings = try await MeteoAlarmTests.meteoAlarm(server).warnings(for: MeteoAlarmTests.split, language: .english)
        let now = WarningSourcesTests.date("2023-11-13T12:00:00Z")  // the heat warning in force
        let line = "Texts in Croatian, as published."
        let list = Self.shown(warnings, language: .english, now: now)
        #expect(Self.count(line, in: list.drawn) == 1 && Self.count(line, in: list.plain) == 1, "\(list.drawn)")
        let english = try #require(warnings.firstIndex { $0.language == "en-gb" }) + 1
        let croatian = try #require(warnings.firstIndex { $0.language == "hr-hr" }) + 1
        #expect(Self.count(line, in: Self.shown(warnings, language: .english, number: croatian, now: now).drawn) == 1)
        let one = Self.shown(warnings, language: .english, number: english, now: now)
        #expect(!(one.drawn + one.plain).contains { $0.hasPrefix("Texts in") })
        // In Italian, the language's name in Italian.
        #expect(Self.count("Testi in inglese, croato, come pubblicati.", in: Self.shown(warnings, language: .italian, now: now).drawn) == 1)
    }

    @Test func theTextsLanguageIsItsPrimarySubtagWhenNotTheReaders() {
        #expect(WarningsDisplay.otherLanguage("hr-HR", than: .english) == "hr")
        #expect(WarningsDisplay.otherLanguage("en_GB", than: .english) == nil)
        #expect(WarningsDisplay.otherLanguage("pt-PT", than: .portuguese) == nil)
        #expect(WarningsDisplay.otherLanguage("NB", than: .german) == "no" && WarningsDisplay.otherLanguage("nn-NO", than: .german) == "no")
        #expect(WarningsDisplay.otherLanguage("", than: .english) == nil && WarningsDisplay.otherLanguage("x\u{1B}y", than: .english) == nil)
        // A code the table lacks is shown as it is.
        #expect(Strings.terminal(.english).languageName("hu") == "hu" && Strings.terminal(.german).languageName("no") == "Norwegisch")
    }
}
