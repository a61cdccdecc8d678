import WeatherCore

extension Notice {
    /// The notice as one paragraph: its parts' words, in order, in the language of `strings`, with hints for where
    /// it is read.
    package func words(_ strings: Strings, in context: MessageContext = .commandLine) -> String {
        parts.map { $0.words(strings, in: context) }.joined(separator: " ")
    }

    /// In English.
    package var words: String { words(Strings.terminal(.english)) }
}

extension Notice.Part {
    /// "OpenWeather did not answer (server error 503); showing Open-Meteo.", "From 25 minutes ago: could not refresh. …"
    /// A stale copy names the provider whose refresh failed, and its hints name what works where it is read.
    package func words(_ strings: Strings, in context: MessageContext = .commandLine) -> String {
        switch self {
        case .text(let text):
            return text
        case .sample:
            return strings["notice.sample"]
        case .refreshing(let age):
            return strings("notice.refreshing", ["age": RelativeAge.describe(seconds: age, strings)])
        case .copy(let age):
            return strings("notice.copy", ["age": RelativeAge.describe(seconds: age, strings)])
        case .deprecated(let provider):
            return strings("notice.deprecated", ["provider": provider.displayName])
        case .utc:
            return strings["notice.utc"]
        case .oldObservation(let at, let time):
            // A date and a clock time, no age: the same observation reads the same on every day.
            return strings("notice.oldObservation", [
                "weekday": strings["date.weekday.\(at.weekday)"], "day": "\(at.day)", "month": strings["date.month.\(at.month)"],
                "year": "\(at.year)", "time": time,
            ])
        case .threeHourSteps(let provider):
            return strings("notice.threeHourSteps", ["provider": provider.displayName])
        case .threeHourSampleSteps:
            return strings["notice.threeHourSteps.sample"]
        case .failover(let from, let to, let reason):
            let key = switch reason {
            case .missingAPIKey, .invalidAPIKey, .rateLimited: "notice.failover.unusable"
            default: "notice.failover.noAnswer"
            }
            return strings(key, ["from": from.displayName, "reason": reason.shortReason(strings), "to": to.displayName])
        case .resting(let from, let to, let reason):
            return strings("notice.failover.resting", ["from": from.displayName, "reason": reason.shortReason(strings), "to": to.displayName])
        case .stale(let age, let reason, let provider):
            return strings("notice.stale", ["age": RelativeAge.describe(seconds: age, strings), "message": reason.message(in: context, provider: provider, strings: strings)])
        }
    }

    /// In English.
    package var words: String { words(Strings.terminal(.english)) }
}
