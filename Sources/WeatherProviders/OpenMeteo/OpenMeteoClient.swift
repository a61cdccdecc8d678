import FoundationEssentials
import HTTPKit
import WeatherCore

/// Sends one `OpenMeteoRequest` (never with a key) and maps the status to `WeatherError`, retrying transient
/// failures within the timeout.
package struct OpenMeteoClient: Sendable {
    package private(set) var configuration: OpenMeteoConfiguration
    private let http: ProviderHTTP

    /// `backoff`: the pauses before the second and third tries, each made only if it still fits in the timeout.
    package init(configuration: OpenMeteoConfiguration, transport: any HTTPTransport, backoff: [Double] = [0.25, 0.75]) {
        self.configuration = configuration
        http = ProviderHTTP(
            transport: transport, timeout: configuration.timeout, backoff: backoff, badBaseURL: OpenMeteoConfiguration.badBaseURLMessage)
    }

    /// The same client, asking for names in English.
    package var inEnglish: OpenMeteoClient {
        var english = self
        english.configuration.language = "en"
        return english
    }

    /// The body of a successful (2xx) response.
    package func fetch(_ request: OpenMeteoRequest) async throws -> Data {
        let cap: Int
        switch request {
        case .search: cap = ProviderHTTP.smallAnswerBytes
        // A place's forecast is about 20 KB: 256 KB a place, never less than one forecast's cap.
        case .forecasts(let latitudes, _): cap = max(HTTPResponse.defaultMaximumBytes, latitudes.count * Self.bytesPerPlace)
        default: cap = HTTPResponse.defaultMaximumBytes
        }
        return try await http.get(try request.url(configuration: configuration), maximumBytes: cap) { response throws(WeatherError) in
            try Self.check(response)
        }
    }

    /// The most bytes a `.forecasts` answer may take for each place it is asked for.
    static let bytesPerPlace = 256 * 1024

    /// Gets a connection to the forecast's server ready while the search that finds the coordinates is on the wire,
    /// one to each of `beside` for a background request (asked beside the forecast: the air's server), and with
    /// `naming` one to the search's server, all in the same call (they may share an address).
    package func prepareReport(beside: [URL] = [], naming: Bool = false) {
        let urls = [try? OpenMeteoRequest.forecast(latitude: 0, longitude: 0).url(configuration: configuration)] + (naming ? [searchURL] : [])
        http.transport.preconnect(urls.compactMap { $0 }, beside: beside, timeout: configuration.timeout)
    }

    /// Where a search goes (any name): for a connection opened ahead of it.
    var searchURL: URL? { try? OpenMeteoRequest.search(name: "", countryCode: nil).url(configuration: configuration) }

    static func check(_ response: HTTPResponse) throws(WeatherError) -> Data {
        switch response.status {
        case 200..<300:
            return response.body
        case 400:
            // {"error": true, "reason": "Latitude must be in range of -90 to 90°. Given: 999.0."}
            var reason = Substring(OpenMeteoDecoding.errorReason(response.body) ?? "bad request").prefix(160)
            while reason.hasSuffix(".") { reason = reason.dropLast() }
            throw .invalidInput(Phrase("error.request.refused", ["provider": "Open-Meteo", "reason": String(reason)]))
        default:
            // Unexpected too: 401 and 403 (Open-Meteo takes no key) and 404 (it says "not found" with an answer
            // without results, so a 404 means a wrong base URL).
            throw response.statusError
        }
    }
}
