/// The keys of `MapExplorer`, decoded from the bytes a terminal sends.
package enum MapKey {
    /// The first key in `bytes` and how many bytes it took; nil when they are only the start of an escape sequence
    /// that more bytes may complete (`ESC` alone is Esc only once no more come: the caller decides, after a wait).
    package static func decode(_ bytes: [UInt8]) -> (key: MapExplorer.Key, length: Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B:
            guard bytes.count > 1 else { return nil }
            // CSI (ESC [) or SS3 (ESC O, an application-mode cursor key): its final byte says which key.
            guard bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") else { return (.quit, 1) }
            guard let end = bytes.indices.dropFirst(2).first(where: { (0x40...0x7E).contains(bytes[$0]) }) else {
                return bytes.count > 16 ? (.other, bytes.count) : nil
            }
            let key: MapExplorer.Key = switch bytes[end] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            default: .other
            }
            return (key, end + 1)
        case UInt8(ascii: "k"): return (.up, 1)
        case UInt8(ascii: "j"): return (.down, 1)
        case UInt8(ascii: "h"): return (.left, 1)
        case UInt8(ascii: "l"): return (.right, 1)
        case UInt8(ascii: "v"), UInt8(ascii: "V"): return (.toggle, 1)
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: return (.quit, 1)
        case UInt8(ascii: "\r"), UInt8(ascii: "\n"): return (.enter, 1)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return (.digit(Int(first - UInt8(ascii: "0"))), 1)
        default:
            // One character, however many bytes its UTF-8 takes.
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            return (.other, min(length, bytes.count))
        }
    }
}
