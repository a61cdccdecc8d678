import WeatherCore

/// `:map` at the prompt: a cross moved over the map by the arrow keys (and h/j/k/l), the map or the list shown (`v`),
/// and what each key asks of the prompt: the weather at the cross (Enter), a place by its number, or the way back
/// (`q`, Esc). It reads no terminal: the prompt hands it keys and draws what it holds.
package struct MapExplorer: Sendable {
    /// A key, as the prompt decodes it (`MapKey.decode`).
    package enum Key: Equatable, Sendable {
        case up, down, left, right, enter, toggle, quit
        case digit(Int)
        /// Any other key: ignored.
        case other
    }

    /// What a key asks for.
    package enum Action: Equatable, Sendable {
        /// Nothing changed (a key that means nothing here, or a number still being typed).
        case none
        /// The cross moved or the map and the list swapped: draw again.
        case redraw
        /// Back to the prompt.
        case quit
        /// Open the place with this number.
        case open(Int)
        /// Show the weather at these coordinates.
        case point(latitude: Double, longitude: Double)
    }

    /// A cell of the map.
    package struct Cell: Equatable, Sendable {
        package var column: Int
        package var row: Int

        package init(column: Int, row: Int) {
            self.column = column
            self.row = row
        }
    }

    package let display: PlacesDisplay
    package let frame: MapFrame
    /// Where the cross is.
    package private(set) var cross: Cell
    /// True while the list is shown instead of the map.
    package private(set) var showsList = false
    /// The digits typed so far of a number that could still grow ("1" among 12 places), nil when none.
    package private(set) var typed: Int?

    /// The cross starts on the first place (the home, else the most recent), else in the middle of the frame.
    package init(display: PlacesDisplay, frame: MapFrame) {
        self.display = display
        self.frame = frame
        let start = display.rows.lazy.compactMap { frame.cell(latitude: $0.place.latitude, longitude: $0.place.longitude) }.first
        cross = start.map { Cell(column: $0.column, row: $0.row) } ?? Cell(column: frame.columns / 2, row: frame.rows / 2)
    }

    /// The same places in another frame (the window was resized): the cross on the cell of the point it was on (the
    /// nearest cell on the edge when that point is outside), the map or the list kept.
    package func refitted(to frame: MapFrame) -> MapExplorer {
        var refitted = MapExplorer(display: display, frame: frame)
        let point = point
        let (x, y) = frame.dot(latitude: point.latitude, longitude: point.longitude)
        refitted.cross = Cell(
            column: min(max(0, Int((x / 2).rounded(.down))), frame.columns - 1), row: min(max(0, Int((y / 4).rounded(.down))), frame.rows - 1))
        refitted.showsList = showsList
        return refitted
    }

    /// The number of the first place whose cell the cross is on, nil when it is on none.
    package var placeUnderCross: Int? {
        display.rows.first { row in
            frame.cell(latitude: row.place.latitude, longitude: row.place.longitude).map { Cell(column: $0.column, row: $0.row) } == cross
        }?.number
    }

    /// The point under the cross, longitude in -180..<180.
    package var point: (latitude: Double, longitude: Double) { frame.coordinate(column: cross.column, row: cross.row) }

    /// The point under the cross as it would be typed at the prompt: "48.86, -2.35" (two decimals, about a
    /// kilometre, finer than a cell).
    package var pointText: String {
        let point = point
        return Self.typed(point.latitude) + ", " + Self.typed(point.longitude)
    }

    /// A coordinate with two decimals, "-0.05".
    static func typed(_ degrees: Double) -> String {
        let hundredths = Int((abs(degrees) * 100).rounded())
        let fraction = hundredths % 100
        return (degrees < 0 && hundredths > 0 ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// Takes one key. A digit opens its place at once unless a longer number could follow ("1" among 12 places),
    /// which Enter or the next digit settles; a number with no place is ignored.
    package mutating func handle(_ key: Key) -> Action {
        let pending = typed
        typed = nil
        switch key {
        case .digit(let digit):
            let number = (pending ?? 0) * 10 + digit
            guard number >= 1, number <= display.rows.count else { return .none }
            if number * 10 <= display.rows.count {
                typed = number
                return .none
            }
            return .open(number)
        case .enter:
            if let pending { return .open(pending) }
            guard !showsList else { return .none }
            // On a place's own cell (its pin drawn with the cross), the place itself, not whatever the gazetteer names
            // nearest the cell's middle.
            if let place = placeUnderCross { return .open(place) }
            let point = point
            return .point(latitude: point.latitude, longitude: point.longitude)
        case .toggle:
            showsList.toggle()
            return .redraw
        case .quit:
            return .quit
        case .up, .down, .left, .right:
            guard !showsList else { return .none }
            let moved = switch key {
            case .up: Cell(column: cross.column, row: max(0, cross.row - 1))
            case .down: Cell(column: cross.column, row: min(frame.rows - 1, cross.row + 1))
            case .left: Cell(column: max(0, cross.column - 1), row: cross.row)
            default: Cell(column: min(frame.columns - 1, cross.column + 1), row: cross.row)
            }
            guard moved != cross else { return .none }
            cross = moved
            return .redraw
        case .other:
            return .none
        }
    }
}
