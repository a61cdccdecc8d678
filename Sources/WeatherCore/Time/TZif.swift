/// Reads a TZif file (RFC 8536), version 2 or later: the 64-bit data block and the footer's POSIX rule. The
/// version 1 block is skipped; a file with leap seconds ("right/" zones), a version 1 file or anything malformed
/// gives nil, and the zone is then unknown.
package enum TZif {
    /// The largest zone file read: Debian's biggest is under 4 KB.
    package static let maximumSize = 64 * 1024

    /// The rules in `bytes`, named `name`; nil unless the file is whole and consistent.
    package static func rules(name: String, bytes: [UInt8]) -> ZoneRules? {
        guard bytes.count <= maximumSize else { return nil }
        var reader = Reader(bytes: bytes)
        guard let first = reader.header(), first.version >= UInt8(ascii: "2"),
            reader.skip(first.counts.block(timeSize: 4)),
            let header = reader.header(), header.version == first.version
        else { return nil }
        let counts = header.counts
        guard counts.leap == 0, counts.types >= 1, counts.characters >= 1,
            counts.isStandard == 0 || counts.isStandard == counts.types, counts.isUT == 0 || counts.isUT == counts.types
        else { return nil }
        var transitions: [Int64] = []
        transitions.reserveCapacity(counts.transitions)
        for _ in 0..<counts.transitions {
            guard let time = reader.integer(size: 8), transitions.last.map({ $0 < time }) ?? true else { return nil }
            transitions.append(time)
        }
        var typeIndices: [Int] = []
        typeIndices.reserveCapacity(counts.transitions)
        for _ in 0..<counts.transitions {
            guard let index = reader.integer(size: 1), index < counts.types else { return nil }
            typeIndices.append(Int(index))
        }
        var typeOffsets: [Int] = []
        for _ in 0..<counts.types {
            // utoff, isdst, desigidx; RFC 8536 keeps utoff within a day, -2^31 excluded.
            guard let offset = reader.signed32(), (-89_999...93_599).contains(offset),
                let isDaylight = reader.integer(size: 1), isDaylight <= 1,
                let designation = reader.integer(size: 1), designation < counts.characters
            else { return nil }
            typeOffsets.append(Int(offset))
        }
        guard reader.skip(counts.characters + counts.isStandard + counts.isUT) else { return nil }
        // The footer: "\n" rule "\n", the rule possibly empty.
        guard reader.take(UInt8(ascii: "\n")), let footer = reader.line(), reader.atEnd else { return nil }
        var rule: POSIXZoneRule?
        if !footer.isEmpty {
            guard let parsed = POSIXZoneRule(footer) else { return nil }
            rule = parsed
        }
        return ZoneRules(
            name: name, transitions: transitions, offsets: typeIndices.map { typeOffsets[$0] }, initialOffset: typeOffsets[0],
            rule: rule)
    }

    /// The six counts of a header.
    struct Counts {
        var isUT: Int, isStandard: Int, leap: Int, transitions: Int, types: Int, characters: Int

        /// The size of the data block that follows, with `timeSize`-byte times (4 in version 1, 8 after).
        func block(timeSize: Int) -> Int {
            transitions * timeSize + transitions + types * 6 + characters + leap * (timeSize + 4) + isStandard + isUT
        }
    }

    /// Big-endian reads that fail, rather than trap, past the end.
    struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func header() -> (version: UInt8, counts: Counts)? {
            guard index + 44 <= bytes.count, Array(bytes[index..<index + 4]) == Array("TZif".utf8) else { return nil }
            let version = bytes[index + 4]
            index += 20
            var values: [Int] = []
            for _ in 0..<6 {
                // Each count stays far below 2^31 in a file of at most 64 KB; larger ones fail `skip`.
                guard let value = integer(size: 4), value <= Int64(TZif.maximumSize) else { return nil }
                values.append(Int(value))
            }
            return (version, Counts(isUT: values[0], isStandard: values[1], leap: values[2], transitions: values[3], types: values[4], characters: values[5]))
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, count <= bytes.count - index else { return false }
            index += count
            return true
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// An unsigned integer of 1 or 4 bytes, or a signed one of 8.
        mutating func integer(size: Int) -> Int64? {
            guard size <= bytes.count - index else { return nil }
            var value: UInt64 = 0
            for byte in bytes[index..<index + size] { value = value << 8 | UInt64(byte) }
            index += size
            return size == 8 ? Int64(bitPattern: value) : Int64(value)
        }

        mutating func signed32() -> Int32? {
            integer(size: 4).map { Int32(bitPattern: UInt32(truncatingIfNeeded: $0)) }
        }

        /// ASCII up to a newline, which is consumed; nil without one.
        mutating func line() -> String? {
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let text = bytes[index..<end]
            guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            index = end + 1
            return String(decoding: text, as: UTF8.self)
        }
    }
}
