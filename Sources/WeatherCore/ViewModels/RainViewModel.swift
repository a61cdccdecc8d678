import FoundationEssentials

/// Publishes when it next rains or snows at a place (`:rain`), from its forecast.
@MainActor
package final class RainViewModel: ReportViewModel<RainDisplay> {
    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        super.init(service: service, options: options, now: now) { formatter, report in formatter.rain(report) }
    }
}

extension RainViewModel: ScreenViewModel {
    package var event: AppEvent? { display.map(AppEvent.rain) }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { publish(.rain($0)) }
    }
}
