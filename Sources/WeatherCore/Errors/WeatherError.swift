import FoundationEssentials
import HTTPKit

/// Everything that can go wrong between a typed line and the weather, as typed values: the terminal layer words each
/// as a line a person can act on (`WeatherError+Wording.swift` in WeatherCLI); no case carries words of this project's
/// (a transport's or server's own detail is passed on as it came).
///
/// No case carries a URL, a response body or anything else that could hold the API key.
package enum WeatherError: Error, Equatable, Sendable {
    /// No API key was given.
    case missingAPIKey
    /// The server rejected the key (401).
    case invalidAPIKey
    /// Geocoding found nothing, or the server answered 404.
    case placeNotFound(String)
    /// Offline mode has no sample data for the place; lists the places it has.
    case notInSampleData(String, available: [String])
    /// Too many requests (429); `retryAfter` seconds when the server said.
    case rateLimited(retryAfter: Int?)
    /// The server failed (5xx).
    case serverError(status: Int)
    /// The server answered with a status this client does not expect.
    case unexpectedStatus(Int)
    /// No answer within the timeout.
    case timedOut(seconds: Double)
    /// No connection: DNS failure, connection refused, no network.
    case cannotConnect(host: String)
    /// TLS failed: the certificate was not accepted (the reason is OpenSSL's), or the handshake broke down.
    case secureConnectionFailed(host: String, detail: String)
    /// The proxy (named "host:port", or by its variable when unusable) refused, or cannot be used.
    case proxyFailed(proxy: String, detail: String)
    /// The proxy a variable names (`https_proxy`…) is not an http:// proxy, the only kind weather-or-not can use.
    case unusableProxy(variable: String)
    /// The proxy a variable names has a host name or port that is not valid.
    case invalidProxy(variable: String)
    /// The response could not be read as the expected JSON; the phrase says how.
    case badResponse(Phrase)
    /// The typed input cannot be used (not a place, a command's wrong argument); the phrase says what to type.
    case invalidInput(Phrase)
    /// A setting cannot be used: a provider's base URL (the phrase names its variable, `OPENMETEO_BASE_URL`…) is not
    /// an http or https URL with a valid host and port.
    case badConfiguration(Phrase)

    /// True for failures that another try may cure: server errors, time-outs and lost connections.
    package var isTransient: Bool {
        switch self {
        case .serverError, .timedOut, .cannotConnect: true
        case .badResponse(let detail): detail == WeatherError.truncatedDetail
        default: false
        }
    }

    /// True when a stale cached copy is worth showing instead of the error.
    package var allowsStaleFallback: Bool {
        switch self {
        case .serverError, .timedOut, .cannotConnect, .secureConnectionFailed, .proxyFailed, .unusableProxy, .invalidProxy,
            .rateLimited, .badResponse, .unexpectedStatus:
            true
        default: false
        }
    }

    static let truncatedDetail = Phrase("detail.truncated")

    /// A transport's failure as this app's: the one place HTTPKit's errors become `WeatherError`. A URL the transport
    /// cannot use is the provider's base URL: `badBaseURL` names its variable.
    package init(_ error: HTTPError, badBaseURL: Phrase) {
        switch error {
        case .timedOut(let seconds): self = .timedOut(seconds: seconds)
        case .cannotConnect(let host): self = .cannotConnect(host: host)
        case .secureConnectionFailed(let host, let detail): self = .secureConnectionFailed(host: host, detail: detail)
        case .proxyFailed(let proxy, let detail): self = .proxyFailed(proxy: proxy, detail: detail)
        case .unusableProxy(let variable): self = .unusableProxy(variable: variable)
        case .invalidProxy(let variable): self = .invalidProxy(variable: variable)
        case .truncated: self = .badResponse(Self.truncatedDetail)
        case .badResponse(let detail):
            self = switch detail {
            case .tooLarge: .badResponse(Phrase("detail.tooLarge"))
            case .unsupportedCoding: .badResponse(Phrase("detail.unsupportedCoding"))
            case .notGzip: .badResponse(Phrase("detail.notGzip"))
            case .malformed: .badResponse(Phrase("detail.malformed"))
            }
        case .invalidURL: self = .badConfiguration(badBaseURL)
        }
    }
}
