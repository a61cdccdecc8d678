import FoundationEssentials

/// What every view model shares: the service it asks, its clock, a `RequestRunner` (newest request wins) and the
/// error and loading callbacks that runner drives.
@MainActor
package class RequestingViewModel {
    /// Called when a request fails.
    package var onError: ((WeatherError) -> Void)? {
        get { runner.onError }
        set { runner.onError = newValue }
    }
    /// Called with true when a request starts and false when the newest one ends.
    package var onLoadingChanged: ((Bool) -> Void)? {
        get { runner.onLoadingChanged }
        set { runner.onLoadingChanged = newValue }
    }

    let runner = RequestRunner()
    let service: any WeatherProviding
    /// The time the views compare against (tests pass a fixed one).
    let now: @Sendable () -> Date

    init(service: any WeatherProviding, now: @escaping @Sendable () -> Date) {
        self.service = service
        self.now = now
    }

    /// A formatter for `options` at the present time.
    func formatter(_ options: DisplayOptions) -> DisplayFormatter {
        DisplayFormatter(options: options, now: now())
    }

    /// Fetches a place's report (from the cache while fresh) and hands it to `apply`, if no newer request came since.
    func loadReport(_ place: Place, apply: @escaping @MainActor (WeatherReport) -> Void) async -> RequestOutcome {
        let service = service
        return await runner.run({ try await service.report(for: place) }, apply: apply)
    }

    /// Cancels the request in flight, if any.
    package func cancel() { runner.cancel() }
}
