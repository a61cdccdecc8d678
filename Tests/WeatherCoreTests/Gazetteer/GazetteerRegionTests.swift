import Testing
@testable import WeatherCore

/// The large cities a one-place map adds around its place: the region's most populous, the place's own city left out,
/// across the 180th meridian too.
struct GazetteerRegionTests {
    @Test func londonsRegionIsItsLargestNeighboursMostPopulousFirst() {
        let cities = Gazetteer.shared.largeCities(around: 51.5085, -0.1257)
        let names = cities.map(\.name)
        #expect(names.contains("Birmingham") && names.contains("Paris"), "\(names)")
        #expect(!names.contains("London"))  // the place's own city: its pin is there
        #expect(cities.count == Gazetteer.regionCityLimit)
        #expect(cities.allSatisfy { abs($0.latitude - 51.5085) <= Gazetteer.regionHalfHeight })
        // Most populous first: Paris before Birmingham.
        #expect((names.firstIndex(of: "Paris") ?? .max) < (names.firstIndex(of: "Birmingham") ?? .max))
    }

    @Test func aRegionAcrossTheDateLineHasCitiesOnBothSidesAndTheOpenSeaNone() {
        // Suva (Fiji, 178.4° E): Lautoka west of it, Nuku'alofa (Tonga, 175.2° W) past 180°.
        let fiji = Gazetteer.shared.largeCities(around: -18.14, 178.44, minimumPopulation: 15_000)
        #expect(fiji.contains { $0.longitude > 0 } && fiji.contains { $0.longitude < 0 }, "\(fiji.map(\.name))")
        #expect(fiji.allSatisfy { abs(($0.longitude - 178.44).remainder(dividingBy: 360)) <= 20 }, "\(fiji.map(\.name))")
        #expect(Gazetteer.shared.largeCities(around: -40, -130).isEmpty)  // the South Pacific
        #expect(Gazetteer.shared.largeCities(around: .nan, 0).isEmpty)
        #expect(Gazetteer.shared.largeCities(around: 48.85, 2.35, limit: 3).count == 3)
    }
}
