import Foundation
import Testing
@testable import WeatherCore

/// Accent folding from the generated table (scripts/generate-folding.py) against what Foundation's ICU-backed
/// `folding(options:locale:)` gave before: the same for every scalar, every mark after a letter and every place name
/// below, except the stroked letters and ligatures the table folds on purpose.
struct TextFoldingTests {
    static let posix = Locale(identifier: "en_US_POSIX")

    static func foundation(_ text: String, ignoringCase: Bool) -> String {
        text.folding(options: ignoringCase ? [.caseInsensitive, .diacriticInsensitive] : .diacriticInsensitive, locale: posix)
    }

    /// The letters Foundation left alone that the table folds: a stroke, a bar, a ligature.
    static let stroked: Set<Character> = ["ß", "ẞ", "Æ", "æ", "Œ", "œ", "Ø", "ø", "Ł", "ł", "Đ", "đ", "Ð", "ð", "Þ", "þ", "ı", "Ħ", "ħ", "Ŧ", "ŧ", "Ǿ", "ǿ", "Ǽ", "ǽ", "Ǣ", "ǣ"]

    @Test func everyScalarOfTheBasicPlaneFoldsAsFoundationFoldedIt() {
        var differences: [String] = []
        for value in UInt32(0x20)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            if Self.stroked.contains(Character(scalar)) { continue }
            for ignoringCase in [false, true] where text.foldingAccents(ignoringCase: ignoringCase) != Self.foundation(text, ignoringCase: ignoringCase) {
                differences.append("U+\(String(value, radix: 16, uppercase: true)) ignoringCase: \(ignoringCase)")
            }
        }
        #expect(Array(differences.prefix(10)) == [])
    }

    @Test func marksAfterALetterGoAsFoundationDroppedThem() {
        // Latin, Greek and Cyrillic letters lose any mark after them; other scripts keep theirs (Devanagari's vowel
        // signs, Arabic's vowels), as Foundation did.
        var differences: [String] = []
        for base in ["a", "Z", "é", "ω", "Ж", "ǅ", "क", "ب", "ก", "か", "ḁ"] {
            for value in Array(UInt32(0x300)...0x36F) + [0x483, 0x488, 0x5B0, 0x64E, 0x902, 0x93F, 0xB3E, 0x200C, 0x200D, 0x20DD, 0x3099, 0xFE0F, 0x1F3FB] {
                guard let mark = Unicode.Scalar(value) else { continue }
                let text = base + String(mark) + "x"
                for ignoringCase in [false, true] where text.foldingAccents(ignoringCase: ignoringCase) != Self.foundation(text, ignoringCase: ignoringCase) {
                    differences.append("\(base) U+\(String(value, radix: 16, uppercase: true)) ignoringCase: \(ignoringCase)")
                }
            }
        }
        #expect(Array(differences.prefix(10)) == [])
    }

    /// Place names in the six languages and beyond, precomposed and decomposed.
    static let places = [
        "Zürich", "São Paulo", "Kraków", "Reykjavík", "Malmö", "Besançon", "Córdoba", "Göteborg", "Ñuñoa", "Hà Nội",
        "İstanbul", "Český Krumlov", "Île-d'Orléans", "Nîmes", "Perúgia", "Forlì", "Saint-Étienne",
        "Jyväskylä", "Ålesund", "Brașov", "Târgu Mureș", "Győr", "Pécs", "Čačak", "Niš", "Žilina", "Vilnius Šiauliai",
        "Rīga", "Pärnu", "Cần Thơ", "Bogotá", "Asunción", "Mérida", "Goiânia", "Florianópolis", "Maceió", "Paraná",
        "Москва", "Київ", "Йошкар-Ола", "Αθήνα", "Ἀθῆναι", "काठमाडौं", "東京", "서울", "القاهرة", "תל אביב", "กรุงเทพฯ",
        "ZÜRICH", "SÃO PAULO", "ΑΘΉΝΑ", "ﬁnland", "Ǆemal",
    ]

    @Test(arguments: places)
    func placeNamesFoldAsFoundationFoldedThem(_ name: String) {
        for text in [name, name.decomposedStringWithCanonicalMapping] {
            #expect(text.foldingAccents() == Self.foundation(text, ignoringCase: false))
            #expect(text.foldingAccents(ignoringCase: true) == Self.foundation(text, ignoringCase: true))
        }
    }

    @Test func strokedLettersAndLigaturesFoldToWhatPeopleType() {
        #expect("Łódź".foldingAccents() == "Lodz")
        #expect("Tromsø".matchKey == "tromso")
        #expect("Ærøskøbing".foldingAccents() == "AEroskobing")
        #expect("Straße".foldingAccents() == "Strasse")
        #expect("GROẞE".matchKey == "grosse")
        #expect("Œuilly".foldingAccents(ignoringCase: true) == "oeuilly")
        #expect("Þórshöfn".foldingAccents() == "Thorshofn")
        #expect("Đakovo".matchKey == "Dakovo".matchKey)
        #expect("Ħamrun".matchKey == "hamrun")
        #expect("Ǿ".foldingAccents() == "O")
        #expect("Diyarbakır".matchKey == "diyarbakir")
        #expect("Đà Nẵng".foldingAccents() == "Da Nang")
        #expect("Şanlıurfa".decomposedStringWithCanonicalMapping.matchKey == "sanliurfa")
    }

    @Test func foldingKeepsWhatItDoesNotChange() {
        #expect("".foldingAccents() == "")
        #expect("Plain ASCII, 12 C!".foldingAccents() == "Plain ASCII, 12 C!")
        #expect("Plain ASCII".foldingAccents(ignoringCase: true) == "plain ascii")
        #expect("  São   Paulo ".matchKey == "sao paulo")
        #expect("line\r\nbreak".foldingAccents() == "line\r\nbreak")
    }
}
