import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// Plain mode's views (`PlainRenderer`): every view as sentences, against golden files in two languages; no byte of a
/// drawing, graph, emoji or escape sequence; the same figures as the drawn views; units and directions in words.
struct PlainViewsTests {
    static let golden = Golden(beside: #filePath)
    static let now = Date(timeIntervalSince1970: 1_699_918_300)  // Mon 13 Nov 2023 23:31:40 UTC

    /// A warning in force and one to come, for the current view's lines and `:alerts`.
    static func warnings(_ language: Language) -> WarningsDisplay {
        let wind = Warning(
            event: "Wind", level: .orange, area: "Testford and the coast", expires: now.addingTimeInterval(18 * 3600),
            issuer: "Testford Met Office", headline: "Gales along the coast", description: "Gusts of 60 to 70 mph.\nTake care.",
            instruction: "Secure loose objects.", language: "en")
        let flood = Warning(
            event: "Flood", level: .yellow, onset: now.addingTimeInterval(6 * 3600), expires: now.addingTimeInterval(30 * 3600),
            language: "en")
        return WarningsDisplay(
            .checked(warnings: [wind, flood], services: ["Testford Met Office"], unavailable: ["MeteoAlarm"]), place: "Testford",
            zone: .fixed(0), options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: language), now: now)
    }

    /// The air at a European place and at one without pollen data.
    static func air(_ language: Language) -> [AirDisplay] {
        let hours = (1...3).map { hour in
            AirQuality.Reading(time: now.addingTimeInterval(Double(hour) * 3600), usAQI: 40 + hour * 10, europeanAQI: 18 + hour * 9)
        }
        let reading = AirQuality.Reading(time: now, usAQI: 32, europeanAQI: 18, pm2_5: 6.54, pm10: 11, ozone: 61.2, nitrogenDioxide: 12.9)
        let europe = AirQuality(now: reading, hours: hours, pollen: [.birch: 100, .grass: 3, .alder: 0], source: .openMeteo, utcOffset: 0, fetchedAt: now)
        let elsewhere = AirQuality(now: reading, hours: [], pollen: nil, source: .openMeteo, utcOffset: 0, fetchedAt: now)
        let formatter = DisplayFormatter(options: DisplayOptions(language: language), now: now)
        return [formatter.air(europe, at: RendererWidthTests.testford), formatter.air(elsewhere, at: RendererWidthTests.daytown)]
    }

    /// A nowcast at `rates` mm/h, from the start it is given: MET Norway's radar, or Open-Meteo's 15-minute forecast;
    /// the source says it is `kind` (rain unless told).
    static func nowcast(
        _ rates: [Double], step: Int, radar: Bool, kind: PrecipitationKind? = .rain, kinds: [PrecipitationKind?]? = nil
    ) -> (Date) -> Nowcast {
        { start in
            Nowcast(
                steps: rates.enumerated().map { index, rate in
                    Nowcast.Step(
                        time: start.addingTimeInterval(Double(index * step * 60)), millimetresPerHour: rate,
                        kind: kinds.map { index < $0.count ? $0[index] : nil } ?? kind)
                },
                stepMinutes: step, isRadar: radar, source: radar ? .metNorway : .openMeteo, fetchedAt: start)
        }
    }

    /// Every view said in `language`: each provider's current, hourly (3-hour and hour by hour), 5-day, rain and compare
    /// views; the places followed and the map; warnings and `:alerts`; `:air`.
    static func views(_ language: Language, units: UnitSystem = .metric, clock: ClockStyle = .twentyFourHour) throws -> [(name: String, text: String)] {
        let strings = Strings.terminal(language)
        let plain = PlainRenderer(strings: strings, clock: clock)
        func text(_ lines: [String]) -> String { lines.map { $0 + "\n" }.joined() }
        var views: [(String, String)] = []
        for source in [ProviderViewsTests.Source.openWeatherTestford, .openMeteoKolkata, .metFjordby] {
            let report = try source.report(language: language)
            let other = try source.partner.report(language: language)
            let formatter = ProviderViewsTests.formatter(source, units: units, clock: clock, language: language)
            views += [
                ("\(source) current", text(plain.current(formatter.current(report)))),
                ("\(source) hourly", text(plain.hourly(formatter.hourly(report, count: 8)))),
                ("\(source) hourly_1h", text(plain.hourly(formatter.hourly(report, count: 6, hourByHour: true)))),
                ("\(source) daily", text(plain.daily(formatter.daily(report)))),
                ("\(source) rain", text(plain.rain(formatter.rain(report)))),
                ("\(source) compare", text(plain.compare(formatter.current(report), formatter.current(other)))),
            ]
        }
        // Rain to the minute: MET Norway's radar in 5-minute steps (rain starting and stopping within the two hours) in
        // the current view and :rain, Open-Meteo's 15-minute forecast (rain now, stopping) in :rain.
        for (source, minutes) in [
            (ProviderViewsTests.Source.metFjordby, nowcast([0, 0, 0, 0, 0.4, 1.5, 3.2, 3.2, 1, 0.3] + Array(repeating: 0, count: 14), step: 5, radar: true)),
            (.openMeteoKolkata, nowcast([1.2, 0.9, 0.4, 0, 0, 0, 0, 0], step: 15, radar: false)),
        ] {
            let report = try source.report(language: language)
            let formatter = ProviderViewsTests.formatter(source, units: units, clock: clock, language: language)
            // The step holding now first, as a source gives it.
            let start = Date(timeIntervalSince1970: (source.now.timeIntervalSince1970 / 900).rounded(.down) * 900)
            let nowcast = minutes(start)
            if nowcast.isRadar {
                var current = formatter.current(report)
                let line = try #require(formatter.nowcastLine(nowcast, report))
                (current.nowcast, current.nowcastSentence) = line
                views.append(("\(source) current minutes", text(plain.current(current))))
            }
            views.append(("\(source) rain minutes", text(plain.rain(formatter.rain(report, nowcast: nowcast)))))
        }
        // What falls (issue 28): MET Norway's snow in the current view, and Open-Meteo's rain turning to snow in :rain.
        for (source, name, minutes) in [
            (ProviderViewsTests.Source.metFjordby, "current minutes snow", nowcast([0, 0, 0.6, 0.8, 0.2] + Array(repeating: 0, count: 19), step: 5, radar: true, kind: .snow)),
            (.openMeteoKolkata, "rain minutes turning", nowcast([0, 0.8, 1.2, 1.2, 0, 0, 0, 0], step: 15, radar: false, kinds: [nil, .rain, .rain, .snow])),
        ] {
            let report = try source.report(language: language)
            let formatter = ProviderViewsTests.formatter(source, units: units, clock: clock, language: language)
            let nowcast = minutes(Date(timeIntervalSince1970: (source.now.timeIntervalSince1970 / 900).rounded(.down) * 900))
            if nowcast.isRadar {
                var current = formatter.current(report)
                (current.nowcast, current.nowcastSentence) = try #require(formatter.nowcastLine(nowcast, report))
                views.append(("\(source) \(name)", text(plain.current(current))))
            } else {
                views.append(("\(source) \(name)", text(plain.rain(formatter.rain(report, nowcast: nowcast)))))
            }
        }
        // The drawn views' own fixtures: a stale copy, the UV index, the places followed (a home, one unanswered).
        var options = DisplayOptions(units: units, clock: clock, language: language)
        options.strings = strings
        let formatter = DisplayFormatter(options: options, now: now)
        let night = try RendererWidthTests.report("current_testford.json", place: RendererWidthTests.testford)
        let day = try RendererWidthTests.report("current_daytown.json", place: RendererWidthTests.daytown)
        let stale = try RendererWidthTests.report("current_testford.json", place: RendererWidthTests.testford,
            source: .stale(fetchedAt: Date(timeIntervalSince1970: 1_699_916_800), reason: .serverError(status: 503)))
        let followed = formatter.places([
            (RendererWidthTests.testford, true, night), (RendererWidthTests.daytown, false, day),
            (Place(name: "Llanfairpwllgwyngyll", state: "Wales", country: "GB", latitude: 53.22, longitude: -4.2), false, nil),
            (Place(name: "São Paulo", state: "São Paulo", country: "BR", latitude: -23.55, longitude: -46.63), false, stale),
        ])
        let uv = try UVIndexViewTests.report()
        let warnings = warnings(language)
        views += [
            ("stale current", text(plain.current(formatter.current(stale)))),
            ("uv current", text(plain.current(formatter.current(uv)))),
            ("uv hourly", text(plain.hourly(formatter.hourly(uv, count: 4)))),
            ("uv daily", text(plain.daily(formatter.daily(uv)))),
            ("places", text(plain.places(followed))),
            ("map", text(plain.map(followed))),
            ("no places", text(plain.places(formatter.places([])))),
            ("warnings", text(plain.warnings(warnings))),
            ("alerts", text(plain.alerts(AlertsDisplay(warnings: warnings, number: nil, off: false)))),
            ("alerts 1", text(plain.alerts(AlertsDisplay(warnings: warnings, number: 1, off: false)))),
            ("alerts none", text(plain.alerts(AlertsDisplay(warnings: WarningsDisplay(.noService, place: "Daytown", zone: .fixed(0), options: options, now: now), number: nil, off: false)))),
        ]
        views += air(language).enumerated().map { ("air \($0.offset + 1)", text(plain.air($0.element))) }
        return views
    }

    @Test(arguments: [Language.english, .french])
    func everyPlainViewMatchesItsGolden(_ language: Language) throws {
        let output = try Self.views(language).map { "== \($0.name)\n" + $0.text }.joined(separator: "\n")
        Self.golden.check(output, "plain/\(language.code).txt")
    }

    /// The minutes are said, never drawn: when rain starts and stops to the step, then their source and step in words
    /// ("in steps of 5 minutes", not "(…, 5-minute steps)"), before the hourly outlook; in the current view too.
    @Test func theMinutesAreSaidWithTheirSourceAndStepInWords() throws {
        let views = Dictionary(try Self.views(.english).map { ($0.name, $0.text) }) { a, _ in a }
        let rain = try #require(views["metFjordby rain minutes"])
        let current = try #require(views["metFjordby current minutes"])
        let model = try #require(views["openMeteoKolkata rain minutes"])
        for text in [rain, current] {
            #expect(text.contains("\nModerate rain from about ") && text.contains(", stopping around "), "\(text)")
            #expect(text.contains("\nFrom MET Norway radar, in steps of 5 minutes.\n"), "\(text)")
        }
        #expect(model.contains("\nLight rain now, stopping around ") && model.contains("\nFrom Open-Meteo, in steps of 15 minutes.\n"), "\(model)")
        for text in [rain, current, model] {
            #expect(!text.contains("-minute") && !text.contains("(") && !text.contains("▂") && !text.contains("·"), "\(text)")
        }
        // The minutes first, then the outlook from the forecast, which says its own source.
        let lines = rain.split(separator: "\n").map(String.init)
        let minutes = try #require(lines.firstIndex { $0.hasPrefix("Moderate rain from about") })
        #expect(lines.count == minutes + 3 && lines[minutes + 2].hasSuffix(" From the forecast in 3-hour steps."), "\(rain)")
    }

    /// What falls is said as the steps say it (issue 28), in English and in French: snow from MET Norway, and rain
    /// turning to snow, with when, from Open-Meteo.
    @Test func theMinutesSayWhatFallsInEachLanguage() throws {
        let english = Dictionary(try Self.views(.english).map { ($0.name, $0.text) }) { a, _ in a }
        let french = Dictionary(try Self.views(.french).map { ($0.name, $0.text) }) { a, _ in a }
        let snow = try #require(english["metFjordby current minutes snow"])
        #expect(snow.contains("\nLight snow from about ") && snow.contains(", stopping around ") && !snow.contains("rain from"), "\(snow)")
        let neige = try #require(french["metFjordby current minutes snow"])
        #expect(neige.contains("\nNeige faible à partir de ") && neige.contains(" environ, cessant vers "), "\(neige)")
        let turning = try #require(english["openMeteoKolkata rain minutes turning"])
        #expect(turning.contains(/\nLight rain from about [0-9:]+, turning to snow around [0-9:]+, stopping around [0-9:]+\./), "\(turning)")
        let changeant = try #require(french["openMeteoKolkata rain minutes turning"])
        #expect(changeant.contains(/\nPluie faible à partir de [0-9:]+ environ, se transformant en neige vers [0-9:]+, cessant vers [0-9:]+\./), "\(changeant)")
    }

    /// Imperial units and a 12-hour clock: miles per hour, inches, "2:00 PM".
    @Test func imperialUnitsAndTheTwelveHourClockAreSaidInWords() throws {
        let output = try Self.views(.english, units: .imperial, clock: .twelveHour).map { "== \($0.name)\n" + $0.text }.joined(separator: "\n")
        Self.golden.check(output, "plain/en_imperial_12h.txt")
        #expect(output.contains("miles per hour") && output.contains("PM") && !output.contains("kilometres"))
    }

    /// No box drawing, block or Braille character, no arrow or emoji, no escape sequence or other control character, no
    /// degree or unit symbol glued to a figure, in any view in any language.
    @Test(arguments: Language.allCases)
    func plainViewsHoldNoDrawingEmojiOrEscape(_ language: Language) throws {
        for (name, text) in try Self.views(language) + Self.views(language, units: .imperial, clock: .twelveHour) {
            for scalar in text.unicodeScalars {
                let value = scalar.value
                let drawing = (0x2190...0x21FF).contains(value) || (0x2500...0x259F).contains(value) || (0x25A0...0x25FF).contains(value)
                    || (0x2800...0x28FF).contains(value)
                let emoji = (0x2600...0x27BF).contains(value) || (0x1F000...0x1FAFF).contains(value) || value == 0xFE0F
                let control = value < 0x20 && value != 0x0A || value == 0x7F
                #expect(!drawing && !emoji && !control, "\(language.code) \(name): U+\(String(value, radix: 16)) in \(text)")
            }
            // Every word from the language's tables: no key said as itself.
            #expect(!text.contains("plain.") && !text.contains("{"), "\(language.code) \(name):\n\(text)")
            for symbol in ["°", "µg", "%", "–", "·", "⚠"] {
                #expect(!text.contains(symbol), "\(language.code) \(name): \(symbol) in\n\(text)")
            }
            let units: Set<Substring> = ["km/h", "mph", "m/s", "hPa", "inHg", "mm", "km", "mi", "cm", "K"]
            for word in text.split(whereSeparator: \.isWhitespace) {
                #expect(!units.contains(Substring(word.trimmingCharacters(in: .punctuationCharacters))), "\(language.code) \(name): \(word) in\n\(text)")
            }
        }
    }

    /// The plain current view says the drawn view's temperature, feels-like, wind, gusts and humidity, from one report.
    @Test(arguments: ProviderViewsTests.Source.allCases)
    func thePlainCurrentViewCarriesTheDrawnViewsFigures(_ source: ProviderViewsTests.Source) throws {
        let report = try source.report()
        let display = ProviderViewsTests.formatter(source).current(report)
        let drawn = Style.plain.render(Renderer(style: .plain, width: 80).current(display))
        let said = PlainRenderer().current(display).joined(separator: "\n")
        func figure(_ text: String) -> String { String(text.prefix { $0.isNumber || $0 == "-" }) }
        let temperature = figure(display.temperature), feelsLike = figure(display.feelsLike)
        #expect(drawn.contains(display.temperature) && drawn.contains(display.feelsLike))
        let degrees = { (figure: String) in figure.hasPrefix("-") ? "minus \(figure.dropFirst()) degree" : "\(figure) degree" }
        #expect(said.contains(degrees(temperature) + (["1", "-1"].contains(temperature) ? "," : "s,")), "\(said)")
        #expect(said.contains("feels like " + degrees(feelsLike)), "\(said)")
        if let wind = display.wind {
            #expect(drawn.contains(wind))
            let speed = figure(wind)
            let words = speed == "0" ? "No wind." : " at \(speed) kilometre" + (speed == "1" ? " " : "s ") + "per hour"
            #expect(said.contains(words), "\(said)")
            if let direction = display.windDirection, speed != "0" {
                #expect(drawn.contains("from \(direction)"))
                let point = try #require(display.conditions?.windDegrees)
                #expect(said.contains("Wind " + Strings.terminal(.english)["plain.from." + CompassDirection.cardinal(degrees: point)]))
            }
        }
        if let humidity = display.humidity { #expect(said.contains("Humidity \(figure(humidity)) percent.")) }
    }

    @Test func theExampleSentenceReadsAsTheIssueWritesIt() {
        var display = CurrentWeatherDisplay(
            place: "London, England, GB", observedAt: "", condition: "light rain", conditionCode: 500, conditionGroup: .rain,
            isNight: false, temperature: "14°C", temperatureCelsius: 14.2, feelsLike: "12°C", feelsLikeCelsius: 11.6)
        display.conditions = CurrentConditions(
            observedAt: Self.now, condition: Condition(code: 500, main: "Rain", description: "light rain", isNight: false), temperature: 14.2, feelsLike: 11.6,
            humidity: nil, pressure: nil, windSpeed: 5, windDegrees: 225)
        #expect(PlainRenderer().current(display) == [
            "London, England, United Kingdom.", "14 degrees, feels like 12 degrees.", "Light rain.",
            "Wind from the south-west at 18 kilometres per hour.",
        ])
    }

    /// Countries by name, CLDR's (accents and the typographic apostrophe kept), in each language.
    @Test(arguments: [
        (Language.english, ["United Kingdom", "United States", "Germany", "Brazil", "Côte d’Ivoire"]),
        (.french, ["Royaume-Uni", "États-Unis", "Allemagne", "Brésil", "Côte d’Ivoire"]),
        (.german, ["Vereinigtes Königreich", "Vereinigte Staaten", "Deutschland", "Brasilien", "Côte d’Ivoire"]),
        (.spanish, ["Reino Unido", "Estados Unidos", "Alemania", "Brasil", "Côte d’Ivoire"]),
        (.portuguese, ["Reino Unido", "Estados Unidos", "Alemanha", "Brasil", "Costa do Marfim"]),
        (.italian, ["Regno Unito", "Stati Uniti", "Germania", "Brasile", "Costa d’Avorio"]),
    ])
    func countriesAreNamedInEachLanguage(_ language: Language, _ names: [String]) {
        let plain = PlainRenderer(strings: Strings.terminal(language))
        #expect(["GB", "US", "DE", "BR", "CI"].map(plain.countryName) == names)
        // A code the table lacks (not a country, or a new one) is said as itself, in the place's name too.
        #expect(plain.countryName("QQ") == "QQ" && plain.countryName("") == "" && plain.countryName("gb") == "gb")
        let display = CurrentWeatherDisplay(
            place: "Testford, England, QQ", observedAt: "", condition: "rain", conditionCode: 500, conditionGroup: .rain,
            isNight: false, temperature: "14°C", temperatureCelsius: 14, feelsLike: "12°C", feelsLikeCelsius: 12)
        #expect(plain.current(display).first == "Testford, England, QQ.")
    }

    /// The built-in table has a column for each language the program speaks, and each of its 250 countries a name in
    /// every one: a column missing or a name left empty would have a language say codes.
    @Test func theCountriesTableNamesEveryCountryInEveryLanguage() throws {
        let text = String(decoding: try #require(Assets.data("countries.tsv")), as: UTF8.self)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.first.map { Set($0.dropFirst().map(String.init)) } == Set(Language.allCases.map(\.code)))
        #expect(rows.count == 251)
        for row in rows.dropFirst() {
            #expect(row.count == Language.allCases.count + 1 && row.allSatisfy { !$0.isEmpty }, "\(row)")
            #expect(row[0].count == 2 && row[0].allSatisfy { $0.isASCII && $0.isUppercase }, "\(row)")
        }
        for language in Language.allCases { #expect(CountryNames.name("XK", in: language) != nil) }
    }

    /// Where the view has the place, only its country is named: a last part that is a region, not a country, stays.
    @Test func onlyThePlacesCountryIsNamed() throws {
        let report = try RendererWidthTests.report("current_testford.json", place: RendererWidthTests.testford)
        let display = DisplayFormatter(options: DisplayOptions(), now: Self.now).current(report)
        let country = try #require(display.context?.place.country)
        #expect(PlainRenderer().current(display).first == "Testford, England, \(PlainRenderer().countryName(country)).")
        var regionOnly = display
        regionOnly.place = "Testford, IL"
        regionOnly.context?.place = Place(name: "Testford", state: "IL", latitude: 0, longitude: 0)
        #expect(PlainRenderer().current(regionOnly).first == "Testford, IL.")
    }

    /// Weekdays said in full wherever a plain sentence says a day (places' local time, warnings, the summaries), in
    /// every language: no view holds a short name from the dates tables ("Tue", "mar.", "Di.").
    @Test(arguments: Language.allCases)
    func noPlainViewSaysAnAbbreviatedWeekday(_ language: Language) throws {
        let strings = Strings.terminal(language)
        let short = Set((0..<7).map { strings["weekday.\($0)"] })
        let bare = Set(short.map { String($0.prefix { $0 != "." }) })
        var saidInFull = 0
        for (name, text) in try Self.views(language) + Self.views(language, units: .imperial, clock: .twelveHour) {
            for word in text.split(whereSeparator: \.isWhitespace) {
                let token = String(word.drop { $0 == "(" }.reversed().drop { ",;:)".contains($0) }.reversed())
                #expect(!short.contains(token) && !bare.contains(String(token.prefix { $0 != "." })), "\(language.code) \(name): \(word) in\n\(text)")
            }
            saidInFull += (0..<7).filter { text.contains(strings["weekday.long.\($0)"]) }.count
        }
        #expect(saidInFull > 0)
    }

    @Test func figuresBelowZeroOneAndTooSmallAreSaidInWords() {
        let plain = PlainRenderer()
        #expect(plain.temperature(-3.4, .metric) == "minus 3 degrees")
        #expect(plain.temperature(1, .metric) == "1 degree")
        #expect(plain.temperature(-0.4, .metric) == "0 degrees")
        #expect(plain.temperature(10, .standard) == "283 kelvin")
        #expect(PlainRenderer(strings: Strings.terminal(.french)).temperature(1.2, .metric) == "1 degré")
        #expect(PlainRenderer(strings: Strings.terminal(.french)).temperature(0, .metric) == "0 degré")
        #expect(PlainRenderer(strings: Strings.terminal(.german)).temperature(-12, .metric) == "minus 12 Grad")
    }

    /// The core's sentences (summaries, the rain outlook) with their symbols said in words.
    @Test(arguments: [
        ("Dry all week, highs 12–16°", "Dry all week, highs 12 to 16 degrees"),
        ("Rain from 15:00 to 21:00, 2.4 mm in all", "Rain from 15:00 to 21:00, 2.4 millimetres in all"),
        ("Rain Tue 15:00–21:00 (90%), then dry", "Rain Tue 15:00 to 21:00 (90 percent), then dry"),
        ("Lows of -3°, 1 mm, <0.1 mm.", "Lows of minus 3 degrees, 1 millimetre, less than 0.1 millimetres."),
        ("Rain in 2 hours", "Rain in 2 hours"),
    ])
    func theCoresSentencesAreSpoken(_ text: String, _ expected: String) {
        #expect(PlainRenderer().spoken(text) == expected)
    }

    @Test func frenchPercentagesWithTheirNoBreakSpaceAreSpokenToo() {
        #expect(PlainRenderer(strings: Strings.terminal(.french)).spoken("pluie (90\u{00A0}%), 2,4 mm") == "pluie (90 pour cent), 2,4 millimètres")
    }
}
