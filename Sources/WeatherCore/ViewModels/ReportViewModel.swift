import FoundationEssentials

/// A screen drawn from one place's report with nothing else to choose (the days ahead, the rain outlook): it loads
/// the report (from the cache while fresh) and publishes it formatted with the present options, and again when they
/// change.
@MainActor
package class ReportViewModel<Display: Sendable>: RequestingViewModel {
    package var onUpdate: ((Display) -> Void)?
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }

    /// The report shown; a screen that asks more beside it (`:rain`) sets it itself.
    var report: WeatherReport?
    private let format: @MainActor (DisplayFormatter, WeatherReport) -> Display

    init(
        service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date,
        format: @escaping @MainActor (DisplayFormatter, WeatherReport) -> Display
    ) {
        self.options = options
        self.format = format
        super.init(service: service, now: now)
    }

    /// Loads the place's report (from the cache when fresh) and publishes it.
    @discardableResult
    package func show(_ place: Place) async -> RequestOutcome {
        await loadReport(place) { report in
            self.report = report
            self.publish()
        }
    }

    /// Its screen, at `place`.
    @discardableResult
    package func show(_ screen: Screen, at place: Place?) async -> RequestOutcome {
        guard let place else { return .cancelled }
        return await show(place)
    }

    package var display: Display? {
        report.map { format(formatter(options), $0) }
    }

    func publish() {
        if let display { onUpdate?(display) }
    }
}
