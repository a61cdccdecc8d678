/// Display widths: wide (CJK, emoji) characters take two columns, combining marks none.
package enum TextWidth {
    package static func of(_ text: String) -> Int {
        // Printable ASCII, most of what is shown, is one column a byte: no Unicode property lookups.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + scalar($1) }
    }

    static func scalar(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        // Printable ASCII, Latin letters, arrows, box drawing and blocks (the graphs): one column, no lookup.
        if (0x20..<0x7F).contains(v) || (0xAE..<0x300).contains(v) || (0x2190...0x21FF).contains(v) || (0x2500...0x25FF).contains(v) {
            return 1
        }
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
}
