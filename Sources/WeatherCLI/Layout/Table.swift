/// Rows of styled cells laid out in columns that fit a width: when the natural layout is too wide, columns are
/// narrowed or dropped in the order a view states, and never left for the terminal to wrap. A column with short forms
/// shows a cell too wide for it in its short form (a condition's short word) rather than cut.
package struct Table: Sendable {
    /// One column: how its cells line up, and what happens to a cell wider than the column.
    package struct Column: Sendable {
        package var rightAligned = false
        /// True: a cell too wide for the column breaks at spaces onto more lines; false: it is cut with an ellipsis.
        package var wraps = false

        package init(rightAligned: Bool = false, wraps: Bool = false) {
            self.rightAligned = rightAligned
            self.wraps = wraps
        }
    }

    /// One way to make the table narrower.
    package enum Step: Equatable, Sendable {
        /// Leave a column out.
        case drop(Int)
        /// Leave columns out together (a pair such as low and high, never half of it).
        case dropAll([Int])
        /// Make a column at most this wide.
        case limit(Int, to: Int)
        /// Make a column as narrow as its short forms allow: each cell whole, or else its short form.
        case shorten(Int)
        /// Take from a column what the table is too wide by, down to `minimum`.
        case shrink(Int, minimum: Int)
    }

    /// Which columns are shown, and how wide each is.
    package struct Layout: Equatable, Sendable {
        package var shown: [Int]
        package var widths: [Int]

        /// True when column `index` is shown.
        package func contains(_ index: Int) -> Bool { shown.contains(index) }
    }

    package var columns: [Column]
    package var rows: [[Line]]
    package var gap = 2
    /// Shorter forms of a column's cells, by column, then row (nil: the cell has none), shown where a cell is wider
    /// than its column.
    package var shortForms: [Int: [Line?]] = [:]

    package init(columns: [Column], rows: [[Line]], gap: Int = 2, shortForms: [Int: [Line?]] = [:]) {
        self.columns = columns
        self.rows = rows
        self.gap = gap
        self.shortForms = shortForms
    }

    /// The cell at `row`, `column` as it fits `width`: whole, else its short form when that fits, else wrapped or cut.
    private func cell(_ row: Int, _ column: Int, width: Int, ellipsis: Span) -> [Line] {
        let cell = rows[row].indices.contains(column) ? rows[row][column] : Line()
        if cell.width <= width { return [cell] }
        if let short = shortForms[column]?[safe: row] ?? nil, short.width <= width { return [short] }
        return columns[column].wraps ? cell.wrapped(to: width) : [cell.truncated(to: width, ellipsis: ellipsis)]
    }

    /// The narrowest a column can be with every cell whole or in its short form.
    private func shortestWidth(_ column: Int) -> Int {
        rows.indices.map { row in
            let full = rows[row].indices.contains(column) ? rows[row][column].width : 0
            guard let short = shortForms[column]?[safe: row] ?? nil else { return full }
            return min(full, short.width)
        }.max() ?? 0
    }

    /// Applies `steps` in order until the table fits `width`; if it still does not, the widest wrapping (or else the
    /// last) column gives up what is left over.
    package func fit(_ width: Int, steps: [Step]) -> Layout {
        var widths = columns.indices.map { column in rows.map { $0.indices.contains(column) ? $0[column].width : 0 }.max() ?? 0 }
        var shown = Array(columns.indices)
        func total() -> Int {
            let visible = shown.filter { widths[$0] > 0 }
            return visible.map { widths[$0] }.reduce(0, +) + gap * max(0, visible.count - 1)
        }
        for step in steps where total() > width {
            switch step {
            case .drop(let column): shown.removeAll { $0 == column }
            case .dropAll(let columns): shown.removeAll { columns.contains($0) }
            case .limit(let column, let limit): widths[column] = min(widths[column], limit)
            case .shorten(let column): widths[column] = min(widths[column], shortestWidth(column))
            case .shrink(let column, let minimum): widths[column] = max(min(widths[column], minimum), widths[column] - (total() - width))
            }
        }
        if total() > width, let flexible = shown.filter({ columns[$0].wraps }).max(by: { widths[$0] < widths[$1] }) ?? shown.last {
            widths[flexible] = max(1, widths[flexible] - (total() - width))
        }
        return Layout(shown: shown.filter { widths[$0] > 0 }, widths: widths)
    }

    /// The rows laid out: cells padded, shortened, wrapped or cut to their column; a row may take several lines.
    package func render(_ layout: Layout, ellipsis: Span) -> [Line] {
        rows.indices.flatMap { row in renderRow(row, layout, ellipsis: ellipsis) }
    }

    /// Row `row` as lines.
    package func renderRow(_ row: Int, _ layout: Layout, ellipsis: Span) -> [Line] {
        let cells: [[Line]] = layout.shown.map { column in cell(row, column, width: layout.widths[column], ellipsis: ellipsis) }
        let height = cells.map(\.count).max() ?? 1
        let spacer = Line([Span(clean: String(repeating: " ", count: gap), look: nil)])
        return (0..<height).map { lineIndex in
            var spans: [Span] = []
            for (position, column) in layout.shown.enumerated() {
                let part = lineIndex < cells[position].count ? cells[position][lineIndex] : Line()
                if position > 0 { spans += spacer.spans }
                spans += part.padded(to: layout.widths[column], rightAligned: columns[column].rightAligned).spans
            }
            return Line(spans).trimmingTrailingSpaces
        }
    }
}

extension Line {
    /// The line without the spaces at its end.
    package var trimmingTrailingSpaces: Line {
        var spans = self.spans
        while let last = spans.last {
            var text = last.text
            while text.utf8.last == UInt8(ascii: " ") { text.removeLast() }
            if text.isEmpty {
                spans.removeLast()
                continue
            }
            spans[spans.count - 1] = Span(clean: text, look: last.look)
            break
        }
        return Line(spans)
    }
}

extension Array {
    /// The element at `index`, or nil past the ends.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
