import FoundationEssentials

extension WeatherApp {
    /// Asks the warning services for the place of the current view just drawn (its report gives the place, with its
    /// country, and its time zone) and publishes them while that view is still the one shown. The weather is drawn
    /// before this is asked, so the warnings never delay it; while the place's are on the wire, they are not asked
    /// again (a redraw, a refresh), and afterwards they come from the cache while it is fresh.
    func askWarnings() {
        guard let service = warningService, !offline, screen == .current, let report = current.report else { return }
        let place = report.place
        if let running = warningsTask, running.place.isSameLocation(as: place) { return }
        warningsTask?.task.cancel()
        let (language, zone, now) = (language, report.zone, now)
        let task = Task { [weak self] in
            let outcome = await service.warnings(for: place, language: language)
            guard !Task.isCancelled, let self else { return }
            if self.warningsTask?.place.isSameLocation(as: place) == true { self.warningsTask = nil }
            guard self.screen == .current, let shown = self.current.report?.place, shown.isSameLocation(as: place) else { return }
            self.emit(.warnings(WarningsDisplay(outcome, place: place.displayName, zone: zone, options: self.options, now: now())))
        }
        warningsTask = (place, task)
    }

    /// Waits for the warnings asked, if any (a one-shot prints them before it ends).
    package func warningsAsked() async {
        await warningsTask?.task.value
    }
}
