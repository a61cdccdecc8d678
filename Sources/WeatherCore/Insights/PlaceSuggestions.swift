import FoundationEssentials

/// "Did you mean": the past places closest to a query that found nothing.
package enum PlaceSuggestions {
    /// Up to `limit` places whose name is within a few edits of the query (case and accents ignored), closest first.
    package static func closest(to query: String, among places: [Place], limit: Int = 3) -> [Place] {
        let key = (query.split(separator: ",").first.map(String.init) ?? query).matchKey
        guard !key.isEmpty else { return [] }
        let allowed = max(2, key.count / 3)
        let scored = places.compactMap { place -> (Place, Int)? in
            let distance = editDistance(key, place.name.matchKey)
            return distance <= allowed ? (place, distance) : nil
        }
        return scored.sorted { $0.1 < $1.1 }.prefix(limit).map(\.0)
    }

    /// Levenshtein distance over characters.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
