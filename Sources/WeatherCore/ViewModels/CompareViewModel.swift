import FoundationEssentials

/// Two places side by side: both searched at once, published together, and again when the options change.
@MainActor
package final class CompareViewModel: RequestingViewModel {
    package var onUpdate: ((CurrentWeatherDisplay, CurrentWeatherDisplay) -> Void)?
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }
    private var reports: (WeatherReport, WeatherReport)?
    /// The place a typed name already means (a recent city, the one of that name shown last), shown without a search;
    /// nil: the name is searched.
    package var knownPlace: ((String) -> Place?)?

    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        super.init(service: service, now: now)
    }

    /// Finds both places and fetches their weather concurrently (each a known place, or the first match of its
    /// search).
    @discardableResult
    package func compare(_ first: String, _ second: String) async -> RequestOutcome {
        let service = service
        let known = (knownPlace?(first), knownPlace?(second))
        return await runner.run({
            // One answer: both searches and reports share one deadline.
            try await Answer.run {
                async let a = Self.report(service, first, known: known.0)
                async let b = Self.report(service, second, known: known.1)
                return try await (a, b)
            }
        }, apply: { reports in
            self.reports = reports
            self.publish()
        })
    }

    /// The two displays, formatted with the present options.
    package var displays: (CurrentWeatherDisplay, CurrentWeatherDisplay)? {
        guard let reports else { return nil }
        let formatter = formatter(options)
        return (formatter.current(reports.0), formatter.current(reports.1))
    }

    private func publish() {
        if let displays { onUpdate?(displays.0, displays.1) }
    }

    private nonisolated static func report(_ service: any WeatherProviding, _ text: String, known: Place?) async throws -> WeatherReport {
        if let known { return try await service.report(for: known) }
        let places = try await service.places(matching: try LocationQuery.parse(text))
        return try await service.report(for: places[0])
    }
}

extension CompareViewModel: ScreenViewModel {
    package func show(_ screen: Screen, at place: Place?) async -> RequestOutcome {
        guard case .compare(let first, let second) = screen else { return .cancelled }
        return await compare(first, second)
    }

    package var event: AppEvent? { displays.map { AppEvent.compare($0.0, $0.1) } }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { publish(.compare($0, $1)) }
    }
}
