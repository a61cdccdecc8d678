/// Reading an asset built into the program by a script of scripts/ (the coastlines' and MeteoAlarm's areas' layouts:
/// little-endian counts, LEB128 varints, zigzag deltas): a cursor that throws `AssetBytes.Short` rather than read past
/// the end, so that a damaged asset is refused, never a crash.
package struct AssetBytes {
    /// What a read past the end, or a varint running on past 35 bits, throws.
    package struct Short: Error {}

    package let bytes: [UInt8]
    package private(set) var offset = 0

    package init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var isAtEnd: Bool { offset == bytes.count }

    package mutating func byte() throws(Short) -> UInt8 {
        guard offset < bytes.count else { throw Short() }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func u32() throws(Short) -> Int {
        var value = 0
        for shift in stride(from: 0, to: 32, by: 8) { value |= Int(try byte()) << shift }
        return value
    }

    package mutating func varint() throws(Short) -> Int {
        var value = 0
        for shift in stride(from: 0, to: 35, by: 7) {
            let next = try byte()
            value |= Int(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
        }
        throw Short()
    }

    package mutating func zigzag() throws(Short) -> Int {
        let value = try varint()
        return (value >> 1) ^ -(value & 1)
    }

    /// `length` bytes as UTF-8 text.
    package mutating func text(_ length: Int) throws(Short) -> String {
        guard length <= bytes.count - offset else { throw Short() }
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    /// A built-in zlib asset inflated into a buffer of the size the build recorded: nil when `inflate` (the C target's,
    /// which returns the bytes written, 0 on failure) gives another size.
    package static func inflated(size: Int, _ inflate: (UnsafeMutablePointer<UInt8>, Int) -> Int) -> [UInt8]? {
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            initialized = buffer.baseAddress.map { inflate($0, size) } ?? 0
        }
        return bytes.count == size && size > 0 ? bytes : nil
    }
}
