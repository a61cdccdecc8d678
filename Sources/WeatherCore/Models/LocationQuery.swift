import FoundationEssentials

/// What a person typed to find a place: a name ("Springfield, IL, US") or coordinates ("48.8566, 2.3522").
package enum LocationQuery: Equatable, Sendable {
    /// A place name as typed ("london ,  uk"), which errors quote; `PlaceSearch` tidies it for the request.
    case name(String)
    case coordinates(latitude: Double, longitude: Double)

    /// Longest place query accepted; OpenWeather has no place names anywhere near this long.
    package static let maximumLength = 200

    /// Parses typed text; coordinates must be in range, names are kept as typed (sanitised and trimmed).
    package static func parse(_ text: String) throws(WeatherError) -> LocationQuery {
        // Escape sequences go whole (not just their ESC), like every other control character.
        let cleaned = text.sanitizedForTerminal.trimmingWhitespace
        guard !cleaned.isEmpty else { throw .invalidInput(Phrase("error.place.empty")) }
        guard cleaned.count <= maximumLength else {
            throw .invalidInput(Phrase("error.place.tooLong", ["maximum": String(maximumLength)]))
        }
        let parts = cleaned.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingWhitespace }
        if parts.count == 2, let lat = Double(coordinate: parts[0]), let lon = Double(coordinate: parts[1]) {
            guard (-90...90).contains(lat) else {
                throw .invalidInput(Phrase("error.latitude.range", ["value": parts[0]]))
            }
            guard (-180...180).contains(lon) else {
                throw .invalidInput(Phrase("error.longitude.range", ["value": parts[1]]))
            }
            return .coordinates(latitude: lat, longitude: lon)
        }
        guard !PlaceSearch(cleaned).name.isEmpty else {
            throw .invalidInput(Phrase("error.place.empty"))
        }
        return .name(cleaned)
    }
}

extension Double {
    /// A decimal coordinate such as "-33.87" or "151"; nothing else (no "nan", "inf", hex or exponents).
    init?(coordinate text: String) {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let pieces = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), !pieces[0].isEmpty,
            pieces.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            pieces.count == 1 || !pieces[1].isEmpty,
            let value = Double(text)
        else { return nil }
        self = value
    }
}
