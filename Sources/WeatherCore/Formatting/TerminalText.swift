import Foundation
import HTTPKit

extension StringProtocol {
    /// The text without leading and trailing white space (spaces, tabs, line breaks). Pure Swift: Foundation's
    /// `trimmingCharacters(in:)` goes through NSString, whose first use costs about half a millisecond.
    package var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}

extension String {
    /// The text with control characters, escape sequences and bidirectional overrides removed,
    /// so nothing typed or received can move the cursor, recolour or rewrite the terminal.
    package var sanitizedForTerminal: String {
        guard unicodeScalars.contains(where: { $0.isUnsafeForTerminal }) else { return self }
        var result = String.UnicodeScalarView()
        var scalars = unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                // Drop a CSI or OSC sequence whole, not just its ESC.
                if let next = scalars.next(), next == "[" || next == "]" {
                    while let c = scalars.next() {
                        if next == "[", (0x40...0x7E).contains(c.value) { break }
                        if next == "]", c == "\u{07}" || c == "\u{1B}" { break }
                    }
                }
                continue
            }
            if scalar.isUnsafeForTerminal { continue }
            result.append(scalar)
        }
        return String(result)
    }
}
