import FoundationEssentials
import HTTPKit
import WeatherCore

/// Sends a Locationforecast request as MET Norway's terms ask (an identifying `User-Agent`, `If-Modified-Since`
/// with the stored `Last-Modified`) and maps the status to a `NetworkAnswer` or a `WeatherError`.
package struct METNorwayClient: Sendable {
    package let configuration: METNorwayConfiguration
    let transport: any HTTPTransport
    /// Pauses before the second and third tries; a try is made only if it still fits in the timeout.
    let backoff: [Double]

    package init(configuration: METNorwayConfiguration, transport: any HTTPTransport, backoff: [Double] = [0.25, 0.75]) {
        self.configuration = configuration
        self.transport = transport
        self.backoff = backoff
    }

    /// What a checked answer says besides its body.
    struct Answer: Sendable {
        var network: NetworkAnswer
        /// MET answered 203: the product still works but is deprecated, and this program needs an update.
        var isDeprecated: Bool
    }

    /// The answer to `request`; with a `cached` entry, a conditional request that a 304 answers without a body.
    func fetch(_ request: LocationforecastRequest, cached: ResponseCache.Entry?) async throws -> Answer {
        let url = try request.url(baseURL: configuration.baseURL)
        var headers = ["User-Agent": configuration.userAgent]
        if let lastModified = cached?.lastModified { headers["If-Modified-Since"] = lastModified }
        let http = ProviderHTTP(
            transport: transport, timeout: configuration.timeout, backoff: backoff, badBaseURL: METNorwayConfiguration.badBaseURLMessage)
        return try await http.get(url, headers: headers) { response throws(WeatherError) in try Self.check(response) }
    }

    /// Gets a connection to MET Norway ready while another provider's search finds the coordinates, and to each of
    /// `others` (the search asked beside it) and, for background requests, of `beside` (the air), in one call (they
    /// may share an address).
    package func prepareReport(alongside others: [URL] = [], beside: [URL] = []) {
        transport.preconnect([reportURL].compactMap { $0 } + others, beside: beside, timeout: configuration.timeout)
    }

    /// Where a report's request goes (any coordinates): for a connection opened ahead of it.
    var reportURL: URL? { try? LocationforecastRequest(latitude: 0, longitude: 0).url(baseURL: configuration.baseURL) }

    /// 200 and 203 carry a body, fresh until `Expires`; 304 renews the stored one; the rest are errors.
    static func check(_ response: HTTPResponse) throws(WeatherError) -> Answer {
        let expires = response.headers["expires"].flatMap(WireDate.http)
        switch response.status {
        case 200, 203:
            let answer = NetworkAnswer.body(response.body, validUntil: expires, lastModified: response.headers["last-modified"])
            return Answer(network: answer, isDeprecated: response.status == 203)
        case 304:
            return Answer(network: .notModified(validUntil: expires), isDeprecated: false)
        case 400:
            throw .invalidInput(Phrase("error.metno.badRequest"))
        case 403:
            throw .invalidInput(Phrase("error.metno.forbidden"))
        default:
            throw response.statusError
        }
    }
}
