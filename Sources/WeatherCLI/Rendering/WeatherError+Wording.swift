import WeatherCore

/// The words a person reads for each `WeatherError`: WeatherCore raises the errors, this layer says them.
extension WeatherError {
    /// One line saying what happened and what to do next, with hints for the command line.
    package var message: String { message(in: .commandLine) }

    /// A few words for why a provider gave way to another: "no API key", "no answer within 10 seconds".
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
}
