import FoundationEssentials

/// `:alerts`: the official warnings for the place, asked beside its report (which gives its local time), listed; with
/// a number, the whole text of that one.
@MainActor
package final class AlertsViewModel: RequestingViewModel {
    package var onUpdate: ((AlertsDisplay) -> Void)?
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }
    /// The warning services, handed in by the app model; nil: none is asked (`WEATHER_OR_NOT_WARNINGS=off`).
    package var warnings: (any WarningProviding)?
    /// Offline mode (set by the app model): sample weather beside real warnings would mislead, and offline asks nothing,
    /// so `:alerts` says there are none offline, asking no service.
    package var offline = false
    private var held: (place: Place, zone: PlaceTimeZone, outcome: WarningOutcome, number: Int?)?

    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        super.init(service: service, now: now)
    }

    @discardableResult
    package func show(_ screen: Screen, at place: Place?) async -> RequestOutcome {
        guard let place, case .alerts(let number) = screen else { return .cancelled }
        guard !offline else {
            let error = WeatherError.invalidInput(Phrase("error.alerts.offline"))
            onError?(error)
            return .failed(error)
        }
        let (service, warnings, language) = (service, warnings, options.language)
        return await runner.run({
            // Both at once: the report for the place's zone (usually from the cache), the warnings beside it.
            async let report = service.report(for: place)
            let outcome = await warnings?.warnings(for: place, language: language)
            return (try await report, outcome)
        }, apply: { (report: WeatherReport, outcome: WarningOutcome?) in
            self.held = (report.place, report.zone, outcome ?? .checked(warnings: [], services: [], unavailable: []), number)
            self.publish()
        })
    }

    package var display: AlertsDisplay? {
        held.map { held in
            AlertsDisplay(
                warnings: WarningsDisplay(held.outcome, place: held.place.displayName, zone: held.zone, options: options, now: now()),
                number: held.number, off: warnings == nil)
        }
    }

    private func publish() {
        if let display { onUpdate?(display) }
    }
}

extension AlertsViewModel: ScreenViewModel {
    package var event: AppEvent? { display.map(AppEvent.alerts) }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { publish(.alerts($0)) }
    }
}

/// What `:alerts` shows: the warnings, and the one asked for by number.
package struct AlertsDisplay: Equatable, Sendable {
    package var warnings: WarningsDisplay
    /// `:alerts N`'s N; nil for the list.
    package var number: Int?
    /// True when warnings are switched off for this run: none was asked.
    package var off: Bool
}
