import FoundationEssentials

/// Publishes the hourly view for a place: "Now" and the coming 3-hour slots.
@MainActor
package final class HourlyViewModel: RequestingViewModel {
    package var onUpdate: ((HourlyDisplay) -> Void)?
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }
    /// Slots shown by default: 8, a day ahead.
    package nonisolated static let defaultCount = 8
    /// Hours shown by default hour by hour: a day.
    package nonisolated static let defaultHours = 24
    package private(set) var count = defaultCount
    /// True for `:hourly 1h`: the provider's 1-hour steps.
    package private(set) var hourByHour = false

    private var report: WeatherReport?

    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        super.init(service: service, now: now)
    }

    /// Loads the place's report (from the cache when fresh) and publishes `count` slots.
    @discardableResult
    package func show(_ place: Place, count: Int = defaultCount, hourByHour: Bool = false) async -> RequestOutcome {
        self.count = count
        self.hourByHour = hourByHour
        return await loadReport(place) { report in
            self.report = report
            self.publish()
        }
    }

    package var display: HourlyDisplay? {
        report.map { formatter(options).hourly($0, count: count, hourByHour: hourByHour) }
    }

    private func publish() {
        if let display { onUpdate?(display) }
    }
}

extension HourlyViewModel: ScreenViewModel {
    package func show(_ screen: Screen, at place: Place?) async -> RequestOutcome {
        guard let place, case .hourly(let step) = screen else { return .cancelled }
        return await show(place, count: step.count, hourByHour: step.hourByHour)
    }

    package var event: AppEvent? { display.map(AppEvent.hourly) }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { publish(.hourly($0)) }
    }
}
