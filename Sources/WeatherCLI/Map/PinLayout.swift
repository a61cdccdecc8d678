/// Where pins' numbers and labels go on a map's grid of cells: each number on its place's cell, each label beside
/// its number (right, left, above, then below), none over another and none touching another on its row, so that
/// "3" and "12" never read as "312". A number that cannot be placed is left out with its label; a label that cannot
/// is left out and its number kept. Pins earlier in the list are placed first.
struct PinLayout: Equatable, Sendable {
    /// A run of cells on one row.
    struct Slot: Equatable, Sendable {
        var row: Int
        var column: Int
        var width: Int

        var columns: Range<Int> { column..<column + width }
    }

    /// What is to be placed for one pin: its cell, and the widths of its number and of its label.
    struct Item: Equatable, Sendable {
        var column: Int
        var row: Int
        var numberWidth: Int
        var labelWidth: Int
    }

    /// Each item's number and label, in the items' order; nil when left out.
    var numbers: [Slot?]
    var labels: [Slot?]

    init(_ items: [Item], columns: Int, rows: Int) {
        var owners = [Int](repeating: -1, count: max(0, columns * rows))
        numbers = Array(repeating: nil, count: items.count)
        labels = Array(repeating: nil, count: items.count)

        /// True when the slot is on the grid, its cells are free, and the cells either side of it are free or
        /// the same pin's.
        func fits(_ slot: Slot, owner: Int) -> Bool {
            guard slot.width > 0, (0..<rows).contains(slot.row), slot.column >= 0, slot.column + slot.width <= columns else {
                return false
            }
            let base = slot.row * columns
            if slot.columns.contains(where: { owners[base + $0] != -1 }) { return false }
            return [slot.column - 1, slot.column + slot.width].allSatisfy { column in
                !(0..<columns).contains(column) || owners[base + column] == -1 || owners[base + column] == owner
            }
        }
        func take(_ slot: Slot, owner: Int) {
            for column in slot.columns { owners[slot.row * columns + column] = owner }
        }

        // Numbers first, all of them, so that a label never pushes out another place's number: on the place's cell,
        // starting there, or ending there.
        for (index, item) in items.enumerated() {
            let candidates = Set([item.column, item.column - item.numberWidth + 1]).sorted(by: >).map {
                Slot(row: item.row, column: $0, width: item.numberWidth)
            }
            if let slot = candidates.first(where: { fits($0, owner: index) }) {
                take(slot, owner: index)
                numbers[index] = slot
            }
        }
        for (index, item) in items.enumerated() {
            guard let number = numbers[index], item.labelWidth > 0 else { continue }
            let candidates = [
                Slot(row: number.row, column: number.column + number.width + 1, width: item.labelWidth),
                Slot(row: number.row, column: number.column - 1 - item.labelWidth, width: item.labelWidth),
                Slot(row: number.row - 1, column: number.column, width: item.labelWidth),
                Slot(row: number.row + 1, column: number.column, width: item.labelWidth),
            ]
            if let slot = candidates.first(where: { fits($0, owner: index) }) {
                take(slot, owner: index)
                labels[index] = slot
            }
        }
    }
}
