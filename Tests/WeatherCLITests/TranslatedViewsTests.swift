import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// The views in every language: each word a person reads comes from the language's tables, and the longer words of
/// French or German still fit the widths English fits.
struct TranslatedViewsTests {
    static let widths = [40, 60, 80]

    @Test(arguments: Language.allCases)
    func everyViewFitsInEveryLanguage(_ language: Language) throws {
        for width in Self.widths {
            for (name, output) in try RendererWidthTests.views(width: width, strings: Strings.terminal(language)) {
                for line in output.split(separator: "\n") {
                    #expect(TextWidth.of(String(line)) <= width, "\(language.code) \(name) at \(width): \(line)")
                }
            }
        }
    }

    /// Every view at 40, 60 and 80 columns, in two languages and both unit systems, from every provider: narrowing
    /// drops a column or shows a condition's short form, never cuts a word ("slight r…"), and a number never ends a
    /// line whose next one starts with its unit ("gusts 12" / "km/h").
    @Test(arguments: [Language.english, .german])
    func narrowViewsNeverCutAWordNorSplitANumberFromItsUnit(_ language: Language) throws {
        let units: Set<Substring> = ["km/h", "mph", "m/s", "hPa", "inHg", "mm", "in", "km", "mi", "K"]
        for width in Self.widths {
            var outputs = try RendererWidthTests.views(width: width, strings: Strings.terminal(language))
            for source in ProviderViewsTests.Source.allCases {
                for system in [UnitSystem.metric, .imperial] {
                    outputs += try ProviderViewsTests.views(source, units: system, clock: .twentyFourHour, width: width, language: language)
                        .map { ("\(source) \(system) \($0.0)", $0.1) }
                }
            }
            for (name, output) in outputs {
                // (The places list cuts a long name to keep one line a place, as its README line says.)
                #expect(name.hasSuffix("places") || !output.contains("…"), "\(language.code) \(name) at \(width):\n\(output)")
                let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
                for (line, next) in zip(lines, lines.dropFirst()) {
                    guard line.last?.isNumber == true, let first = next.split(separator: " ").first else { continue }
                    #expect(!units.contains(Substring(first.trimmingCharacters(in: .punctuationCharacters))), "\(language.code) \(name) at \(width): \(line) / \(next)")
                }
            }
        }
    }

    /// Every string 40% longer (a made-up language): the views still fit 80 columns.
    @Test func viewsFitEightyColumnsWithEveryStringFortyPercentLonger() throws {
        let long = Strings.terminal(testing: { value in
            value.isEmpty ? value : value + String(repeating: "~", count: max(1, value.count * 2 / 5))
        })
        for width in [60, 80] {
            for (name, output) in try RendererWidthTests.views(width: width, strings: long) {
                for line in output.split(separator: "\n") {
                    #expect(TextWidth.of(String(line)) <= width, "pseudo \(name) at \(width): \(line)")
                }
            }
        }
    }

    static let golden = Golden(beside: #filePath)

    /// Every view in every language at 60 and 80 columns, against golden files: a live OpenWeather report (the
    /// server's own condition words), Open-Meteo's and MET Norway's (the project's condition tables), and offline
    /// mode's sample data. One file per language and width, `Golden/i18n/<code>_<width>.txt`.
    /// Offline mode's views of London, through the sample data service itself (as worded for the language), at a
    /// fixed hour.
    static func offlineViews(_ language: Language, width: Int) async throws -> [(name: String, text: String)] {
        let now = Date(timeIntervalSince1970: 1_699_918_300)
        let transport = SampleDataTransport(now: { now })
        var configuration = WeatherConfiguration(apiKey: SampleDataTransport.placeholderKey)
        configuration.language = language.openWeatherCode
        let service = OpenWeatherService(
            client: OpenWeatherClient(configuration: configuration, transport: transport), cache: ResponseCache(directory: nil),
            samplePlaces: transport.placeNames, now: { now })
        let london = try #require(try await service.places(matching: .name("London")).first)
        let tokyo = try #require(try await service.places(matching: .name("Tokyo")).first)
        let report = try await service.report(for: london), other = try await service.report(for: tokyo)
        let formatter = DisplayFormatter(options: DisplayOptions(language: language, defaultProvider: .openWeather), now: now)
        let renderer = Renderer(style: Style(color: false, unicode: true), width: width, strings: Strings.terminal(language))
        return ProviderViewsTests.render(report, beside: other, formatter, renderer)
    }

    @Test(arguments: Language.allCases.filter { $0 != .english })
    func everyViewInEveryLanguageMatchesItsGolden(_ language: Language) async throws {
        for width in [60, 80] {
            var sections: [String] = []
            for source in [ProviderViewsTests.Source.openWeatherTestford, .openMeteoTestford, .metFjordby] {
                for (name, text) in try ProviderViewsTests.views(source, units: .metric, clock: .twentyFourHour, width: width, language: language) {
                    sections.append("== \(source) \(name)\n" + text)
                }
            }
            for (name, text) in try await Self.offlineViews(language, width: width) {
                sections.append("== offline \(name)\n" + text)
            }
            let renderer = Renderer(style: Style(color: false, unicode: true), width: width, strings: Strings.terminal(language))
            sections.append("== help\n" + renderer.style.render(renderer.definitions(Help.commands(Strings.terminal(language)))))
            let output = sections.joined(separator: "\n")
            Self.golden.check(output, "i18n/\(language.code)_\(width).txt")
            for line in output.split(separator: "\n") {
                #expect(TextWidth.of(String(line)) <= width, "\(language.code) at \(width): \(line)")
            }
        }
    }

    @Test func frenchViewsSayEveryLabelInFrench() throws {
        let views = Dictionary(uniqueKeysWithValues: try RendererWidthTests.views(width: 80, strings: Strings.terminal(.french)))
        let current = try #require(views["current"])
        #expect(current.contains("ressenti"))
        #expect(current.contains("Humidité"))
        #expect(current.contains("Données d’il y a 25 minutes\u{00A0}: actualisation impossible."))
        #expect(current.contains("Le serveur OpenWeather") && current.contains("a rencontré une erreur (HTTP 503)"))
        #expect(!current.contains("feels like") && !current.contains("Humidity"))
        let hourly = try #require(views["hourly"])
        #expect(hourly.contains("les 24 prochaines heures"))
        #expect(hourly.contains("Maint."))
        #expect(!hourly.contains("Amount") && !hourly.contains("Time"))
        let daily = try #require(views["daily"])
        #expect(daily.contains("5 jours") && daily.contains("Auj."))
        #expect(try #require(views["compare"]).contains("Température"))
        #expect(try #require(views["help"]).contains("deux lieux côte à côte"))
        #expect(try #require(views["recent"]).contains("(affiché)"))
    }

    @Test func germanViewsSayEveryLabelInGerman() throws {
        let views = Dictionary(uniqueKeysWithValues: try RendererWidthTests.views(width: 80, strings: Strings.terminal(.german)))
        let current = try #require(views["current"])
        #expect(current.contains("gefühlt") && current.contains("Luftfeuchte") && current.contains("Luftdruck"))
        #expect(current.contains("Stand vor 25 Minuten: Aktualisierung fehlgeschlagen."))
        #expect(try #require(views["hourly"]).contains("die nächsten 24 Stunden"))
        #expect(try #require(views["daily"]).contains("Heute"))
    }

    /// The wind's compass point is the language's: west is O in French, Spanish, Portuguese and Italian, east is O in
    /// German and L in Portuguese.
    @Test func compassPointsAreTheLanguages() {
        #expect(Strings.terminal(.french)["compass.WSW"] == "OSO")
        #expect(Strings.terminal(.german)["compass.ENE"] == "ONO")
        #expect(Strings.terminal(.portuguese)["compass.E"] == "L")
        #expect(Strings.terminal(.english)["compass.SW"] == "SW")
    }

    /// A keyless provider's condition is worded when shown, from the key it carries: the same report reads in any
    /// language, and the English table says what the providers' own tables say.
    @Test func keylessConditionsAreWordedWhenShown() throws {
        let rain = WMOCodes.condition(61, isNight: false)
        #expect(rain.key == "wmo.61")
        #expect(rain.description(Strings.terminal(.english)) == "slight rain")
        #expect(rain.description(Strings.terminal(.french)) == "pluie faible")
        #expect(rain.description(Strings.terminal(.german)) == "leichter Regen")
        #expect(WMOCodes.condition(nil, isNight: false).description(Strings.terminal(.italian)) == "sconosciuto")
        let showers = try #require(SymbolCodes.condition("lightssnowshowersandthunder_day", isNight: false))
        #expect(showers.key == "metno.lightsnowshowersandthunder")
        #expect(showers.description(Strings.terminal(.spanish)) == "chubascos de nieve débiles con tormenta")
        // OpenWeather's words stay as the server sent them.
        let own = Condition(code: 500, main: "Rain", description: "pluie modérée", isNight: false)
        #expect(own.description(Strings.terminal(.german)) == "pluie modérée")
        // A condition the core words too (a day's estimate) carries the core's key, whoever gave it.
        #expect(WMOCodes.condition(63, isNight: false).key == "condition.rain.moderate")
        #expect(SymbolCodes.condition("heavysnow", isNight: false)?.key == "condition.snow.heavy")
        // Every key the providers can give is in the English table, worded as the provider's table words it.
        let english = Strings.table(.english)
        for (code, entry) in WMOCodes.table { #expect(english[WMOCodes.key(code)] == entry.description) }
        for (name, symbol) in SymbolCodes.symbols { #expect(english[symbol.key] == symbol.description, "\(name)") }
    }

    /// Errors WeatherCore raises are typed, and worded here in the language chosen.
    @Test func errorsAreWordedInTheLanguageChosen() {
        let unknown: WeatherError
        do { _ = try Command.parse(":forecast"); Issue.record("expected an error"); return } catch { unknown = error }
        #expect(unknown.message(in: .prompt, provider: .openWeather) == "Unknown command \":forecast\". Type :help for the list.")
        #expect(unknown.message(in: .prompt, provider: .openWeather, strings: Strings.terminal(.french)) == "Commande inconnue «\u{00A0}:forecast\u{00A0}». Tapez :help pour la liste.")
        let latitude: WeatherError
        do { _ = try LocationQuery.parse("91, 0"); Issue.record("expected an error"); return } catch { latitude = error }
        #expect(latitude.message(in: .prompt, provider: .openWeather, strings: Strings.terminal(.german)) == "Breitengrad 91 liegt außerhalb des gültigen Bereichs: Er muss zwischen -90 und 90 liegen.")
        let timedOut = WeatherError.timedOut(seconds: 2.5)
        #expect(timedOut.message(in: .prompt, provider: .openMeteo, strings: Strings.terminal(.italian))
            == "Open-Meteo non ha risposto entro 2,5 secondi. Controllare la rete, o usare :offline on.")
        #expect(WeatherError.badResponse(WeatherError.truncatedDetail).isTransient)
        #expect(!WeatherError.badResponse(Phrase("detail.notJSON")).isTransient)
        let notice = Notice([.failover(from: .openWeather, to: .openMeteo, reason: .missingAPIKey)])
        #expect(notice?.words(Strings.terminal(.portuguese)) == "O OpenWeather não pôde ser usado (sem chave de API); mostrando dados do Open-Meteo.")
    }

    /// French punctuation keeps its no-break space, so a line never starts with ":" or "»"; a terminal without UTF-8
    /// gets plain spaces and quotes.
    @Test func frenchPunctuationHoldsToItsWordAndFallsBackToASCII() {
        let text = Strings.terminal(.french)("error.placeNotFound", ["query": "Zzz"])
        let lines = Renderer(style: .plain, width: 40).message(text).map(\.plain)
        #expect(lines.allSatisfy { !$0.hasPrefix(":") && !$0.hasPrefix("»") && !$0.hasPrefix("?") })
        #expect(Style(color: false, unicode: false).render([Style(color: false, unicode: false).line("«\u{00A0}Zzz\u{00A0}» ¿Qué?")]) == "\" Zzz \" Que?\n")
    }

    @Test func helpIsInTheLanguageChosen() {
        let english = Help.commands(Strings.terminal(.english)).map(\.0)
        #expect(Help.commands(Strings.terminal(.spanish)).map(\.0) == english.map {
            $0.replacingOccurrences(of: "NAME", with: "NOMBRE").replacingOccurrences(of: "CODE", with: "CÓDIGO")
                .replacingOccurrences(of: "CITY", with: "CIUDAD")
        })
        #expect(english.contains(":units [NAME]") && english.contains(":lang [CODE]"))
        #expect(Help.commands(Strings.terminal(.spanish))[4].1 == "dos lugares, uno junto al otro")
        #expect(Help.intro(Strings.terminal(.english)) == "Type a city to see its weather: London · Paris, FR · Springfield, IL, US · 48.8566, 2.3522")
        #expect(Help.footer(Strings.terminal(.german), .standard)[0].hasPrefix("Tab vervollständigt"))
    }
}
