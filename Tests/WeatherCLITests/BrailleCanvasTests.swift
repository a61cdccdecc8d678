import Testing
@testable import WeatherCLI

/// The Braille canvas: Unicode's dot numbering, and lines clipped to the canvas.
struct BrailleCanvasTests {
    @Test func eachDotIsItsOwnBitInUnicodesOrder() {
        // Dots 1, 2, 3 down the left, 4, 5, 6 down the right, 7 and 8 under them (U+2801 is dot 1, U+2880 dot 8).
        let expected: [(dx: Int, dy: Int, bit: UInt8)] = [
            (0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80),
        ]
        for (dx, dy, bit) in expected { #expect(BrailleCanvas.bit(dx: dx, dy: dy) == bit, "dot at \(dx), \(dy)") }
        #expect(BrailleCanvas.character(0x01) == "⠁")
        #expect(BrailleCanvas.character(0x80) == "⢀")
        #expect(BrailleCanvas.character(0xFF) == "⣿")
        #expect(BrailleCanvas.character(0) == "\u{2800}")
    }

    @Test func dotsLandInTheirCellsAndOutsideOnesAreIgnored() {
        var canvas = BrailleCanvas(columns: 3, rows: 2)
        canvas.set(x: 3, y: 5)  // cell (1, 1), dot (1, 1)
        canvas.set(x: 0, y: 0)
        canvas.set(x: -1, y: 0)
        canvas.set(x: 6, y: 0)
        canvas.set(x: 0, y: 8)
        #expect(canvas.dots(column: 1, row: 1) == 0x10)
        #expect(canvas.dots(column: 0, row: 0) == 0x01)
        #expect(canvas.cells.filter { $0 != 0 }.count == 2)
    }

    @Test func aLineSetsEveryDotBetweenItsEnds() {
        var canvas = BrailleCanvas(columns: 4, rows: 1)
        canvas.line(from: (0.5, 1.5), to: (7.5, 1.5))
        #expect(canvas.cells == [0x12, 0x12, 0x12, 0x12])  // dots 2 and 5 of every cell: the second row of dots
        var diagonal = BrailleCanvas(columns: 2, rows: 1)
        diagonal.line(from: (0, 0), to: (3.9, 3.9))
        #expect(diagonal.cells == [0x01 | 0x10, 0x04 | 0x80])
    }

    @Test func aLineReachingFarOutsideIsClippedToTheCanvas() {
        var canvas = BrailleCanvas(columns: 2, rows: 1)
        canvas.line(from: (-1e9, 2), to: (1e9, 2))
        #expect(canvas.cells == [0x04 | 0x20, 0x04 | 0x20])
        var outside = BrailleCanvas(columns: 2, rows: 1)
        outside.line(from: (-10, -10), to: (10, -1))
        outside.line(from: (.nan, 0), to: (1, 1))
        #expect(outside.cells == [0, 0])
        #expect(BrailleCanvas.clip((-5, 1), (5, 1), width: 4, height: 4).map { $0.0.x } == 0)
    }
}
