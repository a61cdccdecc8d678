import FoundationEssentials
import WeatherCore

/// How to reach Open-Meteo: the base URLs of its three hosts, timeout and language. It needs no key.
package struct OpenMeteoConfiguration: Sendable {
    package static let defaultForecastURL = "https://api.open-meteo.com"
    package static let defaultGeocodingURL = "https://geocoding-api.open-meteo.com"
    package static let defaultAirQualityURL = "https://air-quality-api.open-meteo.com"
    static let badBaseURLMessage = Phrase("error.baseURL", ["variable": "OPENMETEO_BASE_URL", "url": defaultForecastURL])

    /// Base URL for `/v1/forecast`, with or without a trailing slash.
    package var forecastURL: String
    /// Base URL for `/v1/search`.
    package var geocodingURL: String
    /// Base URL for `/v1/air-quality`.
    package var airQualityURL: String
    /// Seconds allowed for a request, retries included.
    package var timeout: Double
    /// Language of the place names geocoding returns (lower case, as the API wants it).
    package var language: String

    /// `baseURL`, when set, stands in for the scheme and host of all three hosts (a mirror, or a test server);
    /// each keeps its own path.
    package init(baseURL: String? = nil, timeout: Double = 10, language: String = "en") {
        let base = baseURL.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 }
        forecastURL = base ?? Self.defaultForecastURL
        geocodingURL = base ?? Self.defaultGeocodingURL
        airQualityURL = base ?? Self.defaultAirQualityURL
        self.timeout = timeout
        self.language = language.lowercased()
    }

    /// Reads `OPENMETEO_BASE_URL`.
    package static func fromEnvironment(
        _ environment: [String: String], timeout: Double = 10, language: String = "en"
    ) -> OpenMeteoConfiguration {
        OpenMeteoConfiguration(baseURL: environment["OPENMETEO_BASE_URL"], timeout: timeout, language: language)
    }
}
