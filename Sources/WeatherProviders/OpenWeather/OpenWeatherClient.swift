import FoundationEssentials
import HTTPKit
import WeatherCore

/// Sends one `APIRequest` and maps the status to `WeatherError`, retrying transient failures within the timeout.
package struct OpenWeatherClient: Sendable {
    package let configuration: WeatherConfiguration
    let transport: any HTTPTransport
    /// Pauses before the second and third tries; a try is made only if it still fits in the timeout.
    let backoff: [Double]

    package init(configuration: WeatherConfiguration, transport: any HTTPTransport, backoff: [Double] = [0.25, 0.75]) {
        self.configuration = configuration
        self.transport = transport
        self.backoff = backoff
    }

    /// The body of a successful (2xx) response.
    package func fetch(_ request: APIRequest) async throws -> Data {
        guard let key = configuration.apiKey else { throw WeatherError.missingAPIKey }
        let url = try request.url(configuration: configuration, apiKey: key)
        let http = ProviderHTTP(
            transport: transport, timeout: configuration.timeout, backoff: backoff, badBaseURL: WeatherConfiguration.badBaseURLMessage)
        let cap = request.isForecast ? HTTPResponse.defaultMaximumBytes : ProviderHTTP.smallAnswerBytes
        return try await http.get(url, maximumBytes: cap) { response throws(WeatherError) in try Self.check(response, request: request) }
    }

    /// False when `request` would not be sent now (no key, or its host is skipped: `ProviderHTTP.wouldAsk`).
    package func wouldAsk(_ request: APIRequest) -> Bool {
        guard let key = configuration.apiKey, let url = try? request.url(configuration: configuration, apiKey: key) else { return false }
        return ProviderHTTP.wouldAsk(url)
    }

    /// Gets two connections ready for a report (current weather and forecast go out together), and one for each of
    /// `others` (Open-Meteo's UV index goes out with them) and, for background requests, of `beside` (the air), while
    /// the search that finds the coordinates is on the wire, and with `naming` one for a name search asked beside
    /// them. One call for all: where they share an address, each is wanted there. Nothing is sent; without a key,
    /// nothing is done.
    package func prepareReport(alongside others: [URL] = [], beside: [URL] = [], naming: Bool = false) {
        guard let key = configuration.apiKey else { return }
        let requests = [APIRequest.current(latitude: 0, longitude: 0), .forecast(latitude: 0, longitude: 0)] + (naming ? [.direct(query: "")] : [])
        let urls = requests.compactMap { try? $0.url(configuration: configuration, apiKey: key) }
        transport.preconnect(urls + others, beside: beside, timeout: configuration.timeout)
    }

    /// Where a name search goes (any name): for a connection opened ahead of it.
    package var directURL: URL? {
        guard let key = configuration.apiKey else { return nil }
        return try? APIRequest.direct(query: "").url(configuration: configuration, apiKey: key)
    }

    static func check(_ response: HTTPResponse, request: APIRequest) throws(WeatherError) -> Data {
        switch response.status {
        case 200..<300:
            return response.body
        case 401:
            throw .invalidAPIKey
        case 404:
            switch request {
            case .direct(let query): throw .placeNotFound(query)
            case .reverse(let lat, let lon), .current(let lat, let lon), .forecast(let lat, let lon), .airPollution(let lat, let lon),
                .airPollutionForecast(let lat, let lon):
                throw .placeNotFound(Place.coordinateName(lat, lon))
            }
        case 400:
            let detail = ResponseDecoding.errorMessage(response.body)?.prefix(120) ?? "bad request"
            throw .invalidInput(Phrase("error.request.refused", ["provider": "OpenWeather", "reason": String(detail)]))
        default:
            throw response.statusError
        }
    }
}
