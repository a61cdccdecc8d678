import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// `:places` and `:map` at the widths the goldens do not cover (up to 200 columns), and with nothing to show.
struct PlacesViewTests {
    static func display() throws -> PlacesDisplay {
        let formatter = DisplayFormatter(options: DisplayOptions(language: .english), now: Date(timeIntervalSince1970: 1_699_918_300))
        let night = try RendererWidthTests.report("current_testford.json", place: RendererWidthTests.testford)
        let day = try RendererWidthTests.report("current_daytown.json", place: RendererWidthTests.daytown)
        return formatter.places([(RendererWidthTests.testford, true, night), (RendererWidthTests.daytown, false, day)])
    }

    @Test(arguments: [40, 100, 160, 200])
    func bothFitEveryWidthAndTheMapItsRows(width: Int) throws {
        let renderer = Renderer(style: Style(color: false, unicode: true), width: width)
        let places = renderer.style.render(renderer.places(try Self.display()))
        for line in places.split(separator: "\n") { #expect(TextWidth.of(String(line)) <= width, "places at \(width): \(line)") }
        // At 40 columns the home's long name is cut to keep its line, its mark kept ("Testford, England, GB (home)" is
        // 28 columns).
        #expect(places.contains(width == 40 ? "Testford… (home)" : "Testford, England, GB") && places.contains("Daytown, LY"), "\(places)")
        let map = renderer.map(try Self.display())
        for line in map { #expect(line.width <= width, "map at \(width): \(line.plain)") }
        #expect(map.count <= MapFrame.maximumRows + 2)  // the heading's line(s) above
        #expect(map.contains { $0.plain.contains("1 Testford") || $0.plain.contains("Testford 7°C 1") })
    }

    /// Long names from 40 columns up: one line a place, its name cut with an ellipsis rather than wrapped, and the
    /// low and the high shown together or not at all (never the high alone beside the temperature now).
    @Test(arguments: [40, 42, 46, 50, 56, 64, 80])
    func aLongNameIsCutAndTheLowAndHighGoTogether(width: Int) throws {
        let formatter = DisplayFormatter(options: DisplayOptions(language: .english), now: Date(timeIntervalSince1970: 1_699_918_300))
        let report = try RendererWidthTests.report("current_testford.json", place: RendererWidthTests.testford)
        let places = [
            Place(name: "Springfield", state: "Massachusetts", country: "US", latitude: 42.1, longitude: -72.59),
            Place(name: "Llanfairpwllgwyngyll", state: "Wales", country: "GB", latitude: 53.22, longitude: -4.2),
            RendererWidthTests.daytown,
        ]
        let display = formatter.places(places.enumerated().map { ($1, $0 == 0, report) })
        let renderer = Renderer(style: Style(color: false, unicode: true), width: width)
        let lines = renderer.places(display).map(\.plain)
        let header = try #require(lines.firstIndex { $0.contains("Temp") }, "\(lines.joined(separator: "\n"))")
        let rows = Array(lines[(header + 1)...])
        #expect(rows.count == places.count, "at \(width):\n\(lines.joined(separator: "\n"))")
        for (index, row) in rows.enumerated() {
            #expect(row.hasPrefix("\(index + 1)."), "at \(width): \(row)")
            #expect(TextWidth.of(row) <= width, "at \(width): \(row)")
            let figures = row.components(separatedBy: "°C").count - 1
            #expect(figures == 1 || figures == 3, "at \(width): \(row)")
        }
        #expect(lines[header].contains("Low") == lines[header].contains("High"), "at \(width): \(lines[header])")
        if width == 40 {
            // The longest names cut before the home's mark, the high and low kept: "Springfield, Massachusetts, US
            // (home)" is 37 columns.
            #expect(rows[0].contains("Springfi") && rows[0].contains("… (home)") && lines[header].contains("High"), "\(lines.joined(separator: "\n"))")
            #expect(rows[1].contains("Llanfairpwll") && rows[1].contains("…"), "\(rows[1])")
        }
    }

    @Test func noPlaceSaysHowToFollowOne() {
        let renderer = Renderer(style: .plain, width: 80)
        let empty = PlacesDisplay(rows: [], notice: nil, provider: nil)
        let words = Strings.terminal(.english)["places.none"]
        #expect(renderer.places(empty).map(\.plain).joined(separator: " ") == words)
        #expect(renderer.map(empty).map(\.plain).joined(separator: " ") == words)
    }
}
