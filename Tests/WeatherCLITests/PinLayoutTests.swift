import Testing
@testable import WeatherCLI

/// Pins' numbers and labels: never over one another nor touching on a row, whatever the places; a label that
/// cannot fit is dropped and its number kept.
struct PinLayoutTests {
    /// A seeded generator (SplitMix64), so that a failure can be run again.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Every slot's cells, with the pin it belongs to and whether it is a number.
    static func slots(_ layout: PinLayout) -> [(owner: Int, number: Bool, slot: PinLayout.Slot)] {
        layout.numbers.enumerated().compactMap { i, s in s.map { (i, true, $0) } }
            + layout.labels.enumerated().compactMap { i, s in s.map { (i, false, $0) } }
    }

    /// The promise, checked on one layout.
    static func check(_ layout: PinLayout, _ items: [PinLayout.Item], columns: Int, rows: Int, seed: UInt64) {
        let all = slots(layout)
        for (owner, isNumber, slot) in all {
            #expect((0..<rows).contains(slot.row) && slot.column >= 0 && slot.column + slot.width <= columns, "seed \(seed)")
            let item = items[owner]
            if isNumber {
                #expect(slot.row == item.row && slot.columns.contains(item.column), "a number on its place's cell, seed \(seed)")
                #expect(slot.width == item.numberWidth)
            } else {
                #expect(layout.numbers[owner] != nil, "a label without its number, seed \(seed)")
                #expect(slot.width == item.labelWidth)
            }
        }
        for (i, a) in all.enumerated() {
            for b in all[(i + 1)...] where a.slot.row == b.slot.row {
                // Apart by a cell at least, whoever they belong to: "3" and "12" never read as "312".
                let apart = a.slot.column + a.slot.width < b.slot.column || b.slot.column + b.slot.width < a.slot.column
                #expect(apart, "\(a) and \(b) overlap or touch, seed \(seed)")
            }
        }
    }

    @Test func randomPlacesNeverOverlap() {
        for seed in UInt64(1)...300 {
            var random = Seeded(state: seed)
            let columns = Int.random(in: 40...200, using: &random), rows = Int.random(in: 4...24, using: &random)
            let count = Int.random(in: 1...200, using: &random)
            // Clustered half the time, as cities are.
            let clustered = Bool.random(using: &random)
            let items = (0..<count).map { index in
                PinLayout.Item(
                    column: clustered ? Int.random(in: 0..<min(columns, 12), using: &random) : Int.random(in: 0..<columns, using: &random),
                    row: clustered ? Int.random(in: 0..<min(rows, 4), using: &random) : Int.random(in: 0..<rows, using: &random),
                    numberWidth: String(index + 1).count, labelWidth: Int.random(in: 0...30, using: &random))
            }
            let layout = PinLayout(items, columns: columns, rows: rows)
            Self.check(layout, items, columns: columns, rows: rows, seed: seed)
        }
    }

    @Test func labelsTryRightThenLeftThenAboveThenBelow() {
        let one = [PinLayout.Item(column: 5, row: 2, numberWidth: 1, labelWidth: 4)]
        #expect(PinLayout(one, columns: 40, rows: 5).labels == [.init(row: 2, column: 7, width: 4)])
        let atTheRightEdge = [PinLayout.Item(column: 38, row: 2, numberWidth: 1, labelWidth: 4)]
        #expect(PinLayout(atTheRightEdge, columns: 40, rows: 5).labels == [.init(row: 2, column: 33, width: 4)])
        let tooLongForEitherSide = [PinLayout.Item(column: 20, row: 2, numberWidth: 1, labelWidth: 20)]
        #expect(PinLayout(tooLongForEitherSide, columns: 40, rows: 5).labels == [.init(row: 1, column: 20, width: 20)])
        let onTheTopRow = [PinLayout.Item(column: 20, row: 0, numberWidth: 1, labelWidth: 20)]
        #expect(PinLayout(onTheTopRow, columns: 40, rows: 5).labels == [.init(row: 1, column: 20, width: 20)])
        let tooLongForAny = [PinLayout.Item(column: 20, row: 2, numberWidth: 1, labelWidth: 25)]
        let layout = PinLayout(tooLongForAny, columns: 40, rows: 5)
        #expect(layout.labels == [nil] && layout.numbers == [.init(row: 2, column: 20, width: 1)])
    }

    @Test func aLabelThatCannotFitIsDroppedAndItsNumberKept() {
        // Three pins side by side on a one-row map: every number fits, no label does.
        let items = [10, 14, 18].enumerated().map { PinLayout.Item(column: $1, row: 0, numberWidth: 1, labelWidth: 8 + $0) }
        let layout = PinLayout(items, columns: 40, rows: 1)
        #expect(layout.numbers.allSatisfy { $0 != nil })
        #expect(layout.labels[1] == nil)
        Self.check(layout, items, columns: 40, rows: 1, seed: 0)
    }

    @Test func aNumberOnTopOfAnotherIsLeftOut() {
        let items = [PinLayout.Item(column: 5, row: 0, numberWidth: 1, labelWidth: 3), PinLayout.Item(column: 5, row: 0, numberWidth: 1, labelWidth: 3)]
        let layout = PinLayout(items, columns: 40, rows: 1)
        #expect(layout.numbers[0] != nil && layout.numbers[1] == nil && layout.labels[1] == nil)
        // A two-digit number may end on its cell when starting there would touch another.
        let wide = [PinLayout.Item(column: 10, row: 0, numberWidth: 1, labelWidth: 0), PinLayout.Item(column: 12, row: 0, numberWidth: 2, labelWidth: 0)]
        #expect(PinLayout(wide, columns: 40, rows: 1).numbers[1] == .init(row: 0, column: 12, width: 2))
        let ends = [PinLayout.Item(column: 14, row: 0, numberWidth: 1, labelWidth: 0), PinLayout.Item(column: 12, row: 0, numberWidth: 2, labelWidth: 0)]
        #expect(PinLayout(ends, columns: 40, rows: 1).numbers[1] == .init(row: 0, column: 11, width: 2))
    }
}
