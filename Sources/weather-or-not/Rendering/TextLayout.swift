/// Column layout by display width: wide (CJK, emoji) characters take two columns, combining marks none.
enum TextLayout {
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + scalarWidth($1) }
    }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
        {
            return 2
        }
        return 1
    }

    /// The text padded with spaces to `columns` display columns (left-aligned).
    static func pad(_ text: String, _ columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    /// The text right-aligned in `columns`.
    static func padLeft(_ text: String, _ columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - width(text))) + text
    }

    /// The text cut to `columns`, with "…" (or "...") when cut.
    static func truncate(_ text: String, _ columns: Int, unicode: Bool = true) -> String {
        guard width(text) > columns else { return text }
        let ellipsis = unicode ? "…" : "..."
        var result = ""
        var used = 0
        for character in text {
            let w = width(String(character))
            if used + w > columns - width(ellipsis) { break }
            result.append(character)
            used += w
        }
        return result + ellipsis
    }

    /// Lays rows out in columns, each as wide as its widest cell; `rightAligned` columns line up their ends.
    /// `ascii` converts every cell to plain ASCII first, so columns line up after the conversion.
    static func table(_ rows: [[String]], rightAligned: Set<Int> = [], gap: Int = 2, ascii: Bool = false) -> [String] {
        let rows = ascii ? rows.map { $0.map(\.asciiOnly) } : rows
        let columnCount = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columnCount)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], width(cell)) }
        }
        let spacer = String(repeating: " ", count: gap)
        return rows.map { row in
            var line = ""
            for (i, cell) in row.enumerated() {
                if i > 0 { line += spacer }
                line += rightAligned.contains(i) ? padLeft(cell, widths[i]) : (i == row.count - 1 ? cell : pad(cell, widths[i]))
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
