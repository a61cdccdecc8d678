import FoundationEssentials

/// Publishes when it next rains or snows at a place (`:rain`), from its forecast, and the next two hours to the step
/// where a nowcast source has real minute-level data for it.
@MainActor
package final class RainViewModel: ReportViewModel<RainDisplay> {
    /// Where the minutes come from (nil offline, or none composed: the hourly forecast alone).
    package var nowcastSource: (any NowcastProviding)?
    /// The minutes that came with the report shown, and their place.
    private var nowcast: (Nowcast, Place)?

    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        super.init(service: service, options: options, now: now) { formatter, report in formatter.rain(report) }
    }

    /// Loads the place's report and its nowcast at the same moment, and publishes both. The screen is about the
    /// minutes, so unlike the current view's line it waits for them (within the answer's deadline); a nowcast that
    /// fails or has nothing for the place leaves the hourly outlook alone.
    @discardableResult
    override package func show(_ place: Place) async -> RequestOutcome {
        let (service, source) = (service, nowcastSource)
        return await runner.run({ () async throws -> (WeatherReport, Nowcast?) in
            async let minutes = Self.minutes(source, at: place)
            let report = try await service.report(for: place)
            return (report, await minutes)
        }, apply: { report, minutes in
            self.nowcast = minutes.map { ($0, report.place) }
            self.report = report
            self.publish()
        })
    }

    private nonisolated static func minutes(_ source: (any NowcastProviding)?, at place: Place) async -> Nowcast? {
        guard let source else { return nil }
        return (try? await source.nowcast(for: place)) ?? nil
    }

    override package var display: RainDisplay? {
        guard let report else { return nil }
        let minutes = nowcast.flatMap { nowcast, place in place.isSameLocation(as: report.place) ? nowcast : nil }
        return formatter(options).rain(report, nowcast: minutes)
    }
}

extension RainViewModel: ScreenViewModel {
    package var event: AppEvent? { display.map(AppEvent.rain) }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { publish(.rain($0)) }
    }
}
