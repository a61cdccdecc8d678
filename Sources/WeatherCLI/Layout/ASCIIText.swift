import Foundation
import WeatherCore

extension String {
    /// The text in plain ASCII, for terminals without UTF-8 and `--ascii`: accents dropped ("Zürich" is "Zurich"),
    /// typographic marks replaced, the degree sign dropped ("12°C" is "12C"), anything else a "?".
    var asciiOnly: String {
        guard !unicodeScalars.allSatisfy(\.isASCII) else { return self }
        let replacements: [Character: String] = [
            "°": "", "–": "-", "—": "-", "…": "...", "·": ".", "’": "'", "‘": "'", "“": "\"", "”": "\"", "ß": "ss", "Ø": "O", "ø": "o",
            "Æ": "AE", "æ": "ae", "Đ": "D", "đ": "d", "Ł": "L", "ł": "l", "ı": "i", "Þ": "Th", "þ": "th", "Ð": "D", "ð": "d",
            // The translations' marks: French and Italian quotes and spaces, German quotes, Spanish opening marks.
            "«": "\"", "»": "\"", "„": "\"", "\u{00A0}": " ", "\u{202F}": " ", "¿": "", "¡": "", "Œ": "OE", "œ": "oe",
        ]
        var result = ""
        for character in self {
            if character.isASCII {
                result.append(character)
            } else if let replacement = replacements[character] {
                result += replacement
            } else {
                let folded = String(character).foldingAccents()
                result += folded.unicodeScalars.allSatisfy(\.isASCII) ? folded : "?"
            }
        }
        return result
    }
}
