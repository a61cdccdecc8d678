import Foundation
import HTTPKit
import Testing
import WeatherCoreTesting
@testable import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// The UV index in the views (issue 26): the current view's line with the WHO category word in its colour (readable
/// without colour), `:hourly`'s column in daylight only, `:5day`'s daily maximum, who it comes from, and `--json`.
struct UVIndexViewTests {
    static let now = Date(timeIntervalSince1970: 1_699_918_300)
    static let daytown = Place(name: "Daytown", country: "LY", latitude: 32.9, longitude: 13.18)

    /// A midday curve by UTC hour: 0 before 06:00 and from 18:00, up to 11.2 at noon, to 1 decimal.
    static func curve(_ seconds: Int) -> Double {
        let hour = Double(((seconds % 86_400) + 86_400) % 86_400) / 3_600
        guard hour > 6, hour < 18 else { return 0 }
        return (11.2 * sin(Double.pi * (hour - 6) / 12) * 10).rounded() / 10
    }

    /// Daytown's clear afternoon (OpenWeather's fixtures) with Open-Meteo's UV index following `curve`, 6.5 now.
    static func report(now index: Double = 6.5, origin: UVOrigin = UVOrigin(provider: .openMeteo)) throws -> WeatherReport {
        let (conditions, offset) = try ResponseDecoding.current(Fixtures.data("current_daytown.json"))
        let (slots, _) = try ResponseDecoding.forecast(Fixtures.data("forecast_testford.json"))
        var report = WeatherReport(
            place: daytown, current: conditions, forecast: slots, zone: .fixed(offset), source: .live(fetchedAt: now), provider: .openWeather)
        let first = Int(slots.first?.time.timeIntervalSince1970 ?? 0)
        let hours = (0..<(slots.count * 3)).map { first + $0 * 3_600 }
        report = OpenMeteoUVIndex(
            now: index, hours: hours.map { OpenMeteoUVIndex.Hour(time: Date(timeIntervalSince1970: Double($0)), index: curve($0)) }
        ).applied(to: report)
        report.uvOrigin = origin
        return report
    }

    static var formatter: DisplayFormatter { DisplayFormatter(options: DisplayOptions(language: .english), now: now) }

    @Test func theCurrentViewWordsTheCategoryInItsColourAndSaysWhoGaveIt() throws {
        let display = Self.formatter.current(try Self.report())
        let plain = Style.plain.render(Renderer(style: .plain, width: 80).current(display))
        #expect(plain.contains("UV index         7 high (Open-Meteo)"), "\(plain)")
        // The WHO's orange: the nearest of 256 colours, or its own with 24-bit colour; without colour the word says it.
        let coloured = Style(color: true, unicode: true)
        #expect(coloured.render(Renderer(style: coloured, width: 80).current(display)).contains("\u{1B}[38;5;202m7 high\u{1B}[0m"))
        let trueColour = Style(color: true, unicode: true, trueColor: true)
        #expect(trueColour.render(Renderer(style: trueColour, width: 80).current(display)).contains("\u{1B}[38;2;248;89;0m7 high"))
        #expect(!plain.contains("\u{1B}"))
    }

    @Test(arguments: [(1.0, "64"), (4.0, "220"), (6.0, "202"), (9.0, "160"), (12.0, "98")])
    func eachCategoryHasTheWHOColour(index: Double, colour: String) throws {
        let style = Style(color: true, unicode: true)
        let line = try StatusFormat(parsing: "%u").line(Self.formatter.current(try Self.report(now: index)), style: style)
        #expect(style.render(line) == "\u{1B}[38;5;\(colour)m\(UVIndex.whole(index))\u{1B}[0m")
    }

    @Test func metNorwaysIndexIsSaidToBeForAClearSkyInEveryLanguage() throws {
        var report = try Self.report(origin: UVOrigin(provider: .metNorway, isClearSky: true))
        report.provider = .metNorway
        let display = Self.formatter.current(report)
        #expect(display.uvProvider == nil)
        for language in Language.allCases {
            let strings = Strings.terminal(language)
            let text = Style.plain.render(Renderer(style: .plain, width: 80, strings: strings).current(display))
            #expect(text.contains(strings["label.uv"]) && text.contains("(" + strings["uv.clearSky"] + ")"), "\(language): \(text)")
        }
    }

    /// At night the index is 0 everywhere: the current view leaves its line out, the hourly view its cells.
    @Test func theIndexIsShownInDaylightOnly() throws {
        var report = try Self.report(now: 0)
        report.current.condition.isNight = true
        let current = Style.plain.render(Renderer(style: .plain, width: 80).current(Self.formatter.current(report)))
        #expect(!current.contains("UV"))
        let hourly = Self.formatter.hourly(report, count: 16)
        let rows = hourly.rows.filter { $0.slot != nil }
        #expect(rows.contains { $0.uvIndex == nil } && rows.contains { $0.uvIndex != nil })
        for row in rows { #expect((row.uvIndex == nil) == ((row.slot?.uvIndex ?? 0) == 0)) }
        let lines = Renderer(style: .plain, width: 120).hourly(hourly).map(\.plain)
        #expect(lines.contains { $0.hasPrefix("Time") && $0.hasSuffix("UV") })
    }

    /// Without any index (OpenWeather offline, or Open-Meteo's answer failed), no view has a UV line or column.
    @Test func aReportWithoutAnIndexShowsNone() throws {
        let (conditions, offset) = try ResponseDecoding.current(Fixtures.data("current_daytown.json"))
        let (slots, _) = try ResponseDecoding.forecast(Fixtures.data("forecast_testford.json"))
        let report = WeatherReport(
            place: Self.daytown, current: conditions, forecast: slots, zone: .fixed(offset), source: .live(fetchedAt: Self.now), provider: .openWeather)
        let renderer = Renderer(style: .plain, width: 120)
        let text = (renderer.current(Self.formatter.current(report)) + renderer.hourly(Self.formatter.hourly(report, count: 8))
            + renderer.daily(Self.formatter.daily(report))).map(\.plain).joined(separator: "\n")
        #expect(!text.contains("UV"))
        let status = try StatusFormat(parsing: "%u %U").line(Self.formatter.current(report), style: .plain)
        #expect(status.plain == "– –")
    }

    @Test func theDocumentCarriesTheIndexItsCategoryAndItsSource() throws {
        let report = try Self.report()
        let formatter = Self.formatter
        let document = JSONDocument(
            current: formatter.current(report), hourly: formatter.hourly(report, count: 8), daily: formatter.daily(report),
            strings: Strings.terminal(.french))
        let text = try #require(document.text)
        #expect(try JSONSchema.repository().errors(in: text) == [])
        let json = try JSONValue.parse(text)
        #expect(json["current"]?["uvIndex"] == .object([
            "value": .number(6.5), "whole": .number(7), "category": .string("high"), "description": .string("élevé"),
        ]))
        let source = JSONValue.object([
            "provider": .string("open-meteo"), "clearSky": .bool(false), "attribution": .string(ProviderID.openMeteo.attribution),
        ])
        #expect(json["current"]?["uvSource"] == source && json["hourly"]?["uvSource"] == source && json["daily"]?["uvSource"] == source)
        let rows = json["hourly"]?["rows"]?.array ?? []
        #expect(rows.count == 8 && rows.allSatisfy { $0["uvIndex"]?.double != nil })
        let days = json["daily"]?["days"]?.array ?? []
        #expect(!days.isEmpty && days.allSatisfy { $0["uvIndexMax"]?.double != nil })
        // A figure such as 7.49 keeps its decimals, so the whole number a reader makes of it is the view's.
        #expect(rows.contains { $0["uvIndex"]?.double.map { $0 != $0.rounded() } ?? false })
    }
}
