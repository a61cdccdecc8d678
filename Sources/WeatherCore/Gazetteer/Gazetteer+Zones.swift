/// Cities by time zone: for a zone the tz database's zone1970.tab merged into another (`Europe/Oslo` into
/// `Europe/Berlin`), its own largest city.
extension Gazetteer {
    /// The most populous city whose time zone is `zone`; nil when none is (or the table cannot be read).
    package func largestCity(inZone zone: String) -> Place? {
        guard let table, let index = table.zones.firstIndex(of: zone) else { return nil }
        var best: (city: Int, population: Int)?
        table.forEachCity { city, population, zone, _, _ in
            guard zone == index, best.map({ population > $0.population }) ?? true else { return }
            best = (city, population)
        }
        return intact(table, best.map { table.place($0.city) }, else: nil)
    }
}

extension Gazetteer {
    /// The most populous city within `kilometres` of a point (a scan of every city: about a millisecond); nil when
    /// none is that near.
    package func largestCity(nearLatitude latitude: Double, longitude: Double, within kilometres: Double) -> Place? {
        guard let table, latitude.isFinite, longitude.isFinite else { return nil }
        let target = GazetteerTable.point(latitude: latitude, longitude: longitude)
        var best: (city: Int, population: Int)?
        table.forEachCity { city, population, _, cityLatitude, cityLongitude in
            let difference = GazetteerTable.point(latitude: cityLatitude, longitude: cityLongitude) - target
            guard GazetteerRanking.kilometres(chord: (difference * difference).sum().squareRoot()) <= kilometres,
                best.map({ population > $0.population }) ?? true
            else { return }
            best = (city, population)
        }
        return intact(table, best.map { table.place($0.city) }, else: nil)
    }
}
