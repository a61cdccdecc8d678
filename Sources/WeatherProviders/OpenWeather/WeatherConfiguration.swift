import FoundationEssentials
import WeatherCore

/// How to reach OpenWeather: key, base URL, timeout, language. Built from flags and the environment.
package struct WeatherConfiguration: Sendable {
    package static let defaultBaseURL = "https://api.openweathermap.org"
    static let badBaseURLMessage = Phrase("error.baseURL", ["variable": "OPENWEATHER_BASE_URL", "url": defaultBaseURL])

    /// The API key; never printed, logged or put in an error or a file name.
    package var apiKey: String?
    /// Base URL for both `/data/2.5/…` and `/geo/1.0/…`, with or without a trailing slash.
    package var baseURL: String
    /// Seconds allowed for a request, retries included.
    package var timeout: Double
    /// The language places are named in (from geocoding's `local_names`); the weather is asked for with no `lang`.
    package var language: String

    package init(apiKey: String?, baseURL: String = defaultBaseURL, timeout: Double = 10, language: String = "en") {
        self.apiKey = apiKey.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 }
        self.baseURL = baseURL
        self.timeout = timeout
        self.language = language
    }

    /// Reads `OPENWEATHER_API_KEY` and `OPENWEATHER_BASE_URL`; explicit values win.
    package static func fromEnvironment(
        _ environment: [String: String], apiKey: String? = nil, timeout: Double = 10
    ) -> WeatherConfiguration {
        let base = environment["OPENWEATHER_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultBaseURL
        return WeatherConfiguration(apiKey: apiKey ?? environment["OPENWEATHER_API_KEY"], baseURL: base, timeout: timeout)
    }
}
