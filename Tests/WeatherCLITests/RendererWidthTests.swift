import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// Every view at 40, 60, 80 and 120 columns against golden files, and the promise behind them: no line is wider
/// than the terminal, whatever the view, the units or the characters.
struct RendererWidthTests {
    static let golden = Golden(beside: #filePath)
    static let widths = [40, 60, 80, 120]

    static func report(_ current: String, place: Place, source: DataSource = .live(fetchedAt: Date(timeIntervalSince1970: 1_699_918_300)))
        throws -> WeatherReport
    {
        let (conditions, offset) = try ResponseDecoding.current(Fixtures.data(current))
        let (slots, _) = try ResponseDecoding.forecast(Fixtures.data("forecast_testford.json"))
        return WeatherReport(place: place, current: conditions, forecast: slots, zone: .fixed(offset), source: source, provider: .openWeather)
    }

    static let testford = Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12)
    static let daytown = Place(name: "Daytown", country: "LY", latitude: 32.9, longitude: 13.18)

    /// Each view as text, at a width; `ascii` for a terminal that is not UTF-8.
    static func views(width: Int, ascii: Bool = false, strings: Strings = Strings.terminal(.english)) throws -> [(String, String)] {
        var options = DisplayOptions(language: .english)
        options.strings = strings
        let formatter = DisplayFormatter(options: options, now: Date(timeIntervalSince1970: 1_699_918_300))
        let night = try report("current_testford.json", place: testford)
        let day = try report("current_daytown.json", place: daytown)
        let stale = try report("current_testford.json", place: testford,
            source: .stale(fetchedAt: Date(timeIntervalSince1970: 1_699_916_800), reason: .serverError(status: 503)))
        let uv = try UVIndexViewTests.report()
        let renderer = Renderer(style: Style(color: false, unicode: !ascii), width: width, strings: strings)
        let style = renderer.style
        func text(_ lines: [Line]) -> String { style.render(lines) }
        let followed = formatter.places([
            (testford, true, night), (daytown, false, day),
            (Place(name: "Llanfairpwllgwyngyll", state: "Wales", country: "GB", latitude: 53.22, longitude: -4.2), false, nil),
            (Place(name: "São Paulo", state: "São Paulo", country: "BR", latitude: -23.55, longitude: -46.63), false, stale),
        ])
        return [
            ("current", text(renderer.current(formatter.current(night)) + renderer.current(formatter.current(stale)))),
            ("current_day", text(renderer.current(formatter.current(day)))),
            ("hourly", text(renderer.hourly(formatter.hourly(night, count: 8)))),
            ("daily", text(renderer.daily(formatter.daily(night)))),
            ("rain", text(renderer.rain(formatter.rain(night)))),
            ("compare", text(renderer.compare(formatter.current(night), formatter.current(day)))),
            ("help", text(renderer.definitions(Help.commands(strings)))),
            ("recent", text(renderer.numbered([testford.displayName, "São Paulo, BR", "Llanfairpwllgwyngyll, Wales, GB"], marked: 1))),
            // With the UV index (Open-Meteo's beside OpenWeather's weather): its line, its column, each day's highest.
            // The places followed: the home, another, one no provider answered for (a long name), a stale copy; and
            // the same as pins on a map.
            ("places", text(renderer.places(followed))),
            ("map", text(renderer.map(followed))),
            ("current_uv", text(renderer.current(formatter.current(uv)))),
            ("hourly_uv", text(renderer.hourly(formatter.hourly(uv, count: 8)))),
            ("daily_uv", text(renderer.daily(formatter.daily(uv)))),
        ]
    }

    @Test(arguments: widths)
    func everyViewFitsAndMatchesItsGolden(width: Int) throws {
        for (name, output) in try Self.views(width: width) {
            Self.golden.check(output, "\(name)_\(width).txt")
            for line in output.split(separator: "\n") {
                #expect(TextWidth.of(String(line)) <= width, "\(name) at \(width): \(line)")
            }
        }
    }

    @Test(arguments: widths)
    func asciiViewsFitToo(width: Int) throws {
        for (name, output) in try Self.views(width: width, ascii: true) {
            let isASCII = output.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(isASCII, "\(name)")
            for line in output.split(separator: "\n") { #expect(line.count <= width, "\(name) at \(width): \(line)") }
        }
        let hourly = try Self.views(width: 80, ascii: true).first { $0.0 == "hourly" }?.1 ?? ""
        Self.golden.check(hourly, "hourly_ascii_80.txt")
    }

    @Test func columnsNarrowInTheStatedOrder() throws {
        let views = Dictionary(uniqueKeysWithValues: try Self.views(width: 80))
        #expect(views["hourly"]?.contains("Humidity") == true)
        let at60 = Dictionary(uniqueKeysWithValues: try Self.views(width: 60))
        #expect(at60["hourly"]?.contains("Humidity") == false)  // the first to go
        #expect(at60["hourly"]?.contains("Amount") == true)
        let at40 = Dictionary(uniqueKeysWithValues: try Self.views(width: 40))
        #expect(at40["hourly"]?.contains("Precip") == true)  // time, condition, temperature and chance stay
        #expect(at40["daily"]?.contains("High") == true)
        #expect(at40["current"]?.contains("     .-.") == false)  // no drawing below 60 columns
    }

    /// Each temperature is coloured as its own cell: a high of 4 °C never colours the digits of a low of -4 °C.
    @Test func temperaturesAreColouredByCellNotBySearchingTheLine() throws {
        let row = DayRow(
            day: "Today", condition: "clear sky", conditionCode: 800, conditionGroup: .clear, high: "4°C", low: "-4°C",
            highCelsius: 4, lowCelsius: -4, precipitationChance: "0%", precipitationProbability: 0, precipitationAmount: nil)
        let style = Style(color: true, unicode: true)
        let output = style.render(Renderer(style: style, width: 80).daily(DailyDisplay(place: "X", summary: "", rows: [row], notice: nil)))
        #expect(output.contains("\u{1B}[38;5;63m-4°C\u{1B}[0m"))  // the low in the colour of -4 °C
        #expect(output.contains("\u{1B}[38;5;75m4°C\u{1B}[0m"))  // the high in the colour of 4 °C
    }

    @Test func nearlyEqualTemperaturesDrawNearlyLevel() {
        let scale = Graph.scale([30, 31])
        let low = Graph.level(30, on: scale, unicode: true), high = Graph.level(31, on: scale, unicode: true)
        let distance = abs((Graph.levels.firstIndex(of: high) ?? 0) - (Graph.levels.firstIndex(of: low) ?? 0))
        #expect(distance <= 1)
        #expect(Graph.level(30, on: scale, unicode: false).trimmingCharacters(in: .whitespaces).allSatisfy { $0 == "=" })
        let wide = Graph.scale([0, 20])
        #expect(Graph.level(0, on: wide, unicode: true) == "▁" && Graph.level(20, on: wide, unicode: true) == "█")
    }

    @Test func messagesWrapAtSpacesNeverInsideAWord() {
        let renderer = Renderer(style: .plain, width: 40)
        let lines = renderer.message(WeatherError.notInSampleData("Paris", available: ["Kathmandu", "London", "Reykjavík", "São Paulo"]).message(in: .commandLine, provider: .openWeather))
        #expect(lines.count > 1)
        for line in lines { #expect(line.width <= 40) }
        let words = lines.flatMap { $0.plain.split(separator: " ") }.map(String.init)
        #expect(words.contains("Reykjavík,"))
        #expect(words.contains("\"Paris\"."))
    }

    @Test func aLongPlaceNameLeavesRoomToTypeAtThePrompt() {
        let renderer = Renderer(style: .plain, width: 40)
        #expect(renderer.prompt("London, GB", offline: false).plain == "London, GB> ")
        let long = renderer.prompt("Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", offline: true)
        #expect(long.plain == "Llanfairpwll… (offline)> ")  // a third of 40 columns
        #expect(Renderer(style: .plain, width: 120).prompt(nil, offline: false).plain == "weather> ")
    }

    /// A line breaks at spaces, but never between a number and its unit.
    @Test func aNumberStaysWithItsUnitWhenALineWraps() {
        #expect(Style.plain.line("gusts 41 km/h, then 12 mph").wrapped(to: 10).map(\.plain) == ["gusts", "41 km/h,", "then", "12 mph"])
        #expect(Style.plain.line("Rain 0.8 mm in the last hour").wrapped(to: 8).map(\.plain) == ["Rain", "0.8 mm", "in the", "last", "hour"])
        #expect(Style.plain.line("from 12 to 15").wrapped(to: 7).map(\.plain) == ["from 12", "to 15"])  // no unit: free to break
    }

    /// A column narrowed below a cell shows the cell's short form, whole; a cell that fits stays as it is.
    @Test func aCellTooWideForItsColumnShowsItsShortFormNeverCut() {
        let rows = [["moderate rain", "7°C"], ["snow", "1°C"]].map { $0.map { Style.plain.line($0) } }
        let table = Table(
            columns: [Table.Column(), Table.Column(rightAligned: true)], rows: rows, shortForms: [0: [Style.plain.line("rain"), nil]])
        let layout = table.fit(10, steps: [.shorten(0)])
        #expect(layout.widths == [4, 3])
        #expect(table.render(layout, ellipsis: Style.plain.ellipsis).map(\.plain) == ["rain  7°C", "snow  1°C"])
        #expect(table.render(table.fit(20, steps: [.shorten(0)]), ellipsis: Style.plain.ellipsis).map(\.plain)
            == ["moderate rain  7°C", "snow           1°C"])
    }

    @Test func helpAndRecentAreOneEntryPerLine() {
        let renderer = Renderer(style: .plain, width: 80)
        let help = renderer.definitions(Help.commands(Strings.terminal(.english)))
        #expect(help.count == Help.commands(Strings.terminal(.english)).count)
        #expect(help.allSatisfy { $0.plain.hasPrefix("  :") })
        let recent = renderer.numbered(["A, GB", "B, FR", "C, DE"])
        #expect(recent.map(\.plain) == ["  1. A, GB", "  2. B, FR", "  3. C, DE"])
    }

    @Test func completionChoicesStandInColumnsFilledDownwards() {
        let renderer = Renderer(style: .plain, width: 40)
        let names = ["Lagos, NG", "Lahore, PK", "Lima, PE", "Lisbon, PT", "London, GB", "Lyon, FR", "Luanda, AO"]
        let lines = renderer.columns(names).map(\.plain)
        #expect(lines.count == 3)  // three columns of 12 fit in 40
        #expect(lines[0].hasPrefix("Lagos, NG") && lines[0].contains("Lisbon, PT") && lines[0].contains("Luanda, AO"))
        #expect(lines[1].hasPrefix("Lahore, PK"))
        for line in lines { #expect(line.count <= 40) }
    }

    /// At any width, a prompt command or option stays on one line with its value: never ":offline" / "on.".
    @Test func messagesNeverBreakInsideACommandOrOption() {
        let messages = [
            "Cannot reach 127.0.0.1: no network, or the server is down. Check the connection, or use :offline on.",
            "OpenWeather forecasts in 3-hour steps only: hour by hour needs Open-Meteo or MET Norway (:provider open-meteo).",
            "Pass --units imperial for Fahrenheit, or --lang de for German; :offline, then on.",
        ]
        for message in messages {
            for width in 40...100 {
                let lines = Style.plain.paragraph(message, width: width).map(\.plain)
                #expect(lines.allSatisfy { $0.count <= width })
                #expect(lines.joined(separator: " ") == message)
                for (line, next) in zip(lines, lines.dropFirst()) {
                    let last = line.split(separator: " ").last.map(String.init) ?? ""
                    #expect(!Line.isCommand(last), "\(width): \(line) / \(next)")
                }
            }
        }
        #expect(Line.isCommand(":offline") && Line.isCommand("(:provider") && Line.isCommand("--units") && Line.isCommand("«\u{00A0}:offline"))
        #expect(!Line.isCommand(":offline,") && !Line.isCommand("--timeout.") && !Line.isCommand(":") && !Line.isCommand("--"))
    }
}
