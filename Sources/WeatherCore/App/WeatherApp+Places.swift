import FoundationEssentials

/// Places: searches, picks from a list, recent cities shown from their stored coordinates (and, at the prompt, from
/// their cached copy), and the names the prompt shows and Tab offers.
extension WeatherApp {
    /// Shows a city: a recent one by its stored coordinates (no geocoding), anything else through a search.
    /// `quietly` finds the place without publishing its current weather (a one-shot's other views).
    /// `listsAtOnce` false (`:home`, which must end on one place): an ambiguous name shows its first match, with the
    /// list of the others under it, as a piped run does, rather than the list alone.
    package func search(_ text: String, quietly: Bool = false, listsAtOnce: Bool = true) async {
        screen = quietly ? nil : .current
        listedRecent = nil
        let outcome: RequestOutcome
        if let known = recentCity(named: text) {
            outcome = await showKnown(known, quietly: quietly) ? .updated : await current.show(known)
        } else if let local = localAnswer(text) {
            switch local {
            case .ambiguous(let places) where !waitsForNames && !quietly && listsAtOnce:
                // At the prompt, the list at once and no request: `:pick N` asks for the one meant.
                lastSearchFailed = false
                current.offer(places)
                return emit(.matches(places, shown: -1))
            case .ambiguous(let places), .clear(let places):
                let names = naming(text, places[0])
                // Every connection the view waits for opens now, at once, on threads of their own: the weather's, the
                // UV index's and the geocoder's (each request then takes one over rather than opening its own once
                // its task runs, which left the last ones tens of milliseconds behind on a busy machine).
                // The air's connection too, and the minutes' where the place has them (`PreparedConnections.alongside`):
                // asked beside the weather, they would else open their own as it leaves, and come in after it.
                let (service, beside) = (current.service, AirBeside.urls(current.airSource) + NowcastBeside.urls(current.nowcastSource, at: places[0]))
                PreparedConnections.$alongside.withValue(beside) { service.prepareReport(naming: names != nil) }
                outcome = await current.show(
                    found: places, naming: names, lateNames: backgroundRefresh?.handoff,
                    renamed: { [weak self] place in self?.renamed(place) })
            case .unknown:
                outcome = await current.search(text)
            }
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

    /// A place `:compare` takes without asking a geocoder: a recent city by name, else one the gazetteer knows
    /// clearly, as the prompt finds it (the same word is the same place in both).
    func comparedPlace(_ text: String) -> Place? {
        if let recent = recentCity(named: text) { return recent }
        guard case .clear(let places)? = localAnswer(text) else { return nil }
        return places.first?.named(in: language)
    }

    /// What the gazetteer makes of typed text: a name it knows (clearly or not), or coordinates near one of its cities
    /// (named by it, no reverse geocoding). Nil for anything else, which goes to the provider as before, and always
    /// offline (the samples answer there) or without a gazetteer.
    private func localAnswer(_ text: String) -> Gazetteer.Answer? {
        guard let gazetteer, !offline, let query = try? LocationQuery.parse(text) else { return nil }
        // The table's first use inflates a block of keys and the groups of the cities found (about a millisecond):
        // the connections open once the answer is known, only those it needs, and none for a list.
        switch query {
        case .coordinates(let latitude, let longitude):
            guard let city = gazetteer.naming(latitude: latitude, longitude: longitude) else { return nil }
            var place = Place(
                name: city.name, state: city.state, country: city.country, latitude: latitude, longitude: longitude,
                timeZone: city.timeZone)
            place.names = city.names
            return .clear([place])
        case .name(let name):
            let answer = gazetteer.answer(name, near: preferences.recentCities)
            return answer == .unknown ? nil : answer
        }
    }

    /// True when a search's view waits for the names asked for beside the weather: runs that draw one view (piped,
    /// one-shot). The prompt draws the weather as soon as it arrives, and a name that comes later replaces the old one.
    private var waitsForNames: Bool { backgroundRefresh == nil }

    /// The geocoder's request beside the weather, for a place found on the machine, when it adds something the table
    /// does not know: the name in a language other than English (the table's names are GeoNames' own, mostly
    /// English), or the state (named by the table only in the US, Canada and Australia). Its answer is the same place
    /// as the provider lists it (`Place.isSamePlace`), or nil.
    private func naming(_ text: String, _ found: Place) -> (@Sendable () async -> Place?)? {
        // Coordinates are named by the table alone (no reverse geocoding); a name in English with its state is complete.
        guard case .name? = try? LocationQuery.parse(text), language != .english || found.state == nil else { return nil }
        let service = current.service
        return {
            // Its connection opened with the report's (`search`): it opens none ahead of a report of its own.
            let places = await PreparedConnections.$forSearch.withValue(true) { try? await service.places(matching: .name(text)) }
            return places?.first { $0.isSamePlace(as: found) }
        }
    }

    /// A name that came after the weather: the place the commands apply to and the recent list take it.
    private func renamed(_ named: Place) {
        guard let place, place.isSameLocation(as: named) else { return }
        self.place = named
        if preferences.recentCities.first?.isSameLocation(as: named) == true { remember(named) }
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
        guard let place = place?.named(in: language) else { return nil }
        let name = place.name.isEmpty ? place.displayName : place.name
        let key = name.matchKey
        let namesakes = (preferences.recentCities + current.matches).map { $0.named(in: language) }.filter {
            $0.name.matchKey == key && !$0.isSameLocation(as: place)
        }
        guard !namesakes.isEmpty else { return name }
        if let country = place.country, namesakes.allSatisfy({ $0.country != country }) { return "\(name), \(country)" }
        return place.displayName
    }

    /// Tab's candidates: recent cities, most recent first (and the samples' names in offline mode).
    package var completionCities: [String] {
        preferences.recentCities.map { $0.named(in: language).displayName } + (offline ? samplePlaceNames : [])
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
        // By its name in any language it is known in ("Londres" after `:lang en`), the one in force first.
        let languages = [language] + Language.allCases.filter { $0 != language }
        if let exact = preferences.recentCities.first(where: { place in
            place.displayName.matchKey == key || languages.contains { place.named(in: $0).displayName.matchKey == key }
        }) { return exact }
        if let picked = preferences.recentCities.first(where: { $0.allNames.contains { $0.matchKey == key } }) { return picked }
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
