/// One geocoding search for a typed place name: the text to send, which results to keep, and what to quote.
///
/// "london ,  uk" sends "london,GB"; "London, ON, CA" sends "London,CA" and keeps the results in Ontario, because
/// OpenWeather takes a state code only for the US; "Springfield, IL, US" is sent as it is and keeps Illinois.
package struct PlaceSearch: Equatable, Sendable {
    /// The name as typed, sanitised and trimmed, inner spaces as they were: what an error quotes.
    package var typed: String
    /// The `q` parameter, parts trimmed and their commas tidied ("London,GB"); it also names the cache entry.
    package var query: String
    /// The state or province results must be in, by code ("IL") and by name ("Illinois"); nil keeps every result.
    package var state: StateFilter?

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
        // OpenWeather knows the United Kingdom only by its ISO code.
        if parts.count >= 2, parts[parts.count - 1].uppercased() == "UK" { parts[parts.count - 1] = "GB" }
        if parts.count == 3, let name = StateNames.name(code: parts[1], country: parts[2]) {
            state = StateFilter(code: parts[1].uppercased(), name: name)
            // A state code is understood only for the US: a Canadian search asks for the country and filters.
            if parts[2].uppercased() == "CA" { parts.remove(at: 1) }
        } else {
            state = nil
        }
        query = parts.joined(separator: ",")
    }

    /// The results in the searched state or province (named in full, or by its code as some results are); all of
    /// them when the search names none.
    package func filter(_ places: [Place]) -> [Place] {
        guard let state else { return places }
        let name = state.name.matchKey
        return places.filter { place in
            guard let found = place.state?.trimmingWhitespace else { return false }
            return found.matchKey == name || found.uppercased() == state.code
        }
    }
}
