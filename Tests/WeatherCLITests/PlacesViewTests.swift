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
        #expect(places.contains("Testford, England, GB") && places.contains("Daytown, LY"))
        let map = renderer.map(try Self.display())
        for line in map { #expect(line.width <= width, "map at \(width): \(line.plain)") }
        #expect(map.count <= MapFrame.maximumRows + 2)  // the heading's line(s) above
        #expect(map.contains { $0.plain.contains("1 Testford") || $0.plain.contains("Testford 7°C 1") })
    }

    @Test func noPlaceSaysHowToFollowOne() {
        let renderer = Renderer(style: .plain, width: 80)
        let empty = PlacesDisplay(rows: [], notice: nil, provider: nil)
        let words = Strings.terminal(.english)["places.none"]
        #expect(renderer.places(empty).map(\.plain).joined(separator: " ") == words)
        #expect(renderer.map(empty).map(\.plain).joined(separator: " ") == words)
    }
}
