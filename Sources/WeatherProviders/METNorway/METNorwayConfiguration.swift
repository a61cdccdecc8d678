import FoundationEssentials
import WeatherCore

/// How to reach MET Norway: base URL, timeout, and the contact its terms ask a client to name. No key: MET has none.
package struct METNorwayConfiguration: Sendable {
    package static let defaultBaseURL = "https://api.met.no"
    static let badBaseURLMessage = Phrase("error.baseURL", ["variable": "METNO_BASE_URL", "url": defaultBaseURL])

    /// Scheme and host (and port) for `/weatherapi/…`, with or without a trailing slash.
    package var baseURL: String
    /// An e-mail address or URL where MET can reach whoever runs the program; nil names the program alone.
    package var contact: String?
    /// Seconds allowed for a request, retries included.
    package var timeout: Double

    /// `contact` is trimmed, and kept only if it is printable ASCII without spaces (it goes into a header).
    package init(baseURL: String = defaultBaseURL, contact: String? = nil, timeout: Double = 10) {
        self.baseURL = baseURL
        self.contact = contact.map(\.trimmingWhitespace).flatMap { text in
            !text.isEmpty && text.utf8.allSatisfy { (0x21...0x7E).contains($0) } ? text : nil
        }
        self.timeout = timeout
    }

    /// Reads `METNO_BASE_URL` and `WEATHER_OR_NOT_CONTACT`.
    package static func fromEnvironment(_ environment: [String: String], timeout: Double = 10) -> METNorwayConfiguration {
        let base = environment["METNO_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultBaseURL
        return METNorwayConfiguration(baseURL: base, contact: environment["WEATHER_OR_NOT_CONTACT"], timeout: timeout)
    }

    /// "weather-or-not/0.1.0", then the contact when there is one: MET blocks clients that do not say who they are.
    package var userAgent: String {
        contact.map { "\(Project.userAgent) \($0)" } ?? Project.userAgent
    }
}
