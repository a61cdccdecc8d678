import FoundationEssentials
import WeatherCore

/// One OpenWeather call, described without the key so it can name a cache entry.
package enum APIRequest: Hashable, Sendable {
    case direct(query: String)
    case reverse(latitude: Double, longitude: Double)
    case current(latitude: Double, longitude: Double)
    case forecast(latitude: Double, longitude: Double)
    /// Air pollution now, and hour by hour for the coming days: the air quality's fallback (issue 28).
    case airPollution(latitude: Double, longitude: Double)
    case airPollutionForecast(latitude: Double, longitude: Double)

    var path: String {
        switch self {
        case .direct: "/geo/1.0/direct"
        case .reverse: "/geo/1.0/reverse"
        case .current: "/data/2.5/weather"
        case .forecast: "/data/2.5/forecast"
        case .airPollution: "/data/2.5/air_pollution"
        case .airPollutionForecast: "/data/2.5/air_pollution/forecast"
        }
    }

    /// The query parameters, key excluded. Weather is always fetched in metric and converted locally, and with no
    /// `lang`: its conditions are worded by this project from their codes (`ResponseDecoding.condition`), so a cached
    /// answer redraws in any language (issue 26).
    var parameters: [(String, String)] {
        switch self {
        case .direct(let query):
            [("q", query), ("limit", "5")]
        case .reverse(let lat, let lon):
            [("lat", Self.coordinate(lat)), ("lon", Self.coordinate(lon)), ("limit", "5")]
        case .current(let lat, let lon), .forecast(let lat, let lon):
            [("lat", Self.coordinate(lat)), ("lon", Self.coordinate(lon)), ("units", "metric")]
        case .airPollution(let lat, let lon), .airPollutionForecast(let lat, let lon):
            [("lat", Self.coordinate(lat)), ("lon", Self.coordinate(lon))]
        }
    }

    /// True for the 5-day forecast, the one large answer.
    var isForecast: Bool {
        switch self {
        case .forecast, .airPollutionForecast: true
        default: false
        }
    }

    /// A stable name for the cache: endpoint, coordinates rounded to 4 decimals (or the query), and the language for
    /// the geocoding, whose answer is named in it; the weather's answers hold no language.
    func cacheKey(language: String) -> String {
        switch self {
        case .direct(let query): "direct|\(query.lowercased())|\(language)"
        case .reverse(let lat, let lon): "reverse|\(Self.coordinate(lat))|\(Self.coordinate(lon))"
        case .current(let lat, let lon): "weather|\(Self.coordinate(lat))|\(Self.coordinate(lon))"
        case .forecast(let lat, let lon): "forecast|\(Self.coordinate(lat))|\(Self.coordinate(lon))"
        case .airPollution(let lat, let lon): "air|\(Self.coordinate(lat))|\(Self.coordinate(lon))"
        case .airPollutionForecast(let lat, let lon): "air-forecast|\(Self.coordinate(lat))|\(Self.coordinate(lon))"
        }
    }

    /// The full URL, every parameter percent-encoded so typed text can never add or change a parameter.
    func url(configuration: WeatherConfiguration, apiKey: String) throws(WeatherError) -> URL {
        var base = configuration.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let query = (parameters + [("appid", apiKey)])
            .map { "\($0.0)=\(Self.percentEncode($0.1))" }
            .joined(separator: "&")
        guard let url = URL(string: base + path + "?" + query), url.scheme == "http" || url.scheme == "https" else {
            throw .badConfiguration(WeatherConfiguration.badBaseURLMessage)
        }
        return url
    }

    /// Coordinates at 4 decimals (about 11 m): enough for weather, and a stable cache key ("51.5000", "-0.1200").
    static func coordinate(_ value: Double) -> String {
        let scaled = Int(saturating: (value * 10_000).rounded())
        let digits = String(abs(scaled) % 10_000)
        return (scaled < 0 ? "-" : "") + String(abs(scaled) / 10_000) + "." + String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Every byte but the unreserved ones (RFC 3986: letters, digits, "-._~") as %XX.
    static func percentEncode(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                encoded.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 15)]))
            }
        }
        return encoded
    }
}
