import FoundationEssentials

/// The places followed (`:places`): the home and the recent cities, and `:forget`, which takes one off the list.
extension WeatherApp {
    /// The home first, then the recent cities, most recent first, each location once.
    package var followedPlaces: [Place] {
        var places = preferences.home.map { [$0] } ?? []
        for place in preferences.recentCities where !places.contains(where: { $0.isSameLocation(as: place) }) {
            places.append(place)
        }
        return places
    }

    /// `:forget N` (a number of the list shown last, `:places`' or `:recent`'s, else of `:places`' order) or
    /// `:forget NAME` (a place followed, as a search names a recent city): the place leaves the recent list and Tab's
    /// names. The home stays: it is changed with `:home`.
    func forget(_ target: String) {
        let list = listedRecent ?? followedPlaces
        let chosen: Place
        if let number = Int(target) {
            guard list.indices.contains(number - 1) else {
                let key = list.isEmpty ? "error.forget.none" : "error.forget.range"
                return emit(.failed(.invalidInput(Phrase(key, ["count": String(list.count)]))))
            }
            chosen = list[number - 1]
        } else {
            let key = target.sanitizedForTerminal.matchKey
            let followed = followedPlaces
            guard let named = followed.first(where: { $0.displayName.matchKey == key }) ?? followed.first(where: { $0.name.matchKey == key })
                ?? Self.stored(PlaceSearch(target), among: followed)
            else {
                return emit(.failed(.invalidInput(Phrase("error.forget.unknown", ["name": String(target.sanitizedForTerminal.prefix(60))]))))
            }
            chosen = named
        }
        guard preferences.recentCities.contains(where: { $0.isSameLocation(as: chosen) }) else {
            return emit(.failed(.invalidInput(Phrase("error.forget.home", ["name": chosen.displayName]))))
        }
        change { $0.forget(chosen) }
        emit(.forgotten(chosen))
        // A home that was a recent city too is still followed, under the same number.
        guard !(preferences.home?.isSameLocation(as: chosen) ?? false) else { return }
        listedRecent = listedRecent?.filter { !$0.isSameLocation(as: chosen) }
        if listedRecent?.isEmpty == true { listedRecent = nil }
        if screen == .places { models.places.remove(chosen) }
        if screen == .map { models.map.remove(chosen) }
    }
}
