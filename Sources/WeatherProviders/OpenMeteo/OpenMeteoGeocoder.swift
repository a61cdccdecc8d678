import FoundationEssentials
import WeatherCore

/// Finds places with Open-Meteo's geocoding, which needs no key: MET Norway, which has none, uses it too.
///
/// "City, CC" asks for the country by `countryCode`; "City, ST", "City, ST, US" and "City, PR, CA" ask for the
/// country and keep the results in the state or province, each reading of the search at once (`PlaceSearch`); any
/// other qualifier ("London, Ontario") puts the results whose admin1 it names first. Names equal to the one typed
/// (accents and case aside) come before fuzzy matches ("London" before "Londonderry"); within each, the order is by
/// population, largest first (`OpenMeteoDecoding.places`).
package struct OpenMeteoGeocoder: Sendable {
    private let client: OpenMeteoClient
    private let fetcher: ResponseFetcher

    package init(client: OpenMeteoClient, cache: ResponseCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.init(client: client, fetcher: ResponseFetcher(cache: cache, now: now))
    }

    init(client: OpenMeteoClient, fetcher: ResponseFetcher) {
        self.client = client
        self.fetcher = fetcher
    }

    /// Every distinct place matching the query, best first; throws `WeatherError.placeNotFound` (quoting what was
    /// typed) when there is none. Coordinates are named by themselves: Open-Meteo has no reverse geocoding.
    /// `prepare` runs when the search goes to the network (not when the cache answers), to get the report's
    /// connection ready while the search is on the wire.
    package func places(matching query: LocationQuery, whileSearching prepare: @escaping @Sendable () -> Void = {}) async throws -> [Place] {
        switch query {
        case .coordinates(let lat, let lon):
            return [Place(name: Place.coordinateName(lat, lon), latitude: lat, longitude: lon)]
        case .name(let text):
            let search = PlaceSearch(text)
            let places = try await search.places { reading in
                let terms = Terms(name: search.name, reading: reading)
                let found = try await matches(terms, before: prepare).map(\.place)
                return terms.rank(try await inState(reading, found, terms))
            }
            guard !places.isEmpty else { throw WeatherError.placeNotFound(search.typed) }
            // Each is named in the language asked: that much is known of its names.
            guard let language = Language(code: client.configuration.language) else { return places }
            return places.map { place in
                var named = place
                named.setName(place.name, state: place.state, in: language)
                return named
            }
        }
    }

    /// The time zone ("Europe/Lisbon") geocoding gives for a place it found (searched again by its name and
    /// country, usually from the cache); nil when it is not found there, has none, or is named by its coordinates.
    package func timeZone(for place: Place) async -> String? {
        guard place.name != Place.coordinateName(place.latitude, place.longitude) else { return nil }
        let terms = Terms(name: place.name, countryCode: place.country?.uppercased(), qualifiers: [])
        guard let matches = try? await matches(terms) else { return nil }
        return matches.first(where: { $0.place.isSameLocation(as: place) })?.timeZone
    }

    /// The places found that are in the reading's state. Open-Meteo names states in the language asked ("Australie-
    /// Occidentale"), the reading in English ("Western Australia"): when none is in the state by its English name, the
    /// same search in English says which are, and they keep the names found in the language asked.
    private func inState(_ reading: PlaceSearch.Reading, _ found: [Place], _ terms: Terms) async throws -> [Place] {
        let kept = reading.filter(found)
        guard kept.isEmpty, reading.state != nil, !found.isEmpty, client.configuration.language != "en" else { return kept }
        let english = reading.filter(try await matches(terms, client: client.inEnglish).map(\.place))
        let named = found.filter { place in english.contains { $0.isSameLocation(as: place) } }
        return named.isEmpty ? english : named
    }

    /// The search's results in the country it names, from the cache or the network.
    private func matches(
        _ terms: Terms, client: OpenMeteoClient? = nil, before: @escaping @Sendable () -> Void = {}
    ) async throws -> [OpenMeteoDecoding.Match] {
        let request = OpenMeteoRequest.search(name: terms.name, countryCode: terms.countryCode, count: terms.count)
        let client = client ?? self.client
        let matches = try await fetcher.fetch(
            request.cacheKey(language: client.configuration.language),
            network: { _ in
                before()
                return .body(try await client.fetch(request))
            }, decode: OpenMeteoDecoding.places
        ).value
        // The server filters by country itself; a mirror that does not is filtered here.
        guard let code = terms.countryCode else { return matches }
        return matches.filter { $0.place.country?.uppercased() == code }
    }

    /// What a tidied search asks for: the name alone, the country code, and the other qualifiers.
    struct Terms: Equatable {
        var name: String
        var countryCode: String?
        /// Parts between the name and the country that no state filter covers, as match keys.
        var qualifiers: [String]

        /// How many results to ask for.
        var count = OpenMeteoRequest.defaultCount

        init(name: String, countryCode: String?, qualifiers: [String]) {
            self.name = name
            self.countryCode = countryCode
            self.qualifiers = qualifiers
        }

        /// One reading of a search; a state's asks for more results, since it keeps only those in the state.
        init(name: String, reading: PlaceSearch.Reading) {
            self.name = name
            countryCode = reading.country
            qualifiers = reading.qualifiers
            count = reading.state == nil ? OpenMeteoRequest.defaultCount : OpenMeteoRequest.maximumCount
        }

        /// Places whose admin1 a qualifier names first, then names equal to the one searched; otherwise in the
        /// order given.
        func rank(_ places: [Place]) -> [Place] {
            let key = name.matchKey
            let score = { (place: Place) -> Int in
                let qualified = !qualifiers.isEmpty && qualifiers.allSatisfy { $0 == place.state?.matchKey }
                return (qualified ? 2 : 0) + (place.name.matchKey == key ? 1 : 0)
            }
            return places.enumerated()
                .sorted { score($0.element) != score($1.element) ? score($0.element) > score($1.element) : $0.offset < $1.offset }
                .map(\.element)
        }
    }
}
