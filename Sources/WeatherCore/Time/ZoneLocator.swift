import FoundationEssentials

/// Finds the time zone of a place that came without one (OpenWeather's places, typed coordinates): the nearest
/// zone location of zone1970.tab among its country's zones, preferring a zone whose offset now equals the one the
/// provider reported.
package struct ZoneLocator: Sendable {
    package let files: ZoneFiles

    package init(files: ZoneFiles = .system) {
        self.files = files
    }

    /// The place's zone: its own when it names one the system knows, else the located one; else the provider's
    /// offset (`reported`, seconds east of UTC at `date`) when given; else unknown (UTC).
    package func zone(for place: Place, reported: Int? = nil, at date: Date = Date()) -> PlaceTimeZone {
        if let name = place.timeZone, let rules = files.rules(name) { return .zone(rules) }
        let candidates = ZoneLocation.nearest(latitude: place.latitude, longitude: place.longitude, country: place.country)
        for candidate in candidates {
            guard let rules = files.rules(candidate.name) else { continue }
            // With a reported offset, a zone that disagrees with it now is not the place's.
            if let reported, rules.offset(at: date) != reported { continue }
            return .zone(rules)
        }
        return reported.map(PlaceTimeZone.fixed) ?? .unknown
    }
}
