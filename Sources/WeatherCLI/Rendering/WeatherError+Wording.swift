import WeatherCore

/// The words a person reads for each `WeatherError`: WeatherCore raises the errors, this layer says them, in the
/// language of the `Strings` given (the `messages` table).
extension WeatherError {
    /// A few words for why a provider gave way to another, in English.
    package var shortReason: String { shortReason(Strings.terminal(.english)) }

    /// A few words for why a provider gave way to another: "no API key", "no answer within 10 seconds".
    package func shortReason(_ strings: Strings) -> String {
        switch self {
        case .missingAPIKey: strings["reason.missingAPIKey"]
        case .invalidAPIKey: strings["reason.invalidAPIKey"]
        case .rateLimited: strings["reason.rateLimited"]
        case .serverError(let status): strings("reason.serverError", ["status": String(status)])
        case .unexpectedStatus(let status): strings("reason.unexpectedStatus", ["status": String(status)])
        case .timedOut(let seconds): strings("reason.timedOut", ["duration": RelativeAge.seconds(seconds, strings)])
        case .cannotConnect: strings["reason.cannotConnect"]
        case .secureConnectionFailed: strings["reason.secureConnectionFailed"]
        case .proxyFailed, .unusableProxy, .invalidProxy: strings["reason.proxyFailed"]
        case .badResponse: strings["reason.badResponse"]
        case .placeNotFound, .notInSampleData: strings["reason.placeNotFound"]
        case .invalidInput: strings["reason.invalidInput"]
        case .badConfiguration: strings["reason.badConfiguration"]
        }
    }

    /// One line saying what happened and what to do next; its hints name what works where it is read (the prompt
    /// takes `:offline on`, the command line `--offline`), and the provider that was asked (its name, its address's
    /// variable, a plan's limit for one that needs a key).
    package func message(in context: MessageContext, provider: ProviderID, strings: Strings = Strings.terminal(.english)) -> String {
        let atPrompt = context == .prompt
        let offline = atPrompt ? ":offline on" : "--offline"
        let name = provider.displayName
        switch self {
        case .missingAPIKey:
            return strings(atPrompt ? "error.missingAPIKey.prompt" : "error.missingAPIKey.commandLine", ["offline": offline])
        case .invalidAPIKey:
            return strings["error.invalidAPIKey"]
        case .placeNotFound(let query):
            return strings("error.placeNotFound", ["query": query])
        case .notInSampleData(let query, let available):
            return strings("error.notInSampleData", ["query": query, "places": available.joined(separator: ", ")])
        case .rateLimited(let retryAfter?):
            return strings("error.rateLimited.retryAfter", ["provider": name, "duration": RelativeAge.describe(seconds: retryAfter, strings)])
        case .rateLimited(nil):
            return strings(provider.needsKey ? "error.rateLimited.freePlan" : "error.rateLimited", ["provider": name])
        case .serverError(let status):
            return strings("error.serverError", ["provider": name, "status": String(status)])
        case .unexpectedStatus(let status):
            return strings("error.unexpectedStatus", ["provider": name, "status": String(status), "variable": provider.baseURLVariable])
        case .timedOut(let seconds):
            let duration = RelativeAge.seconds(seconds, strings)
            return strings(atPrompt ? "error.timedOut.prompt" : "error.timedOut.commandLine", ["provider": name, "duration": duration, "offline": offline])
        case .cannotConnect(let host):
            return strings("error.cannotConnect", ["host": host, "offline": offline])
        case .secureConnectionFailed(let host, let detail):
            return strings("error.secureConnectionFailed", ["host": host, "detail": detail, "offline": offline])
        case .proxyFailed(let proxy, let detail):
            return strings("error.proxyFailed", ["proxy": proxy, "detail": detail, "offline": offline])
        case .unusableProxy(let variable):
            return strings("error.proxy.unusable", ["variable": variable, "offline": offline])
        case .invalidProxy(let variable):
            return strings("error.proxy.invalid", ["variable": variable, "offline": offline])
        case .badResponse(let detail):
            return strings("error.badResponse", ["provider": name, "detail": detail.words(strings)])
        case .invalidInput(let phrase), .badConfiguration(let phrase):
            return phrase.words(strings)
        }
    }
}
