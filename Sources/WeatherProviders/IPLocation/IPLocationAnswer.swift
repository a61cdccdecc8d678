import FoundationEssentials
import HTTPKit
import WeatherCore

/// Reads an ipinfo-style answer (`{"city", "region", "country", "loc": "lat,lon", "timezone", …}`) into a `Place`.
enum IPLocationAnswer {
    /// The place; `badResponse` when the answer is not JSON, or holds no location on the map (ipinfo answers a
    /// private address with `"bogon": true` and nothing else).
    static func place(from body: Data) throws(WeatherError) -> Place {
        guard let json = try? JSONValue.parse(body), case .object = json else {
            throw .badResponse(Phrase("detail.notJSON"))
        }
        guard let loc = json["loc"]?.string else { throw .badResponse(Phrase("detail.noLocation")) }
        let parts = loc.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingWhitespace) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], latitude.isFinite, longitude.isFinite,
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { throw .badResponse(Phrase("detail.noLocation")) }
        let country = json["country"]?.string.flatMap { code in
            code.count == 2 && code.allSatisfy { $0.isASCII && $0.isLetter } ? code.uppercased() : nil
        }
        let zone = json["timezone"]?.string.flatMap { ZoneFiles.isPlainName($0) ? $0 : nil }
        return Place(
            name: String((json["city"]?.string ?? "").prefix(100)), state: json["region"]?.string.map { String($0.prefix(100)) },
            country: country, latitude: latitude, longitude: longitude, timeZone: zone)
    }
}
