import FoundationEssentials

/// Publishes when it next rains or snows at a place (`:rain`), from its forecast.
@MainActor
package final class RainViewModel: RequestingViewModel {
    package var onUpdate: ((RainDisplay) -> Void)?
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }

    private var report: WeatherReport?

    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        super.init(service: service, now: now)
    }

    /// Loads the place's report (from the cache when fresh) and publishes the outlook.
    @discardableResult
    package func show(_ place: Place) async -> RequestOutcome {
        await loadReport(place) { report in
            self.report = report
            self.publish()
        }
    }

    package var display: RainDisplay? {
        report.map { formatter(options).rain($0) }
    }

    private func publish() {
        if let display { onUpdate?(display) }
    }
}

extension RainViewModel: ScreenViewModel {
    package func show(_ screen: Screen, at place: Place?) async -> RequestOutcome {
        guard let place else { return .cancelled }
        return await show(place)
    }

    package var event: AppEvent? { display.map(AppEvent.rain) }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { publish(.rain($0)) }
    }
}
