import WeatherCore

/// How to name a place on the command line so that a search finds it and no other.
enum PlaceNaming {
    /// "London, GB" when no other place of that name is in the same country and the code is no state's (a search reads
    /// "London, CA" as California first); "London, ON, CA" when a US state, Canadian province or Australian state
    /// tells it apart; else its coordinates, which always find it ("42.9834, -81.233").
    static func query(for place: Place, among places: [Place]) -> String {
        guard let country = place.country else { return Place.coordinateName(place.latitude, place.longitude) }
        let namesakes = places.filter { $0.name == place.name && $0.country == country }
        if namesakes.count == 1, !StateNames.isCode(country) { return "\(place.name), \(country)" }
        if let state = place.state, let code = StateNames.code(name: state, country: country),
            namesakes.filter({ $0.state == state }).count == 1
        {
            return "\(place.name), \(code), \(country)"
        }
        return Place.coordinateName(place.latitude, place.longitude)
    }
}
