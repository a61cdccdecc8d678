import Foundation

/// Two places side by side: both searched at once, published together, and again when the options change.
@MainActor
package final class CompareViewModel: RequestingViewModel {
    package var onUpdate: ((CurrentWeatherDisplay, CurrentWeatherDisplay) -> Void)?
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }
    private var reports: (WeatherReport, WeatherReport)?
    /// The two places last asked for, as typed: to ask again (`:lang`).
    package private(set) var lastPair: (String, String)?

    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        super.init(service: service, now: now)
    }

    /// Finds both places and fetches their weather concurrently (each the first match of its search).
    @discardableResult
    package func compare(_ first: String, _ second: String) async -> RequestOutcome {
        let service = service
        lastPair = (first, second)
        return await runner.run({
            // One answer: both searches and reports share one deadline.
            try await Answer.run {
                async let a = Self.report(service, first)
                async let b = Self.report(service, second)
                return try await (a, b)
            }
        }, apply: { reports in
            self.reports = reports
            self.publish()
        })
    }

    private func publish() {
        guard let reports else { return }
        let formatter = formatter(options)
        onUpdate?(formatter.current(reports.0), formatter.current(reports.1))
    }

    private nonisolated static func report(_ service: any WeatherProviding, _ text: String) async throws -> WeatherReport {
        let places = try await service.places(matching: try LocationQuery.parse(text))
        return try await service.report(for: places[0])
    }
}
