import Foundation
import Testing
import HTTPKit
@testable import WeatherCore

/// The one sanitiser: every escape sequence goes whole, whichever byte starts it and however it ends; every control,
/// bidirectional and zero-width character goes; a line break or tab is one space; everything printable stays.
struct TerminalTextTests {
    @Test(arguments: [
        // CSI, by ESC [ and by its C1 byte; private parameters and intermediates included.
        ("Lon\u{1B}[31mdon", "London"), ("Lon\u{1B}[?1049hdon", "London"), ("a\u{9B}2Jb", "ab"), ("a\u{1B}[1 qb", "ab"),
        // OSC ended by BEL, by ESC \, by the C1 ST, by its C1 introducer, and never ended.
        ("Lon\u{1B}]0;owned\u{7}don", "London"), ("Lon\u{1B}]52;c;aGk=\u{1B}\\don", "London"), ("a\u{9D}2;x\u{9C}b", "ab"),
        ("a\u{1B}]8;;http://127.0.0.1/\u{1B}\\link\u{1B}]8;;\u{1B}\\b", "alinkb"), ("City\u{1B}]52;c;aGk=", "City"),
        // DCS, SOS, PM and APC, by ESC and by C1.
        ("a\u{1B}Pq#0;2;0;0;0\u{1B}\\b", "ab"), ("a\u{1B}Xsos\u{1B}\\b", "ab"), ("a\u{1B}^pm\u{7}b", "ab"), ("a\u{1B}_apc\u{1B}\\b", "ab"),
        ("a\u{90}dcs\u{9C}b", "ab"), ("a\u{9F}apc\u{9C}b", "ab"),
        // An ESC inside a control string ends it and starts a sequence of its own.
        ("a\u{1B}]0;t\u{1B}[2Jb", "ab"),
        // Two-byte and nF sequences; an ESC at the end or before what cannot end a sequence goes alone.
        ("a\u{1B}cb", "ab"), ("a\u{1B}7b", "ab"), ("a\u{1B}(Bb", "ab"), ("a\u{1B}#8b", "ab"), ("Zürich\u{1B}", "Zürich"),
        ("a\u{1B}ü", "aü"),
        // Controls, NUL, DEL, other C1.
        ("Lo\u{0}n\u{7}d\u{8}o\u{7F}n\u{84}", "London"),
        // Bidirectional controls and zero-width characters.
        ("\u{202E}dlrow\u{202C} \u{2066}x\u{2069}\u{200E}\u{200F}\u{061C}", "dlrow x"),
        ("Lo\u{200B}n\u{200C}d\u{200D}o\u{2060}n\u{FEFF}", "London"),
        // Line breaks and tabs: one space each run.
        ("Rio\nde\tJaneiro", "Rio de Janeiro"), ("a\r\nb", "a b"), ("a\u{2028}b\u{2029}c\u{85}d", "a b c d"), ("a\n\n\u{1B}[0m\nb", "a b"),
        // What is printable stays as it is.
        ("São Paulo ↗ 12°C 東京 🌧 e\u{301}", "São Paulo ↗ 12°C 東京 🌧 e\u{301}"), ("", ""),
    ])
    func sanitises(text: String, expected: String) {
        #expect(text.sanitizedForTerminal == expected)
        #expect(expected.sanitizedForTerminal == expected)
    }

    /// Whatever comes in, nothing unsafe comes out: a test over every mix of introducers, terminators and letters.
    @Test func nothingUnsafeSurvivesAnyMix() {
        let pieces: [String] = ["\u{1B}", "[", "]", "P", "\\", "\u{7}", "\u{9B}", "\u{9C}", "\u{9D}", "a", "1", ";", "\n", "\u{202E}", "é"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let clean = text.sanitizedForTerminal
            #expect(!clean.unicodeScalars.contains { $0.isUnsafeForTerminal }, "\(text.debugDescription)")
            #expect(clean.sanitizedForTerminal == clean)
        }
    }

    /// Names and condition words from a server are sanitised where they enter the model.
    @Test func placesAndConditionsAreSanitisedWhereTheyEnter() {
        let place = Place(
            name: "Evil\u{1B}]52;c;aGk=\u{7}ville\nForged", state: "\u{202E}\u{1B}[2J", country: "G\u{200B}B", latitude: 1, longitude: 2,
            timeZone: "Europe/London\u{0}")
        #expect(place.name == "Evilville Forged")
        #expect(place.state == nil)
        #expect(place.country == "GB")
        #expect(place.timeZone == "Europe/London")
        #expect(place.displayName == "Evilville Forged, GB")
        let condition = Condition(code: 500, main: "Rain\u{9B}31m", description: "light\u{1B}[5m rain\r\n", isNight: false)
        #expect(condition.main == "Rain")
        #expect(condition.description == "light rain ")
    }
}
