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
        if (0x20..<0x7F).contains(v) || (0xAE..<0x300).contains(v) || (0x2190...0x21FF).contains(v) || (0x2500...0x25FC).contains(v) {
            return 1
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
            || wideSymbols.contains(where: { $0.contains(v) })
        {
            return 2
        }
        return 1
    }

    /// The symbols before the CJK blocks that Unicode makes wide (East Asian Width W: emoji such as ⚡ U+26A1, ☔, ⭐).
    static let wideSymbols: [ClosedRange<UInt32>] = [
        0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3, 0x25FD...0x25FE,
        0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB,
        0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3,
        0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0,
        0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    ]
}
