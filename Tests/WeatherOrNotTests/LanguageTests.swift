import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore
import WeatherProviders

/// The built binary choosing its language: from the locale's name (installed or not), `--lang` over it, the providers
/// worded in it, its clock and decimal separator, and the one line said when the locale asks for a language not spoken.
@Suite(.serialized)
struct LanguageTests {
    static let frenchWeekdays = ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."]

    @Test func aFrenchLocaleIsReadFromItsNameAndOpenWeatherIsWordedInFrench() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        // fr_FR.UTF-8 is not installed on a test machine: the name is enough.
        let runner = BinaryRunner(server: server, extra: ["LANG": "fr_FR.UTF-8"])
        defer { runner.remove() }
        let result = try await runner.run(["--five-day", "Testford"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.frenchWeekdays.contains { result.stdout.contains($0) }, "\(result.stdout)")
        let asked = server.requests.filter { $0.path.hasPrefix("/data/2.5/") || $0.path.hasPrefix("/geo/") }
        #expect(!asked.isEmpty)
        // The weather is asked for with no language: its conditions are worded here, from their codes.
        #expect(asked.allSatisfy { $0.value("lang") == nil })
        #expect(result.stdout.contains("pluie") && !result.stdout.contains("rain"), "\(result.stdout)")
    }

    @Test func langWinsOverTheLocaleAndOpenMeteoSearchesInIt() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["LANG": "fr_FR.UTF-8", "LC_ALL": "de_DE.UTF-8"])
        defer { runner.remove() }
        let result = try await runner.run(["--lang", "pt", "--provider", "open-meteo", "London"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests(to: "/v1/search").first?.value("language") == "pt")
        let german = try await runner.run(["--provider", "openweather", "Testford"])  // LC_ALL wins over LANG
        #expect(german.status == 0)
        #expect(german.stdout.contains("Regen") && !german.stdout.contains("rain"), "\(german.stdout)")
        let wrong = try await runner.run(["--lang", "xx", "London"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("--lang muss en, fr, de, es, pt-BR oder it sein."))  // LC_ALL is German
        let french = try await runner.run(["--lang", "fr", "--units", "kelvin"])
        #expect(french.status == 64)
        #expect(french.stderr.hasPrefix("Erreur") && french.stderr.contains("--units doit valoir metric, imperial ou standard."), "\(french.stderr)")
    }

    @Test func theClockFollowsTheRegionAndTheDecimalSeparatorTheLanguage() async throws {
        let runner = BinaryRunner(server: nil, extra: ["LANG": "en_US.UTF-8"])
        defer { runner.remove() }
        let american = try await runner.run(["--offline", "--hourly", "London"])
        #expect(american.status == 0)
        #expect(american.stdout.contains(" AM") || american.stdout.contains(" PM") || american.stdout.contains("am") || american.stdout.contains("pm"))
        var british = runner
        british.environment["LANG"] = "en_GB.UTF-8"
        let hours = try await british.run(["--offline", "--hourly", "London"]).stdout
        #expect(hours.contains(":00  ") && !hours.contains(" PM"))
        // Units follow the region too: °F and mph in the United States until a flag or :units says otherwise.
        #expect(american.stdout.contains("°F") && american.stdout.contains(" mph") && !american.stdout.contains("°C"))
        #expect(hours.contains("°C") && hours.contains(" km/h") && !hours.contains("°F"))
        let metric = try await runner.run(["--offline", "--hourly", "--units", "metric", "London"]).stdout
        #expect(metric.contains("°C") && !metric.contains("°F"))
        let saved = try await runner.run(["--offline"], input: ":units metric\nLondon\n").stdout
        #expect(saved.contains("°C") && !saved.contains("°F"))
        let later = try await runner.run(["--offline", "London"]).stdout  // the saved choice wins over the region
        #expect(later.contains("°C") && !later.contains("°F"))
        // Amounts: "8.2 mm" in English, "8,2 mm" in German.
        let english = try await british.run(["--offline", "--five-day", "London"]).stdout
        let german = try await british.run(["--offline", "--five-day", "--lang", "de", "London"]).stdout
        let decimal = /\d([.,])\d (mm|in)/
        #expect(english.firstMatch(of: decimal)?.output.1 == ".")
        #expect(german.firstMatch(of: decimal)?.output.1 == ",", "\(german)")
    }

    /// Offline, the sample data's conditions are worded as OpenWeather words them for `lang=`.
    @Test func theSampleDataSpeaksTheLanguageToo() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let english = try await runner.run(["--offline", "--five-day", "London"]).stdout
        let french = try await runner.run(["--offline", "--five-day", "--lang", "fr", "London"]).stdout
        let codes = Strings.table(.english).keys.filter { $0.hasPrefix("owm.") }
        let shown = codes.filter { english.contains(Strings(.english)[$0]) }
        #expect(!shown.isEmpty)
        for key in shown {
            #expect(french.contains(Strings(.french)[key]), "\(key): \(french)")
        }
        #expect(!french.contains("clouds") && !french.contains("sky"), "\(french)")
    }

    /// `:lang` shows the view again all in the new language, a comparison included: never the old conditions
    /// under the new labels.
    @Test func langShowsTheViewAgainInOneLanguage() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let result = try await runner.run(["--offline"], input: "London\n:compare Tokyo; Reykjavik\n:lang de\n:hourly 4\n:lang it\n")
        #expect(result.status == 0, "\(result.stderr)")
        let afterGerman = try #require(result.stdout.components(separatedBy: "Sprache: Deutsch (de)").last)
        let german = try #require(afterGerman.components(separatedBy: "Lingua").first)
        #expect(german.contains("Temperatur"))  // the comparison again, in German
        #expect(german.contains("klarer Himmel") || german.contains("bedeckt"), "\(german)")
        let english = Strings.table(.english).filter { $0.key.hasPrefix("owm.") }.map(\.value)
        #expect(english.allSatisfy { !german.contains($0) }, "\(german)")
        let italian = try #require(result.stdout.components(separatedBy: "Lingua: ").last)
        #expect(Strings.table(.german).filter { $0.key.hasPrefix("owm.") }.values.allSatisfy { !italian.contains($0) }, "\(italian)")
        #expect(italian.contains("Ora") || italian.contains("Adesso"))  // the hourly view again, in Italian
    }

    /// A place named in a message is quoted as the language quotes, and a view's first line separates the place as
    /// its typography does (French: a no-break space before the colon).
    @Test func quotesAndColonsFollowTheLanguage() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(["--lang", "fr"], input: "Testford\n:5day\nTestfrod\n")
        #expect(result.stdout.contains("Testford, England, GB\u{00A0}: 5 jours"), "\(result.stdout)")
        #expect(result.stderr.contains("«\u{00A0}Testford, England, GB\u{00A0}»"), "\(result.stderr)")
        let german = try await runner.run(["--lang", "de"], input: "Testfrod\n")
        #expect(german.stderr.contains("„Testford, England, GB“"), "\(german.stderr)")
    }

    @Test func aLocaleAskingForALanguageNotSpokenIsToldOnceAtThePrompt() async throws {
        let runner = BinaryRunner(server: nil, extra: ["LANG": "ja_JP.UTF-8"])
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(["--offline"], expecting: "weather (offline)> "))
        #expect(terminal.transcript.contains("Your locale asks for ja_JP, not spoken here yet"))
        terminal.send(":lang fr\n")
        #expect(await terminal.waitFor("Langue\u{00A0}: Français (fr)"))
        _ = await terminal.quit()
        let again = try #require(try await runner.prompt(["--offline"], expecting: "> "))
        #expect(!again.transcript.contains("not spoken here"))  // a language is chosen now
        _ = await again.quit()
    }
}
