import FoundationEssentials
import WeatherCore

extension String {
    /// The text in plain ASCII, for terminals without UTF-8 and `--ascii`: umlauts written out as German readers
    /// expect ("Zürich" is "Zuerich", "Straße" "Strasse"), other accents dropped ("São Paulo" is "Sao Paulo"),
    /// typographic marks replaced, the degree sign dropped ("12°C" is "12C"), anything else a "?". Stroked letters and
    /// ligatures ("ß" is "ss", "Ø" "O", "Æ" "AE") come from the accent folding. Only for output: matching names folds
    /// accents (`foldingAccents`), so "Zurich" still finds Zürich.
    var asciiOnly: String {
        guard !unicodeScalars.allSatisfy(\.isASCII) else { return self }
        let replacements: [Character: String] = [
            "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
            "°": "", "–": "-", "—": "-", "…": "...", "·": ".", "’": "'", "‘": "'", "“": "\"", "”": "\"",
            // The translations' marks: French and Italian quotes and spaces, German quotes, Spanish opening marks.
            "«": "\"", "»": "\"", "„": "\"", "\u{00A0}": " ", "\u{202F}": " ", "¿": "", "¡": "",
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
