import FoundationEssentials

extension WeatherApp {
    /// Asks the warning services for the place of the current view just drawn (its report gives the place, with its
    /// country, and its time zone) and publishes them while that view is still the one shown. The weather is drawn
    /// before this is asked, so the warnings never delay it; while the place's are on the wire, they are not asked
    /// again (a redraw, a refresh), and afterwards they come from the cache while it is fresh.
    ///
    /// At the interactive prompt libedit holds the main thread: the answer is asked off it and handed back through the
    /// prompt's mailbox (`BackgroundRefresh`), so it is drawn without waiting for a keystroke.
    func askWarnings() {
        guard let service = warningService, !offline, screen == .current, let report = current.report else { return }
        let place = report.place
        if let running = warningsTask, running.place.isSameLocation(as: place) { return }
        warningsTask?.task.cancel()
        let (language, zone) = (language, report.zone)
        let deliver: @MainActor @Sendable (WarningOutcome) -> Void = { [weak self] outcome in
            self?.showWarnings(outcome, for: place, zone: zone)
        }
        let task: Task<Void, Never>
        if let refresh = backgroundRefresh {
            task = Task.detached {
                let outcome = await service.warnings(for: place, language: language)
                guard !Task.isCancelled else { return }
                refresh.hand { deliver(outcome) }
            }
        } else {
            task = Task {
                let outcome = await service.warnings(for: place, language: language)
                guard !Task.isCancelled else { return }
                deliver(outcome)
            }
        }
        warningsTask = (place, task)
    }

    /// Publishes the warnings for `place` if its current view is still the one shown.
    private func showWarnings(_ outcome: WarningOutcome, for place: Place, zone: PlaceTimeZone) {
        if warningsTask?.place.isSameLocation(as: place) == true { warningsTask = nil }
        guard screen == .current, let shown = current.report?.place, shown.isSameLocation(as: place) else { return }
        emit(.warnings(WarningsDisplay(outcome, place: place.displayName, zone: zone, options: options, now: now())))
    }

    /// Waits for the warnings asked, if any (a one-shot prints them before it ends).
    package func warningsAsked() async {
        await warningsTask?.task.value
    }
}
