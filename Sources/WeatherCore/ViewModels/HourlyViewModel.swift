import Foundation

/// Publishes the hourly view for a place: "Now" and the coming 3-hour slots.
@MainActor
package final class HourlyViewModel: RequestingViewModel {
    package var onUpdate: ((HourlyDisplay) -> Void)?
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }
    /// Slots shown by default: 8, a day ahead.
    package static let defaultCount = 8
    package private(set) var count = defaultCount

    private var report: WeatherReport?

    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        super.init(service: service, now: now)
    }

    /// Loads the place's report (from the cache when fresh) and publishes `count` slots.
    @discardableResult
    package func show(_ place: Place, count: Int = defaultCount) async -> RequestOutcome {
        self.count = count
        return await loadReport(place) { report in
            self.report = report
            self.publish()
        }
    }


    /// When it next rains or snows, from the loaded report (`:rain`).
    package var rain: RainDisplay? {
        report.map { formatter(options).rain($0) }
    }

    package var display: HourlyDisplay? {
        report.map { formatter(options).hourly($0, count: count) }
    }

    private func publish() {
        if let display { onUpdate?(display) }
    }
}
