import FoundationEssentials

/// What a view says above its figures, in parts: the terminal layer words them, so no error is worded here.
package struct Notice: Equatable, Sendable {
    /// One thing a notice says.
    package enum Part: Equatable, Sendable {
        /// Worded already: sample data, a copy being updated, a provider's 3-hour steps.
        case text(String)
        /// `from` failed for `reason`, and `to` answered instead.
        case failover(from: ProviderID, to: ProviderID, reason: WeatherError)
        /// `from` failed for `reason` in the last minutes and was not asked: `to` is asked first for a while.
        case resting(from: ProviderID, to: ProviderID, reason: WeatherError)
        /// A copy fetched `age` ago ("25 minutes") from `provider` is shown: refreshing it there failed for `reason`.
        case stale(age: String, reason: WeatherError, provider: ProviderID)
    }

    package var parts: [Part]

    /// Nil for no parts.
    package init?(_ parts: [Part]) {
        guard !parts.isEmpty else { return nil }
        self.parts = parts
    }
}
