import FoundationEssentials
import WeatherCore

/// weather-or-not(1), in roff (`--generate-man-page`): made from the options, prompt commands and exit statuses that
/// `--help` and `:help` show, so the three never disagree.
package enum ManualPage {
    /// The environment variables, each with the key of what it does.
    static let environment: [(String, String)] = [
        ("OPENWEATHER_API_KEY", "OPENWEATHER_API_KEY"), ("WEATHER_PROVIDER", "WEATHER_PROVIDER"),
        ("WEATHER_GAZETTEER", "WEATHER_GAZETTEER"),
        ("OPENWEATHER_BASE_URL", "OPENWEATHER_BASE_URL"), ("OPENMETEO_BASE_URL", "OPENMETEO_BASE_URL"),
        ("METNO_BASE_URL", "METNO_BASE_URL"), ("IPGEO_BASE_URL", "IPGEO_BASE_URL"),
        ("NWS_BASE_URL, BRIGHTSKY_BASE_URL, ECCC_BASE_URL, METEOALARM_BASE_URL", "warningBaseURLs"), ("WEATHER_OR_NOT_WARNINGS", "WEATHER_OR_NOT_WARNINGS"),
        ("WEATHER_OR_NOT_NOWCAST", "WEATHER_OR_NOT_NOWCAST"), ("WEATHER_OR_NOT_AIR", "WEATHER_OR_NOT_AIR"),
        ("TZ", "TZ"), ("WEATHER_OR_NOT_CONTACT", "WEATHER_OR_NOT_CONTACT"), ("NO_COLOR", "NO_COLOR"),
        ("COLUMNS", "COLUMNS"), ("TZDIR", "TZDIR"), ("LC_ALL, LC_MESSAGES, LC_MEASUREMENT, LANG, LANGUAGE", "locale"),
        ("https_proxy, http_proxy, all_proxy, no_proxy", "proxy"), ("SSL_CERT_FILE, SSL_CERT_DIR", "certificates"),
        ("XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME", "xdg"),
    ]

    static let files: [(String, String)] = [
        ("$XDG_CONFIG_HOME/weather-or-not/preferences.json", "preferences"), ("$XDG_CACHE_HOME/weather-or-not/", "cache"),
        ("$XDG_STATE_HOME/weather-or-not/history", "history"),
    ]

    static let examples: [(String, String)] = [
        ("weather-or-not", "prompt"), ("weather-or-not Paris, FR", "city"),
        ("weather-or-not --hourly --units imperial New York", "hourly"), ("printf 'London\\n:5day\\n' | weather-or-not", "piped"),
        ("weather-or-not --format 3", "format"), ("weather-or-not --offline Tokyo", "offline"),
    ]

    /// The page in the language of `strings`, for the services of `providers`.
    package static func page(_ strings: Strings, providers: ProviderCatalog) -> String {
        func section(_ key: String) -> String { ".SH \"" + escape(strings["man.section." + key]) + "\"" }
        var roff = [
            ".TH WEATHER-OR-NOT 1 \(Project.releaseDate) \"weather-or-not \(Project.version)\" \"\(escape(strings["man.header"]))\"",
        ]
        // groff hyphenates with its English patterns unless told otherwise (it has none for Spanish, Italian or
        // Portuguese): a page in another language is not hyphenated rather than broken in the wrong places.
        if strings.language != .english { roff.append(".nh") }
        roff += [
            section("name"), "weather-or-not \\- " + escape(strings["man.name"]),
            section("synopsis"), ".B weather-or-not",
            "[\\fI\(escape(strings["man.synopsis.options"]))\\fR] [\\fI\(escape(strings["man.synopsis.city"]))\\fR]",
            section("description"), text(strings["man.description.prompt"]), ".PP", text(strings["man.description.oneShot"]), ".PP",
            text(strings["man.description.places"]), ".PP", text(strings["man.description.time"]),
            section("options"),
        ]
        for option in CommandLineSpec.options(providers) {
            let names = option.names.map { "\\fB\(code($0))\\fR" }.joined(separator: ", ")
            roff += [".TP", names + (option.valueName(strings).map { " \\fI\(escape($0))\\fR" } ?? ""), text(option.help(strings))]
        }
        roff += [".TP", "\\fB\\-\\-\\fR", text(strings["man.endOfOptions"])]
        roff += [section("commands"), text(Help.intro(strings))]
        for (command, meaning) in Help.commands(strings) { roff += [".TP", "\\fB\(code(command))\\fR", text(meaning)] }
        roff += [".PP", text(Help.footer(strings, providers)[0])]
        roff += [section("environment")]
        for (name, key) in environment { roff += [".TP", "\\fB\(code(name))\\fR", text(strings["man.environment." + key])] }
        roff += [section("files")]
        for (path, key) in files { roff += [".TP", "\\fI\(code(path))\\fR", text(strings["man.files." + key])] }
        roff += [section("exitStatus")]
        for status in ExitStatus.documented { roff += [".TP", "\\fB\(status)\\fR", text(ExitStatus.meaning(status, strings))] }
        roff += [section("providers"), text(strings["man.providers"])]
        for provider in providers.all { roff += [".IP \\(bu 2", text(provider.attribution)] }
        roff += [section("examples")]
        for (command, key) in examples { roff += [".TP", "\\fB\(code(command))\\fR", text(strings["man.example." + key])] }
        roff += [section("seeAlso"), "\\fBcurl\\fR(1), \\fBtmux\\fR(1)"]
        return roff.joined(separator: "\n") + "\n"
    }

    /// Prose: roff's special characters escaped, options' dashes as minus signs, each sentence on a new line, lines
    /// of at most 78 characters.
    static func text(_ prose: String) -> String {
        let words = prose.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.hasPrefix("-") || word.hasPrefix("\"-") || word.hasPrefix("(-") ? code(String(word)) : escape(String(word))
        }
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty, line.count + 1 + word.count > 78 {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? word : " " + word
            // roff wants a new sentence on a new line (a full stop then two spaces, else).
            if word.hasSuffix(".") || word.hasSuffix(").") {
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }.joined(separator: "\n")
    }

    /// Code (an option, a command, a path): every dash a minus sign, so it can be copied from the page.
    static func code(_ text: String) -> String { escape(text).replacing("-", with: "\\-") }

    /// Backslashes and characters beyond ASCII as roff escapes, so groff and mandoc read the page in any locale.
    /// roff's two-letter names for the letters and marks the translations use, which groff and mandoc both know:
    /// `\('e` is shorter than `\[u00E9]`, so lines stay within 80 bytes.
    static let shortNames: [Unicode.Scalar: String] = {
        var names: [Unicode.Scalar: String] = [
            "\u{2019}": "cq", "\u{2018}": "oq", "\u{201C}": "lq", "\u{201D}": "rq", "\u{201E}": "Bq", "\u{00AB}": "Fo",
            "\u{00BB}": "Fc", "\u{2013}": "en", "\u{2014}": "em", "\u{00B7}": "pc", "\u{00B0}": "de", "\u{00DF}": "ss",
            "\u{00E7}": ",c", "\u{00C7}": ",C", "\u{00F1}": "~n", "\u{00D1}": "~N", "\u{00BF}": "r?", "\u{00A1}": "r!",
        ]
        // Vowels with an acute, grave, circumflex, diaeresis or tilde: 'e, `a, ^o, :u, ~a, and their capitals.
        let marks: [(Character, String)] = [("'", "\u{0301}"), ("`", "\u{0300}"), ("^", "\u{0302}"), (":", "\u{0308}"), ("~", "\u{0303}")]
        // The precomposed letter is the one scalar of the Latin blocks canonically equal to letter and mark (Character
        // equality is canonical equivalence), among those that fold to the letter.
        let latin = [0xC0...0x24F, 0x1E00...0x1EFF].joined().compactMap(Unicode.Scalar.init)
        let byBase = Dictionary(grouping: latin) { String($0).foldingAccents() }
        for letter in "aeiouAEIOU" {
            for (mark, combining) in marks {
                let composed = Character(String(letter) + combining)
                if let scalar = byBase[String(letter)]?.first(where: { Character($0) == composed }) {
                    names[scalar] = String(mark) + String(letter)
                }
            }
        }
        return names
    }()

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "\u{00A0}": out += "\\~"  // a space the line is never broken at
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            case _ where shortNames[scalar] != nil: out += "\\(" + (shortNames[scalar] ?? "")
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }
}
