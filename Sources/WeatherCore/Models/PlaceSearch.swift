/// One geocoding search for a typed place name: what to ask each geocoder, which results to keep, and what to quote.
///
/// "london ,  uk" asks for "London" in GB. Two letters after a name are read every way they can be: "Springfield, IL"
/// as Illinois and as Israel, "Perth, WA" as Washington and Western Australia, "Paris, TX" only as Texas, "Paris, FR"
/// only as France. Each reading is one search; `combine` keeps the readings that find the name typed, a state's before
/// a country's (as Americans type it), so a name found in both is listed, numbered, for a pick. "City, ST, CC" names the
/// state and its country at once ("London, ON, CA", "Perth, WA, AU").
package struct PlaceSearch: Equatable, Sendable {
    /// The name as typed, sanitised and trimmed, inner spaces as they were: what an error quotes.
    package var typed: String
    /// The place's own name, the first part, its spaces tidied ("São Paulo").
    package var name: String
    /// The ways the parts after the name can be read, in the order their results are listed; at least one.
    package var readings: [Reading]

    /// One way to read what follows the name: a country, a state in its country, or other words.
    package struct Reading: Equatable, Sendable {
        /// OpenWeather's `q`, parts trimmed and their commas tidied ("London,GB", "Springfield,IL,US"); it also names
        /// the cache entry. OpenWeather takes a state code only for the US: a Canadian or Australian one is left out
        /// and the results filtered.
        package var query: String
        /// The country the results must be in (upper case), when the reading names one.
        package var country: String?
        /// The state or province results must be in; nil keeps every result.
        package var state: StateFilter?
        /// Parts between the name and the country that no state filter covers, as match keys ("england").
        package var qualifiers: [String]

        /// The results in the reading's state or province (named in full, or by its code as some results are); all of
        /// them when it names none.
        package func filter(_ places: [Place]) -> [Place] {
            guard let state else { return places }
            let name = state.name.matchKey
            return places.filter { place in
                guard let found = place.state?.trimmingWhitespace else { return false }
                return found.matchKey == name || found.uppercased() == state.code
            }
        }
    }

    /// A state or province a result must name.
    package struct StateFilter: Equatable, Sendable {
        package var code: String
        package var name: String
    }

    package init(_ text: String) {
        typed = text.sanitizedForTerminal.trimmingWhitespace
        var parts = typed.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
        // The geocoders know the United Kingdom only by its ISO code.
        if parts.count >= 2, parts[parts.count - 1].uppercased() == "UK" { parts[parts.count - 1] = "GB" }
        name = parts.first ?? ""
        readings = Self.readings(parts)
    }

    private static func readings(_ parts: [String]) -> [Reading] {
        let name = parts.first ?? ""
        let inState = { (code: String, country: String) -> Reading? in
            guard let state = StateNames.name(code: code, country: country) else { return nil }
            let upper = country.uppercased()
            return Reading(
                query: upper == "US" ? "\(name),\(code),\(country)" : "\(name),\(country)", country: upper,
                state: StateFilter(code: code.uppercased(), name: state), qualifiers: [])
        }
        if parts.count == 3, let reading = inState(parts[1], parts[2]) { return [reading] }
        if parts.count == 2 {
            let code = parts[1]
            let states = StateNames.countries.compactMap { inState(code, $0) }
            let country = CountryCodes.contains(code)
                ? [Reading(query: "\(name),\(code)", country: code.uppercased(), state: nil, qualifiers: [])] : []
            if !(states + country).isEmpty { return states + country }
        }
        var rest = Array(parts.dropFirst())
        var country: String?
        if let last = rest.last, last.count == 2, last.allSatisfy({ $0.isASCII && $0.isLetter }) {
            country = last.uppercased()
            rest.removeLast()
        }
        return [Reading(query: parts.joined(separator: ","), country: country, state: nil, qualifiers: rest.map(\.matchKey))]
    }

    /// The places each reading found (already filtered by it), as one list. With one reading, its places. With
    /// several, the readings that found the name typed (accents and case aside) are kept, in order, and the others
    /// dropped; when none did, all are kept. Exact names come before fuzzy ones, a place found twice is listed once.
    package func combine(_ found: [[Place]]) -> [Place] {
        guard found.count > 1 else { return found.first ?? [] }
        let key = name.matchKey
        let named = found.filter { $0.contains { $0.name.matchKey == key } }
        let kept = (named.isEmpty ? found : named).joined()
        var places: [Place] = []
        for place in kept.filter({ $0.name.matchKey == key }) + kept.filter({ $0.name.matchKey != key })
        where !places.contains(where: { $0.isSameLocation(as: place) }) {
            places.append(place)
        }
        return places
    }

    /// Runs `search` for every reading at once and combines what they found; a reading the geocoder says nothing
    /// about (`placeNotFound`) found nothing. Any other failure is the search's.
    package func places(_ search: @escaping @Sendable (Reading) async throws -> [Place]) async throws -> [Place] {
        if readings.count == 1 { return try await search(readings[0]) }
        let found = try await withThrowingTaskGroup(of: (Int, [Place]).self) { group in
            for (index, reading) in readings.enumerated() {
                group.addTask {
                    do {
                        return (index, try await search(reading))
                    } catch WeatherError.placeNotFound {
                        return (index, [])
                    }
                }
            }
            var found = [[Place]](repeating: [], count: readings.count)
            for try await (index, places) in group { found[index] = places }
            return found
        }
        return combine(found)
    }
}
