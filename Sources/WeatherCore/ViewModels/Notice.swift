import FoundationEssentials

/// What a view says above its figures, in parts: the terminal layer words them, so no error is worded here.
package struct Notice: Equatable, Sendable {
    /// One thing a notice says.
    package enum Part: Equatable, Sendable {
        /// Words written elsewhere, said as they are.
        case text(String)
        /// The figures are the bundled sample data, not real weather.
        case sample
        /// A copy fetched `age` seconds ago is shown while it is updated.
        case refreshing(age: Int)
        /// A copy fetched `age` seconds ago is shown (a run that does not wait for the update).
        case copy(age: Int)
        /// `provider` says the version of its forecast asked for will be withdrawn.
        case deprecated(provider: ProviderID)
        /// The place's time zone is not known: the times shown are UTC.
        case utc
        /// The current view's observation was made at `at` (the place's local time; `time` its clock time as the views
        /// write it), more than `DisplayFormatter.oldObservationAge` before the answer holding it was fetched (a stuck
        /// station, a caching proxy): it is not the weather now.
        case oldObservation(at: LocalTime, time: String)
        /// `provider` forecasts in 3-hour steps only, so hour by hour shows those steps.
        case threeHourSteps(provider: ProviderID)
        /// The offline samples come in 3-hour steps only (no provider was asked: none is named or advised).
        case threeHourSampleSteps
        /// `from` failed for `reason`, and `to` answered instead.
        case failover(from: ProviderID, to: ProviderID, reason: WeatherError)
        /// `from` failed for `reason` in the last minutes and was not asked: `to` is asked first for a while.
        case resting(from: ProviderID, to: ProviderID, reason: WeatherError)
        /// A copy fetched `age` seconds ago from `provider` is shown: refreshing it there failed for `reason`.
        case stale(age: Int, reason: WeatherError, provider: ProviderID)
    }

    package var parts: [Part]

    /// Nil for no parts.
    package init?(_ parts: [Part]) {
        guard !parts.isEmpty else { return nil }
        self.parts = parts
    }
}
