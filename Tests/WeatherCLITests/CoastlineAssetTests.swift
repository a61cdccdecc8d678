import Testing
@testable import WeatherCLI

/// The built-in coastlines (scripts/generate-coastlines.py): read, closed, and damaged copies refused.
struct CoastlineAssetTests {
    static let table = Coastlines.shared.table

    @Test func theBuiltInAssetIsReadAndNamesItsSource() throws {
        let table = try #require(Self.table)
        #expect(table.source.contains("Natural Earth"))
        #expect(table.arcs.count > 1000)
        #expect(table.longitudes.count == table.latitudes.count)
        #expect(Set(table.arcs.map(\.kind)) == [.coast, .border, .seam])
        for arc in table.arcs { #expect(arc.end - arc.start >= 2 && arc.west <= arc.east && arc.south <= arc.north) }
    }

    /// Coasts and seams close every piece of land (the map's land test counts on it): each end of an arc is the end
    /// of an even number of them.
    @Test func coastsAndSeamsCloseEveryPieceOfLand() throws {
        let table = try #require(Self.table)
        var ends: [[Double]: Int] = [:]
        for arc in table.arcs where arc.kind != .border {
            for index in [arc.start, arc.end - 1] { ends[[table.longitudes[index], table.latitudes[index]], default: 0] += 1 }
        }
        #expect(ends.values.allSatisfy { $0 % 2 == 0 })
    }

    /// Seams lie on the 180th meridian or at the South Pole, never across land.
    @Test func seamsLieOnlyWhereTheDataIsCut() throws {
        let table = try #require(Self.table)
        for arc in table.arcs where arc.kind == .seam {
            for index in arc.start..<arc.end - 1 {
                let (x1, x2) = (table.longitudes[index], table.longitudes[index + 1])
                let (y1, y2) = (table.latitudes[index], table.latitudes[index + 1])
                let onMeridian = x1 == x2 && abs(x1) == 180
                #expect(onMeridian || max(y1, y2) < -89.9, "\(x1),\(y1) to \(x2),\(y2)")
            }
        }
    }

    @Test func knownPlacesAreOnLandOrAtSea() throws {
        let table = try #require(Self.table)
        // A world frame with one cell a degree: Paris and Suva (on Fiji's Viti Levu, either side of 180°) on land,
        // mid-Atlantic and mid-Pacific at sea.
        let frame = MapFrame(west: -180, span: 360, south: -90, north: 90, columns: 180, rows: 45)
        let land = MapRenderer.land(of: table, in: frame)
        func isLand(_ latitude: Double, _ longitude: Double) -> Bool {
            guard let cell = frame.cell(latitude: latitude, longitude: longitude) else { return false }
            return land[cell.row * frame.columns + cell.column]
        }
        #expect(isLand(48.0, 2.0))
        #expect(isLand(-80.0, 90.0), "Antarctica, closed by its seams")
        #expect(isLand(-88.0, -179.0))
        #expect(isLand(62.0, 100.0), "Siberia")
        #expect(!isLand(30.0, -40.0))
        #expect(!isLand(-30.0, -140.0))
    }

    @Test func damagedCopiesAreRefused() throws {
        let table = try #require(Self.table)
        _ = table
        let size = ccoastlinesBytes()
        #expect(size.count > 100)
        #expect(throws: CoastlineTable.Damaged.self) { try CoastlineTable(bytes: Array(size.prefix(size.count - 1))) }
        #expect(throws: CoastlineTable.Damaged.self) { try CoastlineTable(bytes: Array("CST2".utf8) + size.dropFirst(4)) }
        #expect(throws: CoastlineTable.Damaged.self) { try CoastlineTable(bytes: size + [0]) }
        #expect(throws: CoastlineTable.Damaged.self) { try CoastlineTable(bytes: []) }
        var badKind = size
        badKind[13 + Int(size[12])] = 7  // the first arc's kind
        #expect(throws: CoastlineTable.Damaged.self) { try CoastlineTable(bytes: badKind) }
        #expect(throws: Never.self) { try CoastlineTable(bytes: size) }
    }

    /// The asset inflated, as the table reads it.
    func ccoastlinesBytes() -> [UInt8] { CoastlineTable.inflated() ?? [] }
}
