import WeatherCore

/// How to name a place on the command line so that a search finds it and no other.
enum PlaceNaming {
    /// "London, CA" when no other place of that name is in the same country; else its coordinates, which always
    /// find it ("42.9834, -81.233").
    static func query(for place: Place, among places: [Place]) -> String {
        if let country = place.country,
            places.filter({ $0.name == place.name && $0.country == country }).count == 1
        {
            return "\(place.name), \(country)"
        }
        return Place.coordinateName(place.latitude, place.longitude)
    }
}
