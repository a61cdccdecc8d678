import FoundationEssentials
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
    /// The one sanitiser for text from outside (a server, a file, the command line, the keyboard), applied where the
    /// text enters and again at every output: nothing in it can move the cursor, recolour, retitle the terminal, write
    /// the clipboard, reorder what follows or hide a character.
    ///
    /// - An escape sequence goes whole, whether started by ESC or by its C1 byte: CSI (`ESC [` or U+009B) up to its
    ///   final byte; OSC, DCS, SOS, PM and APC (`ESC ] P X ^ _`, U+009D U+0090 U+0098 U+009E U+009F) up to BEL or ST
    ///   (`ESC \` or U+009C), or to the end of the text; any other `ESC` with its intermediate and final bytes.
    /// - Every other C0 and C1 control, DEL and NUL goes; a line break (LF, CR, CR LF, NEL, U+2028, U+2029) or a tab
    ///   becomes one space.
    /// - Bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), zero-width characters
    ///   (U+200B–U+200D, U+2060, U+FEFF) and the replacement character go.
    package var sanitizedForTerminal: String {
        guard unicodeScalars.contains(where: { $0.isUnsafeForTerminal }) else { return self }
        var result = String.UnicodeScalarView()
        var input = ScalarReader(unicodeScalars.makeIterator())
        var breakWritten = false
        while let scalar = input.next() {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                // A line break or tab: one space, however many come together (CR LF is one break).
                if !breakWritten { result.append(" ") }
                breakWritten = true
                continue
            case 0x1B:
                guard let introducer = input.next() else { break }
                switch introducer {
                case "[": input.skipControlSequence()
                case "]", "P", "X", "^", "_": input.skipControlString()
                case " "..."/": input.skipIntermediatesAndFinal()  // "ESC ( B", "ESC # 8"
                case "0"..."~": break  // two bytes: "ESC c", "ESC 7"
                default: input.putBack(introducer)  // no sequence: only the ESC goes
                }
            case 0x9B: input.skipControlSequence()
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: input.skipControlString()
            default:
                guard !scalar.isUnsafeForTerminal else { break }
                result.append(scalar)
                breakWritten = false
            }
        }
        return String(result)
    }
}

/// The scalars of a text read once, with room to read one again: what ended an escape sequence early starts the
/// next thing.
private struct ScalarReader {
    private var scalars: String.UnicodeScalarView.Iterator
    /// Scalars to read again, the next one last.
    private var again: [Unicode.Scalar] = []

    init(_ scalars: String.UnicodeScalarView.Iterator) { self.scalars = scalars }

    mutating func next() -> Unicode.Scalar? {
        again.popLast() ?? scalars.next()
    }

    mutating func putBack(_ scalar: Unicode.Scalar) { again.append(scalar) }

    /// A CSI sequence's parameter and intermediate bytes and its final byte; a character that cannot be in one ends
    /// it and is read again.
    mutating func skipControlSequence() {
        while let c = next() {
            switch c.value {
            case 0x20...0x3F: continue
            case 0x40...0x7E: return
            default: return putBack(c)
            }
        }
    }

    /// A control string (OSC, DCS, SOS, PM, APC) up to its terminator: BEL or ST (`ESC \`, U+009C). Any other ESC
    /// ends it too and starts a sequence of its own, as terminals read it.
    mutating func skipControlString() {
        while let c = next() {
            switch c.value {
            case 0x07, 0x9C: return
            case 0x1B:
                guard let after = next() else { return }
                if after != "\\" {
                    putBack(after)
                    putBack(c)
                }
                return
            default: continue
            }
        }
    }

    /// The rest of an `ESC nF` sequence: intermediates, then one final byte.
    mutating func skipIntermediatesAndFinal() {
        while let c = next() {
            if (0x20...0x2F).contains(c.value) { continue }
            if !(0x30...0x7E).contains(c.value) { putBack(c) }
            return
        }
    }
}
