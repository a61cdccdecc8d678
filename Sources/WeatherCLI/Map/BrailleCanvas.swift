/// A grid of Braille cells (U+2800–U+28FF), each 2 dots wide and 4 high: dots are set by their coordinates, from the
/// top left, and each cell reads as the character whose bits are its dots.
struct BrailleCanvas: Sendable {
    let columns: Int
    let rows: Int
    /// Each cell's dots, as the low byte of its character's code point.
    private(set) var cells: [UInt8]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = [UInt8](repeating: 0, count: self.columns * self.rows)
    }

    var dotColumns: Int { columns * 2 }
    var dotRows: Int { rows * 4 }

    /// The bit of the dot `dx` (0 or 1) across and `dy` (0 to 3) down in its cell: Unicode numbers the dots 1-2-3
    /// down the left, 4-5-6 down the right, then 7 and 8 under them.
    static func bit(dx: Int, dy: Int) -> UInt8 {
        switch (dx, dy) {
        case (0, 0): 0x01
        case (0, 1): 0x02
        case (0, 2): 0x04
        case (0, 3): 0x40
        case (1, 0): 0x08
        case (1, 1): 0x10
        case (1, 2): 0x20
        case (1, 3): 0x80
        default: 0
        }
    }

    /// The Braille character of a cell's dots (U+2800, blank, for none).
    static func character(_ bits: UInt8) -> Character {
        Character(Unicode.Scalar(0x2800 + UInt32(bits)) ?? " ")
    }

    /// A cell's dots.
    func dots(column: Int, row: Int) -> UInt8 {
        guard (0..<columns).contains(column), (0..<rows).contains(row) else { return 0 }
        return cells[row * columns + column]
    }

    /// Sets the dot at `x`, `y`; one outside the canvas is ignored.
    mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < dotColumns, y < dotRows else { return }
        cells[(y >> 2) * columns + (x >> 1)] |= Self.bit(dx: x & 1, dy: y & 3)
    }

    /// Sets the dots of the straight line between two points given in dots (fractions allowed), clipped to the
    /// canvas first, so that a line reaching far outside costs no more than the part that shows.
    mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double)) {
        guard let (p, q) = Self.clip(a, b, width: Double(dotColumns), height: Double(dotRows)) else { return }
        let steps = Int(max(abs(q.x - p.x), abs(q.y - p.y)).rounded(.up))
        if steps == 0 {
            set(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
            return
        }
        let dx = (q.x - p.x) / Double(steps), dy = (q.y - p.y) / Double(steps)
        for step in 0...steps {
            set(x: Int((p.x + dx * Double(step)).rounded(.down)), y: Int((p.y + dy * Double(step)).rounded(.down)))
        }
    }

    /// The part of a segment inside `0..<width` × `0..<height` (Liang–Barsky), or nil when none is.
    static func clip(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), width: Double, height: Double)
        -> ((x: Double, y: Double), (x: Double, y: Double))?
    {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        var low = 0.0, high = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        // Just inside the far edges, so that a point on them is still in the last dot.
        let right = width - 1e-9, bottom = height - 1e-9
        for (p, q) in [(-dx, a.x), (dx, right - a.x), (-dy, a.y), (dy, bottom - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 {
                if t > high { return nil }
                low = max(low, t)
            } else {
                if t < low { return nil }
                high = min(high, t)
            }
        }
        return ((a.x + low * dx, a.y + low * dy), (a.x + high * dx, a.y + high * dy))
    }
}
