import Foundation
import HTTPKit

/// Everything that can go wrong between a typed line and the weather, each with a line a person can act on.
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
    /// The response could not be read as the expected JSON.
    case badResponse(String)
    /// The typed input cannot be a place.
    case invalidInput(String)

    /// One line saying what happened and what to do next, with hints for the command line.
    package var message: String { message(in: .commandLine) }

    /// A few words for why a provider gave way to another: "no API key", "timed out after 10 s".
    package var shortReason: String {
        switch self {
        case .missingAPIKey: "no API key"
        case .invalidAPIKey: "the API key was refused"
        case .rateLimited: "too many requests"
        case .serverError(let status): "server error \(status)"
        case .unexpectedStatus(let status): "HTTP status \(status)"
        case .timedOut(let seconds): "no answer within \(RelativeAge.seconds(seconds))"
        case .cannotConnect: "no connection"
        case .secureConnectionFailed: "no secure connection"
        case .proxyFailed: "the proxy failed"
        case .badResponse: "an unreadable answer"
        case .placeNotFound, .notInSampleData: "place not found"
        case .invalidInput: "a request it could not use"
        }
    }

    /// One line saying what happened and what to do next; its hints name what works where it is read (the prompt
    /// takes `:offline on`, the command line `--offline`), and the provider that was asked.
    package func message(in context: MessageContext, provider: ProviderID = .openWeather) -> String {
        let offline = context == .prompt ? ":offline on" : "--offline"
        let name = provider.displayName
        let baseVariable = switch provider {
        case .openWeather: "OPENWEATHER_BASE_URL"
        case .openMeteo: "OPENMETEO_BASE_URL"
        case .metNorway: "METNO_BASE_URL"
        }
        switch self {
        case .missingAPIKey:
            return "No OpenWeather API key. Get a free one at https://openweathermap.org/api (new keys can take a couple of hours to activate), then set OPENWEATHER_API_KEY\(context == .prompt ? " and start again" : " or pass --api-key"). Or try \(offline) for sample data."
        case .invalidAPIKey:
            return "OpenWeather rejected the API key (401). New keys can take a couple of hours to activate; otherwise check OPENWEATHER_API_KEY."
        case .placeNotFound(let query):
            return "No place called \"\(query)\" was found. Try \"City\", \"City, CC\" (country code), \"City, ST, US\" or \"lat, lon\"."
        case .notInSampleData(let query, let available):
            return "Offline mode has no sample data for \"\(query)\". Sample places: \(available.joined(separator: ", "))."
        case .rateLimited(let retryAfter?):
            return "\(name)'s rate limit was reached (429). Try again in \(RelativeAge.describe(seconds: retryAfter))."
        case .rateLimited(nil):
            return "\(name)'s rate limit was reached (429). Wait a minute and try again\(provider == .openWeather ? "; the free plan allows 60 calls a minute" : "")."
        case .serverError(let status):
            return "\(name)'s server failed (HTTP \(status)). Try again in a little while."
        case .unexpectedStatus(let status):
            return "\(name) answered with an unexpected HTTP \(status). Try again; if it persists, check \(baseVariable)."
        case .timedOut(let seconds):
            return "\(name) did not answer within \(RelativeAge.seconds(seconds)). Check the network\(context == .prompt ? ", or use \(offline)" : ", or raise --timeout")."
        case .cannotConnect(let host):
            return "Cannot reach \(host): no network, or the server is down. Check the connection, or use \(offline)."
        case .secureConnectionFailed(let host, let detail):
            return "No secure connection to \(host): \(detail). Check the system clock and the trusted certificates (SSL_CERT_FILE), or use \(offline)."
        case .proxyFailed(let proxy, let detail):
            return "The proxy \(proxy) \(detail). Check https_proxy, http_proxy and no_proxy, or use \(offline)."
        case .badResponse(let detail):
            return "\(name)'s answer could not be understood (\(detail)). Try again in a little while."
        case .invalidInput(let detail):
            return detail
        }
    }

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
        case .serverError, .timedOut, .cannotConnect, .secureConnectionFailed, .proxyFailed, .rateLimited, .badResponse,
            .unexpectedStatus:
            true
        default: false
        }
    }

    static let truncatedDetail = "the connection broke off before the answer was complete"

    /// A transport's failure, in the words people read: the one place HTTPKit's errors become this app's.
    package init(_ error: HTTPError) {
        switch error {
        case .timedOut(let seconds): self = .timedOut(seconds: seconds)
        case .cannotConnect(let host): self = .cannotConnect(host: host)
        case .secureConnectionFailed(let host, let detail): self = .secureConnectionFailed(host: host, detail: detail)
        case .proxyFailed(let proxy, let detail): self = .proxyFailed(proxy: proxy, detail: detail)
        case .unusableProxy(let variable):
            self = .proxyFailed(proxy: "in \(variable)", detail: "is not an http:// proxy, the only kind weather-or-not can use")
        case .invalidProxy(let variable):
            self = .proxyFailed(proxy: "in \(variable)", detail: "has a host name or port that is not valid")
        case .truncated: self = .badResponse(Self.truncatedDetail)
        case .badResponse(let detail): self = .badResponse(detail)
        case .invalidURL: self = .invalidInput(WeatherConfiguration.badBaseURLMessage)
        }
    }
}

/// Where a message is read, so its hints name what works there.
package enum MessageContext: Sendable {
    /// Standard error of a command line run: hints name options (`--offline`).
    case commandLine
    /// The prompt or piped commands: hints name prompt commands (`:offline on`).
    case prompt
}
