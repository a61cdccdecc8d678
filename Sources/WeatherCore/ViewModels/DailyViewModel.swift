import FoundationEssentials

/// Publishes the 5-day view for a place.
@MainActor
package final class DailyViewModel: RequestingViewModel {
    package var onUpdate: ((DailyDisplay) -> Void)?
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }

    private var report: WeatherReport?

    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        super.init(service: service, now: now)
    }

    /// Loads the place's report (from the cache when fresh) and publishes five days.
    @discardableResult
    package func show(_ place: Place) async -> RequestOutcome {
        await loadReport(place) { report in
            self.report = report
            self.publish()
        }
    }

    package var display: DailyDisplay? {
        report.map { formatter(options).daily($0) }
    }

    private func publish() {
        if let display { onUpdate?(display) }
    }
}

extension DailyViewModel: ScreenViewModel {
    package func show(_ screen: Screen, at place: Place?) async -> RequestOutcome {
        guard let place else { return .cancelled }
        return await show(place)
    }

    package var event: AppEvent? { display.map(AppEvent.daily) }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { publish(.daily($0)) }
    }
}
