import Testing
@testable import WeatherCore

/// Coordinates in, the nearest city out: 50 points a few kilometres from the centres of towns with no other town of
/// 15,000 people nearer (facts about the places, not copied answers), and the k-d tree held to a plain scan.
struct GazetteerReverseTests {
    struct Point: CustomTestStringConvertible, Sendable {
        var name: String
        var country: String
        var latitude: Double
        var longitude: Double
        var testDescription: String { name }
        init(_ name: String, _ country: String, _ latitude: Double, _ longitude: Double) {
            (self.name, self.country, self.latitude, self.longitude) = (name, country, latitude, longitude)
        }
    }

    /// Each point is moved 0.02° north and east of the town, so it is not on the table's coordinates. (Not Honolulu,
    /// Nairobi or Halifax: GeoNames lists their districts, and Dartmouth across the harbour, as towns of their own.)
    static let points: [Point] = [
        .init("Reykjavík", "IS", 64.14, -21.90), .init("Anchorage", "US", 61.22, -149.90), .init("Hilo", "US", 19.72, -155.08),
        .init("Darwin", "AU", -12.46, 130.84), .init("Hobart", "AU", -42.88, 147.33), .init("Alice Springs", "AU", -23.70, 133.88),
        .init("Cairns", "AU", -16.92, 145.77), .init("Townsville", "AU", -19.26, 146.82), .init("Christchurch", "NZ", -43.53, 172.63),
        .init("Dunedin", "NZ", -45.87, 170.50), .init("Invercargill", "NZ", -46.41, 168.35), .init("Mombasa", "KE", -4.05, 39.67),
        .init("Windhoek", "NA", -22.56, 17.08), .init("Gaborone", "BW", -24.65, 25.91), .init("Ulaanbaatar", "MN", 47.91, 106.88),
        .init("Lhasa", "CN", 29.65, 91.10), .init("Tromsø", "NO", 69.65, 18.96), .init("Bodø", "NO", 67.28, 14.40),
        .init("Murmansk", "RU", 68.97, 33.09), .init("Arkhangelsk", "RU", 64.54, 40.54), .init("Yakutsk", "RU", 62.03, 129.73),
        .init("Magadan", "RU", 59.57, 150.80), .init("Irkutsk", "RU", 52.30, 104.30), .init("Ushuaia", "AR", -54.80, -68.30),
        .init("Punta Arenas", "CL", -53.16, -70.91), .init("Puerto Montt", "CL", -41.47, -72.94), .init("Iquitos", "PE", -3.75, -73.25),
        .init("Manaus", "BR", -3.10, -60.02), .init("Galway", "IE", 53.27, -9.05), .init("Inverness", "GB", 57.48, -4.22),
        .init("Aberdeen", "GB", 57.15, -2.10), .init("Bergen", "NO", 60.39, 5.32), .init("Trondheim", "NO", 63.43, 10.40),
        .init("Oulu", "FI", 65.01, 25.47), .init("Rovaniemi", "FI", 66.50, 25.72), .init("Fairbanks", "US", 64.84, -147.72),
        .init("Juneau", "US", 58.30, -134.42), .init("Whitehorse", "CA", 60.72, -135.05), .init("Yellowknife", "CA", 62.45, -114.37),
        .init("St. John's", "CA", 47.56, -52.71), .init("Charlottetown", "CA", 46.24, -63.13), .init("Nouméa", "NC", -22.28, 166.46),
        .init("Suva", "FJ", -18.14, 178.44), .init("Port Moresby", "PG", -9.44, 147.18), .init("Kathmandu", "NP", 27.72, 85.32),
        .init("Salt Lake City", "US", 40.76, -111.89), .init("El Paso", "US", 31.76, -106.49), .init("Perth", "GB", 56.40, -3.43),
        .init("Las Palmas de Gran Canaria", "ES", 28.10, -15.41), .init("Funchal", "PT", 32.67, -16.92),
    ]

    @Test func fiftyPoints() { #expect(Self.points.count == 50) }

    @Test(arguments: points) func theNearestCityIsTheTown(_ point: Point) throws {
        let found = try #require(Gazetteer.shared.nearest(latitude: point.latitude + 0.02, longitude: point.longitude + 0.02))
        // The town by its name or an alternate ("Ulaanbaatar" is GeoNames' "Ulan Bator").
        let named = Gazetteer.shared.search("\(point.name), \(point.country)", limit: 50)
        #expect(named.contains(found.place), "\(found.place.displayName)")
        #expect(found.place.country == point.country)
        #expect(found.kilometres < 15, "\(found.kilometres) km")
        #expect(found.place.timeZone != nil)
    }

    /// The tree's answer is the scan's for points all over the globe, poles and the antimeridian included.
    @Test func theTreeFindsWhatAScanFinds() throws {
        let table = try #require(Gazetteer.shared.table)
        var generator = SplitMix(seed: 25)
        var points = [(90.0, 0.0), (-90.0, 0.0), (0.0, 180.0), (0.0, -180.0), (51.5, -0.1), (-41.0, 174.9)]
        for _ in 0..<300 {
            points.append((generator.unit() * 180 - 90, generator.unit() * 360 - 180))
        }
        // Every city's point read once, the scan in plain arithmetic: 306 scans of 34,006 points through the table and
        // SIMD took 20 s in a debug build, holding the test threads the others needed.
        let cities = (0..<table.count).map { table.point(of: $0) }
        let (xs, ys, zs) = (cities.map(\.x), cities.map(\.y), cities.map(\.z))
        for (latitude, longitude) in points {
            let found = try #require(Gazetteer.shared.nearest(latitude: latitude, longitude: longitude))
            let target = GazetteerTable.point(latitude: latitude, longitude: longitude)
            var best = Double.infinity
            for index in xs.indices {
                let (dx, dy, dz) = (xs[index] - target.x, ys[index] - target.y, zs[index] - target.z)
                best = min(best, dx * dx + dy * dy + dz * dz)
            }
            let foundPoint = GazetteerTable.point(latitude: found.place.latitude, longitude: found.place.longitude)
            #expect(((foundPoint - target) * (foundPoint - target)).sum() <= best * (1 + 1e-9) + 1e-15, "\(latitude), \(longitude)")
        }
    }

    @Test func coordinatesOffTheMapFindNothing() {
        #expect(Gazetteer.shared.nearest(latitude: .nan, longitude: 0) == nil)
        #expect(Gazetteer.shared.nearest(latitude: 0, longitude: .infinity) == nil)
    }

    /// A small, seeded generator: the same points every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func unit() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }
}
