import Foundation
import WeatherCore

/// weather-or-not(1), in roff (`--generate-man-page`): made from the options, prompt commands and exit statuses that
/// `--help` and `:help` show, so the three never disagree.
package enum ManualPage {
    package static let environment: [(String, String)] = [
        ("OPENWEATHER_API_KEY", "Your OpenWeather key. Never printed, logged, cached, put in an error, or sent to another provider."),
        ("WEATHER_PROVIDER", "openweather, open-meteo or met-norway: the provider asked first. --provider wins over it; it wins over :provider's saved choice."),
        ("OPENWEATHER_BASE_URL", "Default https://api.openweathermap.org, for both /data/2.5/ and /geo/1.0/."),
        ("OPENMETEO_BASE_URL", "Replaces the scheme and host of Open-Meteo's three hosts, keeping their paths: for a mirror or a test server."),
        ("METNO_BASE_URL", "Default https://api.met.no, keeping /weatherapi/."),
        ("WEATHER_OR_NOT_CONTACT", "An e-mail address or URL added to the User-Agent sent to MET Norway, whose terms ask heavy users to be reachable."),
        ("NO_COLOR", "Set (to anything) for no colour."),
        ("COLUMNS", "The width to lay views out for (default: the terminal's, or 80 when piped)."),
        ("LC_ALL, LC_CTYPE, LANG", "When the locale is not UTF-8, the output is plain ASCII."),
        (
            "https_proxy, http_proxy, all_proxy, no_proxy",
            "An http://[user:password@]host:port proxy, read as curl reads them (upper case too, except HTTP_PROXY); no_proxy lists hosts reached directly. Loopback is always direct."
        ),
        ("SSL_CERT_FILE, SSL_CERT_DIR", "The certificate authorities trusted for https; by default the system's."),
        ("XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME", "Where the files below go."),
    ]

    package static let files: [(String, String)] = [
        (
            "$XDG_CONFIG_HOME/weather-or-not/preferences.json",
            "Default ~/.config/weather-or-not/preferences.json. The last city and up to 20 recent ones, units, clock, the provider chosen with :provider. One that cannot be read is kept as preferences.json.corrupt-TIME and replaced by defaults."
        ),
        (
            "$XDG_CACHE_HOME/weather-or-not/",
            "Default ~/.cache/weather-or-not/. Each answer, fresh for 10 minutes (MET Norway's for as long as its Expires says); older copies are kept for 7 days, for when the network fails."
        ),
        ("$XDG_STATE_HOME/weather-or-not/history", "Default ~/.local/state/weather-or-not/history. The prompt's history."),
    ]

    static let examples: [(String, String)] = [
        ("weather-or-not", "Start the prompt, with the last city's weather."),
        ("weather-or-not Paris, FR", "Print the current weather in Paris, France, and exit."),
        ("weather-or-not --hourly --units imperial New York", "The next 24 hours in New York, in Fahrenheit and mph."),
        ("printf 'London\\n:5day\\n' | weather-or-not", "The same commands as at the prompt, read from a pipe."),
        ("weather-or-not --format 3", "One line for a status bar: the last city's condition and temperature."),
        ("weather-or-not --offline Tokyo", "Sample data, with no key and no network: not real weather."),
    ]

    package static var page: String {
        var roff = [
            ".TH WEATHER-OR-NOT 1 \(Project.releaseDate) \"weather-or-not \(Project.version)\" \"User Commands\"",
            ".SH NAME", "weather-or-not \\- the weather at a terminal prompt",
            ".SH SYNOPSIS", ".B weather-or-not", "[\\fIoptions\\fR] [\\fIcity\\fR]",
            ".SH DESCRIPTION",
            text("""
                With no city, weather-or-not starts a prompt: type a city to see its current weather, then :hourly \
                for the coming hours or :5day for the days ahead. Tab completes the cities you looked up before, and \
                the next launch starts with your last city. When its standard input is not a terminal, it reads the \
                same commands line by line and writes each answer as soon as it is ready.
                """),
            ".PP",
            text("""
                With a city ("London", "Paris, FR", "48.85, 2.35"), it prints that city's weather and exits; \
                --hourly, --five-day, --json and --format without a city use the last city. One-shot runs read your \
                preferences and change none of them.
                """),
            ".PP",
            text("Every time shown is the place's local time. Sample data (--offline, or :offline on) says so on every view."),
            ".SH OPTIONS",
        ]
        for option in CommandLineSpec.options {
            let names = option.names.map { "\\fB\(code($0))\\fR" }.joined(separator: ", ")
            roff += [".TP", names + (option.value.map { " \\fI\($0)\\fR" } ?? ""), text(option.help)]
        }
        roff += [".TP", "\\fB\\-\\-\\fR", text("Everything after it is the place, even if it starts with -.")]
        roff += [".SH PROMPT COMMANDS", text(Help.intro)]
        for (command, meaning) in Help.commands { roff += [".TP", "\\fB\(code(command))\\fR", text(meaning)] }
        roff += [".PP", text(Help.footer[0])]
        roff += [".SH ENVIRONMENT"]
        for (name, meaning) in environment { roff += [".TP", "\\fB\(code(name))\\fR", text(meaning)] }
        roff += [".SH FILES"]
        for (path, meaning) in files { roff += [".TP", "\\fI\(code(path))\\fR", text(meaning)] }
        roff += [".SH EXIT STATUS"]
        for (status, meaning) in ExitStatus.documented { roff += [".TP", "\\fB\(status)\\fR", text(meaning)] }
        roff += [
            ".SH PROVIDERS",
            text("""
                Open-Meteo and MET Norway need no key; OpenWeather needs OPENWEATHER_API_KEY (or --api-key) and is \
                then the default. When the chosen provider fails, the next keyless one answers and says so \
                (--no-failover: it does not). Their data is used under their terms:
                """),
        ]
        for provider in ProviderID.allCases { roff += [".IP \\(bu 2", text(provider.attribution)] }
        roff += [".SH EXAMPLES"]
        for (command, meaning) in examples { roff += [".TP", "\\fB\(code(command))\\fR", text(meaning)] }
        roff += [".SH SEE ALSO", "\\fBcurl\\fR(1), \\fBtmux\\fR(1)"]
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
    static func code(_ text: String) -> String { escape(text).replacingOccurrences(of: "-", with: "\\-") }

    /// Backslashes and characters beyond ASCII as roff escapes, so groff and mandoc read the page in any locale.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }
}
