import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCLI
@testable import WeatherCore
import WeatherProviders

/// `--format`: its placeholders, wttr.in's presets, and the one line each makes from Testford's night.
struct StatusFormatTests {
    static let unicode = Style(color: false, unicode: true)
    static let ascii = Style(color: false, unicode: false)

    /// Testford at night (overcast, wind from WSW), with its next 3-hour step.
    static func testford(units: UnitSystem = .metric, clock: ClockStyle = .twentyFourHour) throws -> CurrentWeatherDisplay {
        let formatter = DisplayFormatter(
            options: DisplayOptions(units: units, clock: clock, language: .english),
            now: Date(timeIntervalSince1970: 1_699_918_300))
        return formatter.current(try RendererWidthTests.report("current_testford.json", place: RendererWidthTests.testford))
    }

    static func line(_ format: String, _ d: CurrentWeatherDisplay, style: Style = unicode) throws -> String {
        style.render(try StatusFormat(parsing: format).line(d, style: style))
    }

    @Test func everyPlaceholderTakesItsValueFromTheCurrentView() throws {
        let d = try Self.testford()
        let expected: [(String, String)] = [
            ("%c", Style.plain.glyph(d.conditionGroup, night: d.isNight)), ("%C", d.condition), ("%t", d.temperature),
            ("%f", d.feelsLike), ("%h", try #require(d.humidity)), ("%l", "Testford, England, GB"),
            ("%P", try #require(d.pressure)), ("%S", try #require(d.sunrise)), ("%s", try #require(d.sunset)),
            ("%o", "0%"), ("%%", "%"),
        ]
        for (format, value) in expected {
            #expect(try Self.line(format, d) == value, "\(format)")
        }
        let degrees = try #require(d.windDegrees)
        #expect(try Self.line("%w", d) == "\(try #require(d.wind)) \(CompassDirection.arrow(windFrom: degrees))")
        #expect(try Self.line("%w", d, style: Self.ascii) == "\(try #require(d.wind)) \(try #require(d.windDirection))")
        #expect(try Self.line("[%t|%f] 100%%", d) == "[\(d.temperature)|\(d.feelsLike)] 100%")
    }

    @Test func precipitationIsTheNextStepsAmountInThePersonsUnits() throws {
        var d = try Self.testford()
        d.comingPrecipitation = "2.4 mm"
        #expect(try Self.line("%p", d) == "2.4 mm")
        let imperial = try Self.testford(units: .imperial)
        #expect(imperial.temperature.hasSuffix("°F"))
        #expect(try Self.line("%t", imperial) == imperial.temperature)
    }

    @Test func aValueTheProviderDoesNotGiveIsADashNeverZero() throws {
        var d = try Self.testford()
        (d.pressure, d.humidity, d.wind, d.sunrise, d.sunset, d.comingPrecipitation, d.comingPrecipitationChance) =
            (nil, nil, nil, nil, nil, nil, nil)
        #expect(try Self.line("%P %h %w %S %s %p %o", d) == "– – – – – – –")
        #expect(try Self.line("%P %h %w %S %s %p %o", d, style: Self.ascii) == "- - - - - - -")
    }

    @Test func presetsAreWttrInsFormatsOneToFour() throws {
        let d = try Self.testford()
        let glyph = Style.plain.glyph(d.conditionGroup, night: d.isNight)
        let wind = try Self.line("%w", d)
        #expect(try Self.line("1", d) == "\(glyph) \(d.temperature)")
        #expect(try Self.line("2", d) == "\(glyph) 🌡️\(d.temperature) 🌬️\(wind)")
        #expect(try Self.line("3", d) == "Testford, England, GB: \(glyph) \(d.temperature)")
        #expect(try Self.line("4", d) == "Testford, England, GB: \(glyph) 🌡️\(d.temperature) 🌬️\(wind)")
        // In ASCII the emoji go, and the rest folds as every view does.
        #expect(try Self.line("4", d, style: Self.ascii) == "Testford, England, GB: \(Self.ascii.glyph(d.conditionGroup, night: d.isNight)) \(d.temperature.asciiOnly) \(try Self.line("%w", d, style: Self.ascii))")
        #expect(try StatusFormat(parsing: "5").pieces == [.text("5")])
    }

    /// In ASCII, `%c` draws each condition as a weather map does, never a slash for rain: the glyphs a reader knows.
    @Test func asciiGlyphsAreTheWeatherMapsSymbols() {
        let expected: [(ConditionGroup, night: Bool, String)] = [
            (.clear, false, "O"), (.clear, true, "C"), (.fewClouds, false, "o"), (.fewClouds, true, "c"),
            (.clouds, false, "~"), (.overcast, true, "~"), (.drizzle, false, ","), (.rain, false, ":"),
            (.showers, true, ":"), (.freezingRain, false, ":"), (.thunderstorm, false, "!"), (.snow, false, "*"),
            (.sleet, true, "*"), (.mist, false, "="), (.unknown, false, "?"),
        ]
        for (group, night, glyph) in expected {
            #expect(Self.ascii.glyph(group, night: night) == glyph, "\(group) \(night)")
        }
        #expect(Set(ConditionGroup.allCases).isSubset(of: Set(expected.map(\.0))))
    }

    @Test func anUnknownPlaceholderIsNamed() {
        #expect(throws: Options.UsageError.self) { try StatusFormat(parsing: "%t %x") }
        do {
            _ = try StatusFormat(parsing: "%t %x")
        } catch {
            #expect(error.message == "--format has an unknown placeholder %x; see --help for the list.")
        }
        do {
            _ = try StatusFormat(parsing: "%t %")
        } catch {
            #expect(error.message.contains("lone %"))
        }
    }

    @Test func theLineIsOneLineAndColouredOnlyWhenColourIsOn() throws {
        let d = try Self.testford()
        #expect(try Self.line("%t\n%C", d) == "\(d.temperature) \(d.condition)")
        let colour = Style(color: true, unicode: true)
        #expect(try Self.line("%t", d, style: colour).contains("\u{1B}["))
        #expect(!(try Self.line("%t %C %w", d)).contains("\u{1B}"))
    }

    @Test func formatParsesAndRefusesJSONAndOtherViews() throws {
        guard case .run(let options) = try Options.parse(["--format", "%l: %t", "London"], providers: .standard) else {
            Issue.record("not a run")
            return
        }
        #expect(options.format?.pieces == [.field(.location), .text(": "), .field(.temperature)])
        #expect(options.isOneShot)
        guard case .run(let bare) = try Options.parse(["--format=1"], providers: .standard) else {
            Issue.record("not a run")
            return
        }
        #expect(bare.isOneShot && bare.city.isEmpty)
        for other in ["--json", "--hourly", "--five-day"] {
            #expect(throws: Options.UsageError.self) { try Options.parse(["--format", "1", other], providers: .standard) }
        }
    }
}
