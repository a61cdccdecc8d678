/// Draws a map for the terminal: the coastlines and borders inside its frame in Braille dots, land told from sea
/// by a faint stipple when there is colour, and each pin's number on its place with its label ("Paris 12°") beside it
/// (`PinLayout`). Without colour the map is the same characters less the stipple; on a terminal that is not UTF-8 the
/// dots become ASCII marks.
package struct MapRenderer: Sendable {
    package let style: Style
    /// nil when the built-in asset could not be read: the pins are drawn on an empty frame.
    let table: CoastlineTable?

    /// The longest name a label shows before it is cut with an ellipsis.
    static let longestName = 20

    package init(style: Style, coastlines: Coastlines = .shared) {
        self.init(style: style, table: coastlines.table)
    }

    init(style: Style, table: CoastlineTable?) {
        self.style = style
        self.table = table
    }

    /// The pins' map, framed to them (`MapFrame.fitting`) at `columns` (40 to 200) and at most `maxRows` rows.
    package func draw(_ pins: [MapPin], columns: Int, maxRows: Int = MapFrame.maximumRows) -> MapPicture {
        let frame = MapFrame.fitting(pins.map { ($0.latitude, $0.longitude) }, columns: columns, maxRows: maxRows)
        return draw(pins, in: frame)
    }

    /// The pins' map in a given frame, with a cross (`+`) on a cell when one is given: placed before the pins, so
    /// that no number or label hides it.
    package func draw(_ pins: [MapPin], in frame: MapFrame, cross: MapExplorer.Cell? = nil) -> MapPicture {
        let ground = Ground(table, in: frame, stippled: style.color && style.unicode)
        let marks = Marks(pins, in: frame, style: style, cross: cross)
        return MapPicture(
            frame: frame, lines: (0..<frame.rows).map { line($0, ground: ground, marks: marks, frame: frame) },
            numbersShown: marks.numbersShown, labelsShown: marks.labelsShown)
    }

    /// What lies under the pins: the coasts' and the borders' dots, and which cells are land (when stippled).
    struct Ground {
        var coasts: BrailleCanvas
        var borders: BrailleCanvas
        var land: [Bool]?

        init(_ table: CoastlineTable?, in frame: MapFrame, stippled: Bool) {
            coasts = BrailleCanvas(columns: frame.columns, rows: frame.rows)
            borders = BrailleCanvas(columns: frame.columns, rows: frame.rows)
            land = nil
            guard let table else { return }
            for arc in table.arcs {
                switch arc.kind {
                case .coast: MapRenderer.trace(arc, of: table, in: frame, on: &coasts)
                case .border: MapRenderer.trace(arc, of: table, in: frame, on: &borders)
                case .seam: break
                }
            }
            if stippled { land = MapRenderer.land(of: table, in: frame) }
        }
    }

    /// The pins' numbers and labels as text, by the cell each starts at (`PinLayout` placed them), and the cells
    /// either side of each, left blank so that no dot runs into the text.
    struct Marks {
        var texts: [Int: (width: Int, spans: [Span])] = [:]
        var margins = Set<Int>()
        var numbersShown: [Int] = []
        var labelsShown: [Int] = []

        init(_ pins: [MapPin], in frame: MapFrame, style: Style, cross: MapExplorer.Cell? = nil) {
            var placed: [(pin: MapPin, cell: (column: Int, row: Int), number: Span, label: [Span])] = []
            for pin in pins {
                guard let cell = frame.cell(latitude: pin.latitude, longitude: pin.longitude) else { continue }
                let name = style.line(pin.name).truncated(to: MapRenderer.longestName, ellipsis: style.ellipsis).spans
                let temperature = pin.temperature.map { [style.span(" "), style.span($0, pin.celsius.map { .temperature(celsius: $0) })] } ?? []
                let mark = pin.isNumbered ? String(pin.number) : style.unicode ? "•" : "*"
                placed.append((pin, cell, style.span(mark, .map(pin.isNumbered ? .pin : .city)), name + temperature))
            }
            // The cross on a numbered pin's cell takes that pin with it: its number just left of the cross ("1+"), or
            // right of it at the frame's left edge ("+1"), and its label beside the two; so the opening map, whose
            // cross starts on place 1, still shows every place.
            let carried = cross.flatMap { cross in placed.firstIndex { $0.pin.isNumbered && $0.cell == (cross.column, cross.row) } }
            var crossItem: (item: PinLayout.Item, spans: [Span])?
            if let cross {
                let plus = style.span("+", .map(.cross))
                crossItem = (PinLayout.Item(column: cross.column, row: cross.row, numberWidth: 1, labelWidth: 0), [plus])
                if let carried {
                    let number = placed[carried].number
                    let before = cross.column - number.width >= 0
                    crossItem = (
                        PinLayout.Item(
                            column: before ? cross.column - number.width : cross.column, row: cross.row, numberWidth: number.width + 1,
                            labelWidth: Line(placed[carried].label).width),
                        before ? [number, plus] : [plus, number])
                }
            }
            let layout = PinLayout(
                (crossItem.map { [$0.item] } ?? []) + placed.enumerated().map { offset, item in
                    PinLayout.Item(
                        column: item.cell.column, row: item.cell.row, numberWidth: offset == carried ? 0 : item.number.width,
                        labelWidth: Line(item.label).width)
                },
                columns: frame.columns, rows: frame.rows)
            func put(_ slot: PinLayout.Slot?, _ spans: [Span]) {
                guard let slot else { return }
                texts[slot.row * frame.columns + slot.column] = (slot.width, spans)
                for column in [slot.column - 1, slot.column + slot.width] where (0..<frame.columns).contains(column) {
                    margins.insert(slot.row * frame.columns + column)
                }
            }
            let offset = crossItem == nil ? 0 : 1
            if let crossItem {
                put(layout.numbers[0], crossItem.spans)
                if let carried { put(layout.labels[0], placed[carried].label) }
            }
            for (index, item) in placed.enumerated() {
                // The carried pin's number and label are the cross's item's.
                let layoutIndex = index == carried ? 0 : index + offset
                if index != carried {
                    put(layout.numbers[layoutIndex], [item.number])
                    put(layout.labels[layoutIndex], item.label)
                }
                guard item.pin.isNumbered else { continue }
                if layout.numbers[layoutIndex] != nil { numbersShown.append(item.pin.number) }
                if layout.labels[layoutIndex] != nil { labelsShown.append(item.pin.number) }
            }
        }
    }

    /// One row of the map: text where a pin's number or label starts, else the cell's dots (a coast's before a
    /// border's), the land's stipple, or a space; runs of one look joined, the spaces at its end dropped.
    func line(_ row: Int, ground: Ground, marks: Marks, frame: MapFrame) -> Line {
        var spans: [Span] = []
        var run = "", runLook: Look?
        func flush() {
            if !run.isEmpty { spans.append(style.span(run, runLook)) }
            run = ""
        }
        var column = 0
        while column < frame.columns {
            let cell = row * frame.columns + column
            if let text = marks.texts[cell] {
                flush()
                spans += text.spans
                column += text.width
                continue
            }
            let coast = ground.coasts.dots(column: column, row: row), border = ground.borders.dots(column: column, row: row)
            let (character, look): (Character, Look?)
            if marks.margins.contains(cell) {
                (character, look) = (" ", nil)
            } else if coast | border != 0 {
                (character, look) = (glyph(coast | border), .map(coast != 0 ? .coast : .border))
            } else if ground.land?[cell] == true {
                (character, look) = (BrailleCanvas.character(Self.stipple), .map(.land))
            } else {
                (character, look) = (" ", nil)
            }
            if look != runLook { flush() }
            runLook = look
            run.append(character)
            column += 1
        }
        if runLook == nil {
            while run.last == " " { run.removeLast() }
        }
        flush()
        return Line(spans)
    }

    /// The land's stipple: one dot low in the cell's left column.
    static let stipple: UInt8 = 0x04

    /// A cell's dots as one character: Braille, or on a terminal that is not UTF-8 an ASCII mark for the half that
    /// holds them (`'` the top, `.` the bottom, `:` both).
    func glyph(_ dots: UInt8) -> Character {
        if style.unicode { return BrailleCanvas.character(dots) }
        let top = dots & 0x1B != 0, bottom = dots & 0xE4 != 0
        return top && bottom ? ":" : top ? "'" : "."
    }

    /// Draws an arc's segments, once for each turn of the globe in which it meets the frame (a frame across the
    /// 180th meridian meets the arcs of both sides).
    static func trace(_ arc: CoastlineTable.Arc, of table: CoastlineTable, in frame: MapFrame, on canvas: inout BrailleCanvas) {
        guard arc.north >= frame.south, arc.south <= frame.north else { return }
        for turn in [0.0, 360.0] where arc.east + turn >= frame.west && arc.west + turn <= frame.west + frame.span {
            let offset = turn - frame.west
            let dx = frame.dotsPerLongitude, dy = frame.dotsPerLatitude
            var previous = ((table.longitudes[arc.start] + offset) * dx, (frame.north - table.latitudes[arc.start]) * dy)
            for index in arc.start + 1..<arc.end {
                let next = ((table.longitudes[index] + offset) * dx, (frame.north - table.latitudes[index]) * dy)
                canvas.line(from: previous, to: next)
                previous = next
            }
        }
    }

    /// Which cells' middles are on land: along each row, the crossings of the coasts and seams (which close every
    /// piece of land) with the row's latitude, counted from the west, odd meaning land.
    static func land(of table: CoastlineTable, in frame: MapFrame) -> [Bool] {
        let rowHeight = 4 / frame.dotsPerLatitude
        var crossings = [[Double]](repeating: [], count: frame.rows)
        for arc in table.arcs where arc.kind != .border && arc.north >= frame.south && arc.south <= frame.north {
            for index in arc.start..<arc.end - 1 {
                let y1 = table.latitudes[index], y2 = table.latitudes[index + 1]
                guard y1 != y2 else { continue }
                let low = min(y1, y2), high = max(y1, y2)
                // The rows whose middle latitude is in low..<high.
                let first = max(0, Int(((frame.north - high) / rowHeight - 0.5).rounded(.down)) + 1)
                let last = min(frame.rows - 1, Int(((frame.north - low) / rowHeight - 0.5).rounded(.down)))
                guard first <= last else { continue }
                let x1 = table.longitudes[index], x2 = table.longitudes[index + 1]
                for row in first...last {
                    let latitude = frame.north - (Double(row) + 0.5) * rowHeight
                    crossings[row].append(x1 + (latitude - y1) / (y2 - y1) * (x2 - x1))
                }
            }
        }
        var land = [Bool](repeating: false, count: frame.columns * frame.rows)
        for row in 0..<frame.rows {
            let sorted = crossings[row].sorted()
            for column in 0..<frame.columns {
                let longitude = frame.coordinate(column: column, row: row).longitude
                var low = 0, high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle] < longitude { low = middle + 1 } else { high = middle }
                }
                land[row * frame.columns + column] = low % 2 == 1
            }
        }
        return land
    }
}
