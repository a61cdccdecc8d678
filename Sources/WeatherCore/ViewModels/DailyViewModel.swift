import FoundationEssentials

/// Publishes the 5-day view for a place.
@MainActor
package final class DailyViewModel: ReportViewModel<DailyDisplay> {
    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        super.init(service: service, options: options, now: now) { formatter, report in formatter.daily(report) }
    }
}

extension DailyViewModel: ScreenViewModel {
    package var event: AppEvent? { display.map(AppEvent.daily) }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { publish(.daily($0)) }
    }
}
