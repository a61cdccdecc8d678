import Foundation

/// Publishes the 5-day view for a place.
@MainActor
public final class DailyViewModel: RequestingViewModel {
    public var onUpdate: ((DailyDisplay) -> Void)?
    public var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }

    private let loader: ReportLoader

    public init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        loader = ReportLoader(service: service, now: now)
        self.options = options
    }

    /// Loads the place's report (from the cache when fresh) and publishes five days.
    @discardableResult
    public func show(_ place: Place) async -> RequestOutcome {
        await loader.load(place, with: runner) { self.publish() }
    }


    public var display: DailyDisplay? {
        loader.report.map { loader.formatter(options).daily($0) }
    }

    private func publish() {
        if let display { onUpdate?(display) }
    }
}
