import FoundationEssentials
import WeatherCore

/// How to reach the IP geolocation service (ipinfo.io's `GET /json`, or a mirror or test server of the same shape):
/// its base URL and timeout. It needs no key.
package struct IPLocationConfiguration: Sendable {
    package static let defaultBaseURL = "https://ipinfo.io"
    static let badBaseURLMessage = Phrase("error.baseURL", ["variable": "IPGEO_BASE_URL", "url": defaultBaseURL])
    static let plainHTTPMessage = Phrase("error.baseURL.plainHTTP", ["variable": "IPGEO_BASE_URL", "url": defaultBaseURL])

    /// With or without a trailing slash; `/json` is added.
    package var baseURL: String
    /// Seconds allowed for the request, retries included.
    package var timeout: Double

    package init(baseURL: String? = nil, timeout: Double = 10) {
        self.baseURL = baseURL.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 } ?? Self.defaultBaseURL
        self.timeout = timeout
    }

    /// Reads `IPGEO_BASE_URL`.
    package static func fromEnvironment(_ environment: [String: String], timeout: Double = 10) -> IPLocationConfiguration {
        IPLocationConfiguration(baseURL: environment["IPGEO_BASE_URL"], timeout: timeout)
    }

    /// The host sentences name the service by ("ipinfo.io"), or the base URL as written when it has none.
    package var serviceName: String {
        URL(string: baseURL)?.host.map(Self.bare) ?? Self.defaultBaseURL.replacing("https://", with: "")
    }

    /// `BASE/json`. An http or https URL (its host and port are checked again by the transport, which refuses line
    /// breaks and NULs); plain http only to this machine (127.0.0.0/8, ::1, localhost): the answer is where the person
    /// is, which must not cross a network in the clear.
    func url() throws(WeatherError) -> URL {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + "/json"), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { throw .badConfiguration(Self.badBaseURLMessage) }
        if scheme == "http", !Self.isLoopback(Self.bare(host)) { throw .badConfiguration(Self.plainHTTPMessage) }
        return url
    }

    /// True for an address of this machine: 127.0.0.0/8, ::1 or localhost.
    static func isLoopback(_ host: String) -> Bool {
        let lower = host.lowercased()
        if lower == "localhost" || lower == "::1" || lower == "0:0:0:0:0:0:0:1" { return true }
        let parts = lower.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part).map { $0 <= 255 } == true
        }
    }

    /// "::1" for "[::1]".
    static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}
