import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore

/// The language tables: complete in every language, read as a translator writes them.
struct StringsTests {
    /// The `{name}` placeholders of a text.
    static func placeholders(_ text: String) -> Set<String> {
        var found = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    @Test(arguments: Language.allCases.filter { $0 != .english })
    func everyKeyOfEnglishIsThereWithTheSamePlaceholders(_ language: Language) {
        let english = Strings.table(.english)
        let table = Strings.table(language)
        #expect(!english.isEmpty)
        #expect(Set(english.keys).subtracting(table.keys).sorted() == [], "missing in \(language.code)")
        #expect(Set(table.keys).subtracting(english.keys).sorted() == [], "not in English, in \(language.code)")
        for (key, value) in table {
            #expect(Self.placeholders(value) == Self.placeholders(english[key] ?? ""), "\(language.code): \(key)")
            #expect(!value.isEmpty, "\(language.code): \(key) is empty")
        }
    }

    @Test func aTableLineIsKeyEqualsValueWithEscapes() {
        let lines = TableFormat.parse("# a comment\n\nview.a = Wind\n  view.b=  x = y \nview.c = \\sleading\\n\\\\ \n")
        #expect(lines.map(\.key) == ["view.a", "view.b", "view.c"])
        #expect(lines.map(\.value) == ["Wind", "x = y", " leading\n\\"])
    }

    @Test func placeholdersAndPluralsAreFilledIn() {
        let strings = Strings(.english)
        #expect(strings["weekday.2"] == "Tue")
        #expect(Strings(.french)["weekday.2"] == "mar.")
        #expect(strings["no.such.key"] == "no.such.key")
    }

    @Test func aCodeOrLocaleNamesALanguage() {
        #expect(Language(code: "fr") == .french)
        #expect(Language(code: "FR_ca.UTF-8") == .french)
        #expect(Language(code: "de-AT") == .german)
        #expect(Language(code: "pt") == .portuguese)
        #expect(Language(code: "pt_PT.UTF-8") == .portuguese)
        #expect(Language(code: "pt-BR") == .portuguese)
        #expect(Language(code: "it_IT@euro") == .italian)
        #expect(Language(code: "C") == nil)
        #expect(Language(code: "ja_JP.UTF-8") == nil)
        #expect(Language.region(of: "en_US.UTF-8") == "US")
        #expect(Language.region(of: "fr") == nil)
    }

    @Test func theEnvironmentIsReadAsGettextReadsIt() {
        func choice(_ environment: [String: String]) -> LanguageChoice { LanguageChoice.fromEnvironment(environment) }
        // Read from the text, whether or not the locale is installed.
        #expect(choice(["LANG": "fr_FR.UTF-8"]) == LanguageChoice(language: .french, region: "FR", measurementRegion: "FR"))
        #expect(choice(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]).language == .german)
        #expect(choice(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LC_ALL": "es_ES.UTF-8"]).language == .spanish)
        #expect(choice(["LANG": "en_US.UTF-8", "LANGUAGE": "ja:it:fr"]) == LanguageChoice(language: .italian, region: "US", measurementRegion: "US"))
        // C and POSIX are English, LANGUAGE or not; an unspoken language is English, said once.
        #expect(choice(["LANG": "C.UTF-8", "LANGUAGE": "fr"]) == LanguageChoice(language: .english))
        #expect(choice(["LC_ALL": "POSIX"]) == LanguageChoice(language: .english))
        #expect(choice([:]) == LanguageChoice(language: .english))
        #expect(choice(["LANG": "ja_JP.UTF-8"]) == LanguageChoice(language: .english, unsupported: "ja_JP", measurementRegion: "JP"))
        #expect(choice(["LANG": "", "LC_ALL": "", "LC_MESSAGES": "pt_BR.UTF-8"]) == LanguageChoice(language: .portuguese, region: "BR"))
    }

    /// Units follow the locale's region (`LC_ALL`, else `LC_MEASUREMENT`, else `LANG`), whatever the language:
    /// imperial in the United States, Liberia and Myanmar, metric elsewhere and where no region is given.
    @Test func theUnitsFollowTheMeasurementRegion() {
        func units(_ environment: [String: String]) -> UnitSystem { LanguageChoice.fromEnvironment(environment).defaultUnits }
        #expect(units(["LANG": "en_US.UTF-8"]) == .imperial)
        #expect(units(["LANG": "en_LR.UTF-8"]) == .imperial)
        #expect(units(["LANG": "my_MM.UTF-8"]) == .imperial)  // a language not spoken here: the region still counts
        #expect(units(["LANG": "es_US.UTF-8"]) == .imperial)
        #expect(units(["LANG": "en_GB.UTF-8"]) == .metric)
        #expect(units(["LANG": "en_CA.UTF-8"]) == .metric)
        #expect(units(["LANG": "C.UTF-8"]) == .metric)
        #expect(units([:]) == .metric)
        #expect(units(["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "en_GB.UTF-8"]) == .metric)
        #expect(units(["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"]) == .imperial)
        #expect(units(["LC_MEASUREMENT": "en_GB.UTF-8", "LC_ALL": "en_US.UTF-8"]) == .imperial)
        #expect(units(["LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == .imperial)  // messages are not measures
    }

    @Test func theClockAndDecimalSeparatorFollowLanguageAndRegion() {
        #expect(Language.english.defaultClock(region: "US") == .twelveHour)
        #expect(Language.english.defaultClock(region: "GB") == .twentyFourHour)
        #expect(Language.english.defaultClock(region: nil) == .twentyFourHour)
        #expect(Language.french.defaultClock(region: "CA") == .twentyFourHour)
        #expect(Language.german.decimalSeparator == ",")
        #expect(Language.english.decimalSeparator == ".")
    }
}

/// The `key = value` lines of a table, read as `scripts/embed-assets.py` reads them: a second reader, in Swift, that
/// the compiled tables are checked against. Only spaces and tabs are trimmed: a no-break space at either end is part
/// of the text (French " : "); `\n` is a line break, `\s` a space, `\` before anything else that character.
enum TableFormat {
    static func parse(_ text: String) -> [(key: String, value: String)] {
        func trimmed(_ text: Substring) -> String {
            let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
            return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
        }
        return text.split(separator: "\n").compactMap { line in
            let line = trimmed(line)
            guard !line.isEmpty, !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { return nil }
            return (trimmed(line[..<equals]), unescape(trimmed(line[line.index(after: equals)...])))
        }
    }

    private static func unescape(_ text: String) -> String {
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                out.append(character == "n" ? "\n" : character == "s" ? " " : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
