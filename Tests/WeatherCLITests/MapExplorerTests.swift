import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCLI
@testable import WeatherCore

/// `:map`'s keys: what the terminal's bytes decode to, how the cross moves and stops at the edges, which numbers open
/// a place, and the cross drawn on the map.
struct MapExplorerTests {
    /// Twelve places along the equator, the first at 10° E, in a frame 40 × 10 cells from 0° E to 40° E.
    static func explorer(places: Int = 12) -> MapExplorer {
        let rows = (1...places).map { number in
            PlaceRow(
                number: number, place: Place(name: "P\(number)", latitude: 0, longitude: 10 + Double(number - 1) * 2), isHome: false,
                localTime: nil, weather: nil)
        }
        let frame = MapFrame(west: 0, span: 40, south: -10, north: 10, columns: 40, rows: 10)
        return MapExplorer(display: PlacesDisplay(rows: rows, notice: nil, provider: nil), frame: frame)
    }

    @Test func keysDecodeFromTheTerminalsBytes() {
        #expect(MapKey.decode(Array("\u{1B}[A".utf8))! == (.up, 3))
        #expect(MapKey.decode(Array("\u{1B}OB".utf8))! == (.down, 3))  // application cursor mode
        #expect(MapKey.decode(Array("\u{1B}[1;5C".utf8))! == (.right, 6))
        #expect(MapKey.decode(Array("hjkl".utf8))! == (.left, 1))
        #expect(MapKey.decode(Array("7".utf8))! == (.digit(7), 1))
        #expect(MapKey.decode(Array("\r".utf8))! == (.enter, 1))
        #expect(MapKey.decode(Array("v".utf8))! == (.toggle, 1))
        #expect(MapKey.decode(Array("q".utf8))! == (.quit, 1))
        #expect(MapKey.decode(Array("é".utf8))! == (.other, 2))
        // A lone Esc, or half a sequence, waits for more; Esc then a letter is Esc.
        #expect(MapKey.decode([0x1B]) == nil)
        #expect(MapKey.decode(Array("\u{1B}[".utf8)) == nil)
        #expect(MapKey.decode(Array("\u{1B}x".utf8))! == (.quit, 1))
    }

    @Test func theCrossStartsOnTheFirstPlaceMovesAndStopsAtTheEdges() {
        var explorer = Self.explorer()
        #expect(explorer.cross == MapExplorer.Cell(column: 10, row: 5))
        #expect(explorer.handle(.left) == .redraw)
        #expect(explorer.handle(.up) == .redraw)
        #expect(explorer.cross == MapExplorer.Cell(column: 9, row: 4))
        for _ in 0..<20 { _ = explorer.handle(.left) }
        #expect(explorer.cross.column == 0)
        #expect(explorer.handle(.left) == .none)  // nothing to draw again at the edge
        for _ in 0..<20 { _ = explorer.handle(.down) }
        #expect(explorer.cross.row == 9)
        // Enter: the middle of the cross's cell, as the prompt would take it typed.
        #expect(explorer.handle(.enter) == .point(latitude: -9, longitude: 0.5))
        #expect(explorer.pointText == "-9.00, 0.50")
    }

    @Test func aNumberOpensItsPlaceOnceNoLongerOneCanFollow() {
        var explorer = Self.explorer()
        #expect(explorer.handle(.digit(5)) == .open(5))
        // "1" among 12 could be 10, 11 or 12: Enter settles it, or the next digit.
        #expect(explorer.handle(.digit(1)) == .none)
        #expect(explorer.handle(.enter) == .open(1))
        #expect(explorer.handle(.digit(1)) == .none)
        #expect(explorer.handle(.digit(2)) == .open(12))
        #expect(explorer.handle(.digit(1)) == .none)
        #expect(explorer.handle(.digit(3)) == .none)  // 13: no such place
        #expect(explorer.handle(.digit(0)) == .none)
        var few = Self.explorer(places: 2)
        #expect(few.handle(.digit(3)) == .none)
        #expect(few.handle(.digit(2)) == .open(2))
    }

    @Test func vSwapsTheMapAndTheListWhereTheCrossStays() {
        var explorer = Self.explorer()
        #expect(explorer.handle(.toggle) == .redraw)
        #expect(explorer.showsList)
        #expect(explorer.handle(.right) == .none)
        #expect(explorer.handle(.enter) == .none)
        #expect(explorer.handle(.toggle) == .redraw)
        #expect(explorer.handle(.right) == .redraw)
        #expect(explorer.handle(.quit) == .quit)
    }

    @Test func theCrossIsDrawnWithTheKeysAndReadableWithoutColour() throws {
        var explorer = Self.explorer(places: 2)
        _ = explorer.handle(.down)
        _ = explorer.handle(.down)
        let renderer = Renderer(style: Style(color: false, unicode: true), width: 40)
        let lines = renderer.map(exploring: explorer).map(\.plain)
        // The map's seventh row (the heading above it) holds the cross, in the eleventh column; the keys name its point.
        let crossRow = try #require(lines.firstIndex { $0.contains("+") && !$0.contains("+ at") }, "\(lines.joined(separator: "\n"))")
        #expect(Array(lines[crossRow]).firstIndex(of: "+") == 10, "\(lines[crossRow])")
        #expect(lines.joined(separator: " ").contains("+ at -5.00, 10.50"), "\(lines)")
        #expect(lines.joined(separator: " ").contains("q: back"))
        let list = explorer.handle(.toggle)
        #expect(list == .redraw)
        let listed = renderer.map(exploring: explorer).map(\.plain).joined(separator: " ")
        #expect(listed.contains("P2") && listed.contains("v: the map"))
    }

    /// Enter with the cross on a place's own cell opens that place (its number), not the point the gazetteer would
    /// name nearest the cell's middle; off every place's cell it is the point again.
    @Test func enterOnAPlacesCellOpensThePlace() {
        var explorer = Self.explorer(places: 3)
        #expect(explorer.placeUnderCross == 1)
        #expect(explorer.handle(.enter) == .open(1))
        _ = explorer.handle(.right)  // column 11: between P1 (10) and P2 (12)
        #expect(explorer.placeUnderCross == nil)
        #expect(explorer.handle(.enter) == .point(latitude: -1, longitude: 11.5))
        _ = explorer.handle(.right)
        #expect(explorer.handle(.enter) == .open(2))
    }

    /// The opening map: the cross starts on place 1's cell and draws its number with it ("1+"), its label beside
    /// them, so every place is on the map and none is named under it; moved off, the number stays on its cell.
    @Test func theCrossCarriesThePinItStandsOn() throws {
        var explorer = Self.explorer(places: 2)
        let renderer = Renderer(style: Style(color: false, unicode: true), width: 40)
        let picture = renderer.mapPicture(explorer.display, in: explorer.frame, cross: explorer.cross)
        #expect(picture.numbersShown == [1, 2] && picture.labelsShown == [1, 2], "\(picture.lines.map(\.plain))")
        let row = try #require(picture.lines.map(\.plain).first { $0.contains("+") }, "\(picture.lines.map(\.plain))")
        #expect(Array(row).firstIndex(of: "+") == 10, "\(row)")  // the cross on its cell, the number just left of it
        #expect(row.contains("1+") && row.contains("P1"), "\(row)")  // (its label left of it: P2's number is to its right)
        let lines = renderer.map(exploring: explorer).map(\.plain)
        #expect(!lines.contains { $0.hasPrefix("1. P1") }, "\(lines.joined(separator: "\n"))")  // not named under the map
        // At the frame's left edge the number goes right of the cross.
        let edge = MapExplorer(
            display: PlacesDisplay(rows: [PlaceRow(number: 1, place: Place(name: "West", latitude: 0, longitude: 0.2), isHome: false, localTime: nil, weather: nil)], notice: nil, provider: nil),
            frame: explorer.frame)
        let edgeRow = try #require(renderer.mapPicture(edge.display, in: edge.frame, cross: edge.cross).lines.map(\.plain).first { $0.contains("+") })
        #expect(edgeRow.hasPrefix("+1 West"), "\(edgeRow)")
        _ = explorer.handle(.up)
        let moved = renderer.mapPicture(explorer.display, in: explorer.frame, cross: explorer.cross)
        #expect(moved.numbersShown == [1, 2], "\(moved.lines.map(\.plain))")
        #expect(!moved.lines.map(\.plain).joined().contains("1+"))
    }
}
