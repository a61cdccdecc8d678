import Glibc

extension Gazetteer {
    /// The region a one-place map shows around its place: this many degrees of latitude either side, and as many
    /// kilometres east and west (more degrees of longitude away from the equator). A map drawn wider than tall
    /// shows more of it east–west; a city outside the frame drawn is simply not on it.
    package static let regionHalfHeight = 6.0
    /// The most cities a regional map adds, and the fewest people one must have.
    package static let regionCityLimit = 16
    package static let regionMinimumPopulation = 100_000

    /// The largest cities around a point (most populous first, at most `limit`, none within a few kilometres of the
    /// point itself, which is already on the map): a regional map's cities. One pass over the table (34,006 cities,
    /// well under a millisecond); empty without the table or for a point that is not finite.
    package func largeCities(
        around latitude: Double, _ longitude: Double, limit: Int = regionCityLimit, minimumPopulation: Int = regionMinimumPopulation
    ) -> [Place] {
        guard let table, latitude.isFinite, longitude.isFinite, limit > 0 else { return [] }
        let halfHeight = Self.regionHalfHeight
        let halfWidth = min(180, halfHeight * 2 / max(0.2, cos(latitude * .pi / 180)))
        var found: [(population: Int, city: Int)] = []
        for city in 0..<table.count {
            let population = table.population(of: city)
            guard population >= minimumPopulation, abs(table.latitude(of: city) - latitude) <= halfHeight else { continue }
            let east = abs((table.longitude(of: city) - longitude).remainder(dividingBy: 360))
            guard east <= halfWidth else { continue }
            // Not the point's own city (its pin is there).
            guard abs(table.latitude(of: city) - latitude) > 0.05 || east > 0.05 else { continue }
            found.append((population, city))
        }
        return found.sorted { $0.population > $1.population }.prefix(limit).map { table.place($0.city) }
    }
}
