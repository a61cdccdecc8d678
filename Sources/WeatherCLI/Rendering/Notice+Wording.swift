import WeatherCore

extension Notice {
    /// The notice as one paragraph: its parts' words, in order.
    package var words: String { parts.map(\.words).joined(separator: " ") }
}

extension Notice.Part {
    /// "OpenWeather did not answer (server error 503); showing Open-Meteo.", "From 25 minutes ago: could not refresh. …"
    package var words: String {
        switch self {
        case .text(let text):
            return text
        case .failover(let from, let to, let reason):
            let what = switch reason {
            case .missingAPIKey, .invalidAPIKey, .rateLimited: "could not be used"
            default: "did not answer"
            }
            return "\(from.displayName) \(what) (\(reason.shortReason)); showing \(to.displayName)."
        case .stale(let age, let reason):
            return "From \(age) ago: could not refresh. \(reason.message)"
        }
    }
}
