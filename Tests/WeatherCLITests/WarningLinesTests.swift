import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCLI
@testable import WeatherCore

/// The warning lines above the current view and the heading line of `:alerts N`: wrapped at spaces onto rows
/// indented under the text after the sign, never cut, so the end time (the point of the line) is always there; each
/// row fits the width, so the prompt's count of the view's rows (one a line) counts the wrapped ones. Goldens at 40
/// and 80 columns in English and French (`Golden/warnings/<code>_<width>.txt`).
struct WarningLinesTests {
    static let golden = Golden(beside: #filePath)
    static let now = PlainViewsTests.now  // Mon 13 Nov 2023 23:31:40 UTC

    /// A red warning to come (from … to …), a yellow one in force and a long-named red one, as a service would send.
    static func display(_ language: Language) -> WarningsDisplay {
        let tornado = Warning(
            event: "Tornado Warning", level: .red, area: "Sangamon", onset: now.addingTimeInterval(2.5 * 3600),
            expires: now.addingTimeInterval(8.5 * 3600), issuer: "NWS Lincoln IL", headline: "Tornado Warning issued",
            description: "A tornado was seen near Testford.", instruction: "Take shelter now.", language: "en")
        let fog = Warning(
            event: "Dense Fog Advisory", level: .yellow, area: "Sangamon", expires: now.addingTimeInterval(12.5 * 3600),
            issuer: "NWS Lincoln IL", language: "en")
        let rain = Warning(
            event: "Avertissement de pluie verglaçante", level: .orange, area: "Winnipeg",
            expires: now.addingTimeInterval(25.5 * 3600), issuer: "ECCC", language: "fr")
        return WarningsDisplay(
            .checked(warnings: [tornado, rain, fog], services: ["NWS"], unavailable: []), place: "Testford, England, GB",
            zone: .fixed(0), options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: language), now: now)
    }

    static func renderer(_ language: Language, width: Int) -> Renderer {
        Renderer(style: Style(color: false, unicode: true), width: width, strings: Strings.terminal(language))
    }

    @Test(arguments: [Language.english, .french], [40, 80])
    func warningLinesWrapUnderTheirTextAndMatchTheirGolden(_ language: Language, width: Int) {
        let renderer = Self.renderer(language, width: width)
        let display = Self.display(language)
        let above = renderer.warnings(display)
        let heading = renderer.alerts(AlertsDisplay(warnings: display, number: 1, off: false))
        let list = renderer.alerts(AlertsDisplay(warnings: display, number: nil, off: false))
        for line in above + heading + list {
            #expect(line.width <= width, "\(line.plain)")
            #expect(!line.plain.contains("…"), "\(line.plain)")
        }
        // Every row of a warning is under the text after the sign; each one's end time is there, whole.
        #expect(above.first?.plain.hasPrefix("⚠ Tornado Warning, ") == true)
        #expect(above.allSatisfy { $0.plain.hasPrefix("⚠ ") || $0.plain.hasPrefix("  ") && !$0.plain.hasPrefix("   ") })
        let text = above.map(\.plain).joined(separator: " ")
        for end in ["08:01", "12:01", "01:01"] { #expect(text.contains(end), "\(text)") }
        // `:alerts 1` opens with the same rows as the first warning's above the view.
        let first = renderer.warnings(WarningsDisplay.one(display.items[0]))
        #expect(Array(heading.prefix(first.count)) == first && Array(above.prefix(first.count)) == first)
        if width == 40 { #expect(above.count > display.items.count) }
        let shown = ["— above the view", "— :alerts 1", "— :alerts"].enumerated().map { index, title in
            ([title] + [above, heading, list][index].map(\.plain)).joined(separator: "\n")
        }
        Self.golden.check(shown.joined(separator: "\n\n") + "\n", "warnings/\(language.code)_\(width).txt")
    }

    /// With every covering service failed and no warning from another, `:alerts` (and `:alerts N`) says that the
    /// warnings could not be had, naming the service: never "no warnings in force". Drawn and plain.
    @Test(arguments: Language.allCases)
    func aFailedServiceIsNeverAnAllClear(_ language: Language) {
        let strings = Strings.terminal(language)
        let failed = WarningsDisplay(
            .checked(warnings: [], services: ["NWS"], unavailable: ["NWS"]), place: "Chicago, Illinois, US", zone: .fixed(0),
            options: DisplayOptions(language: language), now: Self.now)
        let answered = WarningsDisplay(
            .checked(warnings: [], services: ["NWS"], unavailable: []), place: "Chicago, Illinois, US", zone: .fixed(0),
            options: DisplayOptions(language: language), now: Self.now)
        let none = strings("alerts.none", ["place": "Chicago, Illinois, US"])
        let unavailable = strings("alerts.unavailable", ["place": "Chicago, Illinois, US", "services": "NWS"])
        for number in [nil, 1] {
            let drawn = Self.renderer(language, width: 200).alerts(AlertsDisplay(warnings: failed, number: number, off: false)).map(\.plain)
            #expect(drawn == [unavailable], "\(drawn)")
            let plain = PlainRenderer(strings: strings).alerts(AlertsDisplay(warnings: failed, number: number, off: false))
            #expect(plain.count == 1 && plain[0].contains("NWS") && !plain[0].contains(none.prefix(12)), "\(plain)")
            // Every service answered: then, and only then, none in force.
            #expect(Self.renderer(language, width: 200).alerts(AlertsDisplay(warnings: answered, number: number, off: false)).map(\.plain) == [none])
        }
        #expect(unavailable != none && unavailable.contains("NWS"))
    }
}
