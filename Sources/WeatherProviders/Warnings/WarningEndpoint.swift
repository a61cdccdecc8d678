import FoundationEssentials
import HTTPKit
import WeatherCore

/// How to reach one warning service: its base URL (from its own `…_BASE_URL` variable, else the service's), the
/// timeout, and the identifying `User-Agent` every request carries (NWS refuses a request without one). Its
/// requests go through `ProviderHTTP` and its answers through a `ResponseFetcher`: fresh for five minutes, or
/// longer when the service's `Cache-Control: max-age` or `Expires` says so.
package struct WarningEndpoint: Sendable {
    /// The name sentences show ("NWS").
    package let name: String
    /// The variable that sets the base URL ("NWS_BASE_URL").
    package let variable: String
    package let defaultBaseURL: String
    package let baseURL: String
    package let timeout: Double
    package let userAgent: String

    /// The least a warning answer stays fresh: five minutes.
    package static let freshness: TimeInterval = 300

    /// `baseURL` nil or blank is the service's own.
    package init(name: String, variable: String, defaultBaseURL: String, baseURL: String?, timeout: Double = 10, contact: String? = nil) {
        self.name = name
        self.variable = variable
        self.defaultBaseURL = defaultBaseURL
        self.baseURL = baseURL.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 } ?? defaultBaseURL
        self.timeout = timeout
        self.userAgent = METNorwayConfiguration(contact: contact).userAgent
    }

    /// Reads `variable` (and `WEATHER_OR_NOT_CONTACT`, for the `User-Agent`) from `environment`.
    package init(name: String, variable: String, defaultBaseURL: String, environment: [String: String], timeout: Double = 10) {
        self.init(
            name: name, variable: variable, defaultBaseURL: defaultBaseURL, baseURL: environment[variable], timeout: timeout,
            contact: environment["WEATHER_OR_NOT_CONTACT"])
    }

    var badBaseURL: Phrase { Phrase("error.baseURL", ["variable": variable, "url": defaultBaseURL]) }

    /// `BASE` + `path` + the query. An http or https URL with a host, no line break or NUL anywhere; plain http
    /// only to this machine (127.0.0.0/8, ::1, localhost), as for every service the program asks.
    package func url(_ path: String, query: [(String, String)] = []) throws(WeatherError) -> URL {
        try Self.check(baseURL, badBaseURL: badBaseURL, plainHTTP: Phrase("error.baseURL.plainHTTP", ["variable": variable, "url": defaultBaseURL]))
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let text = base + path + (query.isEmpty ? "" : "?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&"))
        guard let url = URL(string: text) else { throw .badConfiguration(badBaseURL) }
        return url
    }

    /// Throws the configuration error a request to this base URL would meet, or nothing: lets the program refuse a
    /// bad variable at launch (exit 78) rather than find it quietly when the warnings are asked.
    package func validate() throws(WeatherError) {
        _ = try url("/")
    }

    static func check(_ base: String, badBaseURL: Phrase, plainHTTP: Phrase) throws(WeatherError) {
        guard !base.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }), let url = URL(string: base),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
            url.port.map({ (1...65535).contains($0) }) ?? true
        else { throw .badConfiguration(badBaseURL) }
        if scheme == "http", !IPLocationConfiguration.isLoopback(IPLocationConfiguration.bare(host)) { throw .badConfiguration(plainHTTP) }
    }

    /// The body of a GET to `url` (gzip accepted), fresh until the later of five minutes on and what the service's
    /// `Cache-Control: max-age` or `Expires` says. 200 alone is an answer; 404 is `notFoundMeans` when given (a
    /// service that answers "not covered" with it: no warning there).
    func get(
        _ url: URL, transport: any HTTPTransport, now: Date, accept: String = "application/json",
        maximumBytes: Int = HTTPResponse.defaultMaximumBytes, notFoundMeans: Data? = nil
    ) async throws -> NetworkAnswer {
        let http = ProviderHTTP(transport: transport, timeout: timeout, backoff: [0.25], badBaseURL: badBaseURL)
        let headers = ["User-Agent": userAgent, "Accept": accept]
        return try await http.get(url, headers: headers, maximumBytes: maximumBytes) { response throws(WeatherError) in
            if response.status == 404, let notFoundMeans { return .body(notFoundMeans, validUntil: Self.validUntil(response.headers, now: now)) }
            guard response.status == 200 else { throw response.statusError }
            return .body(response.body, validUntil: Self.validUntil(response.headers, now: now))
        }
    }

    /// Five minutes on, or later when `max-age` (preferred, as HTTP says) or `Expires` says so.
    static func validUntil(_ headers: [String: String], now: Date) -> Date {
        let least = now.addingTimeInterval(freshness)
        var said: Date?
        if let control = headers["cache-control"]?.lowercased() {
            for directive in control.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace }
                if parts.count == 2, parts[0] == "max-age", let seconds = Int(parts[1]), (0...86_400).contains(seconds) {
                    said = now.addingTimeInterval(Double(seconds))
                }
            }
        }
        if said == nil, let expires = headers["expires"].flatMap(WireDate.http) { said = expires }
        return max(least, said ?? least)
    }
}
