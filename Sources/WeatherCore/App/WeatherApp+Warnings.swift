import FoundationEssentials

extension WeatherApp {
    /// The warnings beside the weather (`WarningsBeside`), when there is a warning service: they land through the
    /// prompt's mailbox when there is one.
    func connectWarnings() {
        models.alerts.warnings = warningService
        warningsBeside?.cancel()
        warningsBeside = warningService.map { service in
            WarningsBeside(service: service) { [weak self] place, outcome in self?.warningsLanded(outcome, for: place) }
        }
        warningsBeside?.handOff(through: backgroundRefresh?.handoff)
        lateWarnings = nil
    }

    /// The current view's weather request for `place` is leaving (`CurrentWeatherViewModel.onWeatherAsked`): its
    /// warnings leave with it, so they add no round trip. Only for the current view (a one-shot's other views find
    /// their place quietly, with no screen) and never offline. `behind`: the weather's request follows the
    /// geocoder's on a connection already open, and the warnings, opening their own, trail it by two round trips.
    func askWarnings(for place: Place, behind: Bool) {
        guard let warningsBeside, !offline, screen == .current else { return }
        warningsAlongside = behind ? nil : place
        warningsBeside.ask(place, language: language)
    }

    /// The current view with the warnings above it when they are in by the time it is drawn; when they are not, it
    /// is drawn at once, and they come under it when they land (`lateWarnings`). A view whose weather left without
    /// them (typed coordinates, whose country the weather does not wait for; a copy refreshed in the background)
    /// asks for them now.
    func withWarnings(_ event: AppEvent) -> AppEvent {
        guard let warningsBeside, !offline, screen == .current, let report = current.report else { return event }
        let place = report.place
        switch event {
        case .current(var display), .renamed(var display):
            if let outcome = warningsBeside.outcome(for: place, language: language) {
                display.warnings = WarningsDisplay(outcome, place: place.displayName, zone: report.zone, options: options, now: now())
                if lateWarnings?.isSameLocation(as: place) == true { lateWarnings = nil }
                if case .renamed = event { return .renamed(display) }
                return .current(display)
            }
            if !warningsBeside.isAsking(for: place) {
                warningsAlongside = nil  // asked only now, behind the weather
                warningsBeside.ask(place, language: language)
            }
            lateWarnings = place
            return event
        default:
            return event
        }
    }

    /// The warnings for `place` are in: drawn under its current view when that view was drawn without them and is
    /// still the one shown; otherwise kept for the next time it is drawn.
    private func warningsLanded(_ outcome: WarningOutcome, for place: Place) {
        guard let late = lateWarnings, late.isSameLocation(as: place), screen == .current, let report = current.report,
            report.place.isSameLocation(as: place)
        else { return }
        lateWarnings = nil
        emit(.warnings(WarningsDisplay(outcome, place: report.place.displayName, zone: report.zone, options: options, now: now())))
    }

    /// True while the current view shown was drawn without its warnings, which left beside its weather and are still
    /// on the wire: a one-shot holds the view to draw them above it. Warnings that left behind the weather (after the
    /// geocoder's answer, on a connection of their own) are not waited for: the view is drawn when its weather is in,
    /// and they come under it when they land, as at the prompt, so they never slow the weather down.
    package var warningsComing: Bool {
        guard let late = lateWarnings, let warningsBeside, warningsAlongside?.isSameLocation(as: late) == true else { return false }
        return warningsBeside.isAsking(for: late)
    }

    /// Waits for the warnings on the wire, if any, until `deadline` at the latest (a one-shot's one deadline, a piped
    /// line's: they left with the weather), and publishes them. Those of a view drawn (or held) without them that are
    /// still on the wire at the deadline are cancelled and said to be unavailable from the services covering the
    /// place: never lost without a trace.
    package func warningsAsked(before deadline: ContinuousClock.Instant? = nil) async {
        guard let warningsBeside else { return }
        let waiting = lateWarnings.flatMap { warningsBeside.isAsking(for: $0) ? $0 : nil }
        let landing: (Place, WarningOutcome)?
        if let deadline {
            landing = await withTaskGroup(of: (Place, WarningOutcome)?.self) { group in
                group.addTask { await warningsBeside.landing() }
                group.addTask {
                    // At the deadline they are no longer waited for: cancelled, nothing lands.
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    if !Task.isCancelled { warningsBeside.cancel() }
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
        } else {
            landing = await warningsBeside.landing()
        }
        if let (place, outcome) = landing {
            warningsLanded(outcome, for: place)
        } else if let deadline, let waiting, ContinuousClock.now >= deadline, let names = warningService?.services(covering: waiting),
            !names.isEmpty
        {
            warningsLanded(.checked(warnings: [], services: names, unavailable: names), for: waiting)
        }
    }
}
