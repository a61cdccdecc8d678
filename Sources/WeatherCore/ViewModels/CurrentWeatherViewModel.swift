import Foundation

/// Finds a place and publishes its current weather; keeps the places the search matched so the view can offer them.
@MainActor
package final class CurrentWeatherViewModel: RequestingViewModel {
    /// Called with each new display: after a search, a pick, or a change of units or clock.
    package var onUpdate: ((CurrentWeatherDisplay) -> Void)?

    /// The report shown now.
    package private(set) var report: WeatherReport?
    /// Every place the last search matched, in the order found; a pick does not reorder them.
    package private(set) var matches: [Place] = []
    /// The index in `matches` of the place shown.
    package private(set) var shownIndex = 0
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }

    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        super.init(service: service, now: now)
    }

    /// The place shown now.
    package var place: Place? { report?.place }

    /// Geocodes typed text and shows the first match's weather.
    @discardableResult
    package func search(_ text: String) async -> RequestOutcome {
        let service = service
        return await runner.run({
            let query = try LocationQuery.parse(text)
            let places = try await service.places(matching: query)
            let report = try await service.report(for: places[0])
            return (places, report)
        }, apply: { places, report in
            self.matches = places
            self.shownIndex = 0
            self.report = report
            self.publish()
        })
    }

    /// Shows a place whose coordinates are known (a recent city, the last one): no geocoding; it becomes the only match.
    @discardableResult
    package func show(_ place: Place) async -> RequestOutcome {
        let service = service
        return await runner.run({ try await service.report(for: place) }, apply: { report in
            self.matches = [place]
            self.shownIndex = 0
            self.report = report
            self.publish()
        })
    }

    /// Shows match `number` (1-based) of the last search; the list keeps its order.
    @discardableResult
    package func pick(_ number: Int) async -> RequestOutcome {
        guard matches.count > 1 else {
            return fail(.invalidInput("There is nothing to pick: the last search found one place."))
        }
        guard (1...matches.count).contains(number) else {
            return fail(.invalidInput("Pick a number from 1 to \(matches.count)."))
        }
        let chosen = number - 1
        let service = service
        let place = matches[chosen]
        return await runner.run({ try await service.report(for: place) }, apply: { report in
            self.shownIndex = chosen
            self.report = report
            self.publish()
        })
    }

    /// Forgets the last search's list (after a search that found nothing, `:pick` has nothing to choose from).
    package func forgetMatches() {
        matches = []
        shownIndex = 0
    }

    /// The current display, formatted with the present options.
    package var display: CurrentWeatherDisplay? {
        report.map { formatter(options).current($0) }
    }

    private func publish() {
        if let display { onUpdate?(display) }
    }

    private func fail(_ error: WeatherError) -> RequestOutcome {
        onError?(error)
        return .failed(error)
    }
}
