import FoundationEssentials

/// Places: searches, picks from a list, recent cities shown from their stored coordinates (and, at the prompt, from
/// their cached copy), and the names the prompt shows and Tab offers.
extension WeatherApp {
    /// Shows a city: a recent one by its stored coordinates (no geocoding), anything else through a search.
    /// `quietly` finds the place without publishing its current weather (a one-shot's other views).
    package func search(_ text: String, quietly: Bool = false) async {
        screen = quietly ? nil : .current
        listedRecent = nil
        let outcome: RequestOutcome
        if let known = recentCity(named: text) {
            outcome = await showKnown(known, quietly: quietly) ? .updated : await current.show(known)
        } else {
            outcome = await current.search(text)
        }
        switch outcome {
        case .updated:
            lastSearchFailed = false
            guard let shown = current.place else { return }
            place = shown
            if current.matches.count > 1 { emit(.matches(current.matches, shown: current.shownIndex)) }
            remember(shown)
        case .failed(let error):
            lastSearchFailed = true
            current.forgetMatches()
            if case .placeNotFound = error {
                let near = PlaceSuggestions.closest(to: text, among: preferences.recentCities)
                if !near.isEmpty { emit(.suggestions(near)) }
            }
        case .cancelled:
            break
        }
    }

    /// Shows the last city's current weather (at launch): no geocoding, and no request while the cache is fresh. With
    /// `backgroundRefresh`, it returns without waiting for the network: an older copy is shown and refreshed in the
    /// background, and with none the weather is fetched in the background.
    package func resume() async {
        if place == nil, !offline, let guess = whereabouts.guess() {
            // A first launch, with no last city and no home: a place guessed from the time zone, said to be a guess
            // (not offline, whose samples are a few cities).
            emit(.guessed(guess))
            place = guess.place
        }
        guard let place else { return }
        screen = .current
        guard let backgroundRefresh, !offline else {
            await current.show(place)
            return
        }
        if await showKnown(place, quietly: false) { return }
        backgroundRefresh.refresh(place, in: current, report: reportRefresh())
    }

    /// With `backgroundRefresh`: shows a place's cached copy at once, refreshed in the background when it is not
    /// fresh. False, with nothing shown, when there is no copy (or no `backgroundRefresh`).
    func showKnown(_ place: Place, quietly: Bool) async -> Bool {
        guard let backgroundRefresh, !quietly else { return false }
        return await backgroundRefresh.showCopy(of: place, in: current, report: reportRefresh())
    }

    func pick(_ number: Int) async {
        if let listedRecent { return await pick(number, from: listedRecent) }
        if lastSearchFailed {
            return emit(.failed(.invalidInput(Phrase("error.pick.none"))))
        }
        screen = .current
        if await current.pick(number) == .updated, let shown = current.place {
            place = shown
            emit(.matches(current.matches, shown: current.shownIndex))
            remember(shown)
        }
    }

    /// `:pick N` under `:recent`'s list: that city, from its stored coordinates (no geocoding). The list keeps its
    /// numbers while the city becomes the most recent one.
    private func pick(_ number: Int, from list: [Place]) async {
        guard list.indices.contains(number - 1) else {
            return emit(.failed(.invalidInput(Phrase("error.pick.range", ["count": String(list.count)]))))
        }
        screen = .current
        let chosen = list[number - 1]
        let outcome = await showKnown(chosen, quietly: false) ? .updated : await current.show(chosen)
        guard outcome == .updated, let shown = current.place else { return }
        lastSearchFailed = false
        place = shown
        remember(shown)
    }

    // MARK: What the prompt shows

    /// The place's name for the prompt, made unambiguous when a recent city or a match has the same name
    /// ("London, CA"); nil before any place.
    package var promptName: String? {
        guard let place else { return nil }
        let name = place.name.isEmpty ? place.displayName : place.name
        let key = name.matchKey
        let namesakes = (preferences.recentCities + current.matches).filter {
            $0.name.matchKey == key && !$0.isSameLocation(as: place)
        }
        guard !namesakes.isEmpty else { return name }
        if let country = place.country, namesakes.allSatisfy({ $0.country != country }) { return "\(name), \(country)" }
        return place.displayName
    }

    /// Tab's candidates: recent cities, most recent first (and the samples' names in offline mode).
    package var completionCities: [String] {
        preferences.recentNames + (offline ? samplePlaceNames : [])
    }

    // MARK: Recent cities

    func remember(_ shown: Place) {
        guard store != nil else { return }
        var after = preferences
        after.remember(shown)
        if after != preferences { change { $0.remember(shown) } }  // the same city again: nothing to write
    }

    /// A recent city the text names, whose stored coordinates spare a geocoding request: named in full
    /// ("Springfield, Illinois, US"), or by its name alone, which means the one of that name shown last (picked from a
    /// list, say), in this session or an earlier one. Not in offline mode: there geocoding is free, and a recent city
    /// from live use may lie outside the samples while its name is among them.
    func recentCity(named text: String) -> Place? {
        guard !offline, !preferences.recentCities.isEmpty else { return nil }
        let key = text.sanitizedForTerminal.matchKey
        if let exact = preferences.recentCities.first(where: { $0.displayName.matchKey == key }) { return exact }
        if let picked = preferences.recentCities.first(where: { $0.name.matchKey == key }) { return picked }
        return Self.stored(PlaceSearch(text), among: preferences.recentCities)
    }

    /// The one stored place a "City, CC" search names ("London, GB", "Springfield, IL, US", "London, Ontario, CA"):
    /// same name, same country, and the state when one is named; nil when none or several are.
    static func stored(_ search: PlaceSearch, among places: [Place]) -> Place? {
        let name = search.name.matchKey
        var found: [Place] = []
        for reading in search.readings {
            guard let country = reading.country else { continue }
            for place in reading.filter(places) where !found.contains(place) {
                guard place.name.matchKey == name, place.country?.uppercased() == country else { continue }
                // Words no state filter covers ("London, Ontario, CA") must be the place's state.
                guard reading.qualifiers.allSatisfy({ $0 == place.state?.matchKey }) else { continue }
                found.append(place)
            }
        }
        return found.count == 1 ? found[0] : nil
    }
}
