import FoundationEssentials

/// One place of the `:places` list: its number, whether it is the home, and its weather when it could be had.
package struct PlaceRow: Equatable, Sendable {
    /// Its number in the list, from 1: what `:pick`, a number alone and `:forget` take.
    package var number: Int
    package var place: Place
    package var isHome: Bool
    /// The place's local time now, "Mon 14:37"; nil without its weather (its zone comes with it).
    package var localTime: String?
    /// Its current weather, today's high and low among it; nil when no provider could answer for it.
    package var weather: CurrentWeatherDisplay?
    /// The same local time, typed: plain mode says its weekday in full.
    package var local: LocalTime? = nil
}

/// The `:places` answer: the places followed (home first, then the recent cities, most recent first), each with its
/// weather, in the person's units and language.
package struct PlacesDisplay: Equatable, Sendable {
    package var rows: [PlaceRow]
    /// What every row with weather is not live for (sample data, or copies all shown because of a failure), said once
    /// above the list; nil when one of them is live, and then each row that is a copy says so itself (its
    /// `weather.notice`).
    package var notice: Notice?
    /// The provider that answered, when it is not the default one (or another answered for it).
    package var provider: String?
    /// `:map` of one place: the region's large cities around it with their weather, unnumbered (number 0), asked in
    /// one request of their own whatever the provider (`PlacesViewModel.region`); empty otherwise.
    package var regionCities: [PlaceRow] = []
    /// The line the region cities' source asks for; nil without them.
    package var regionAttribution: String?
}

extension DisplayFormatter {
    /// The list of places: each report formatted as the current view's, with the local time now.
    package func places(_ entries: [(place: Place, isHome: Bool, report: WeatherReport?)]) -> PlacesDisplay {
        let weekdays = WeekdayNames(options.strings)
        let rows = entries.enumerated().map { index, entry in
            PlaceRow(
                number: index + 1, place: entry.place, isHome: entry.isHome,
                localTime: entry.report.map { report in
                    let local = LocalTime(now, report.zone)
                    return "\(weekdays.name(local.weekday)) \(local.clockTime(options.clock))"
                },
                weather: entry.report.map(current), local: entry.report.map { LocalTime(now, $0.zone) })
        }
        let reports = entries.compactMap(\.report)
        let notices = reports.map { notice($0) }
        return PlacesDisplay(
            rows: rows, notice: notices.contains(nil) ? nil : notices.first ?? nil,
            provider: reports.lazy.compactMap { providerName($0) }.first)
    }
}

/// The places followed with their weather (`:places`, and `:map`'s pins): all of them asked for at once (`WeatherProviding.reports(for:)`:
/// one request with Open-Meteo, four at a time with the others, each from the cache while fresh), published
/// together, and again with no request when the options change.
@MainActor
package final class PlacesViewModel: RequestingViewModel {
    package var onUpdate: ((PlacesDisplay) -> Void)?
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }
    /// The places followed, in the order listed, and the home among them: handed in by the app model.
    package var followed: (() -> (places: [Place], home: Place?))?
    private var entries: [(place: Place, isHome: Bool, report: WeatherReport?)]?
    /// The region's cities and their weather, for a map of one place.
    private var regionEntries: [(place: Place, report: WeatherReport?)] = []
    /// `:map` of one place: the large cities around it (the gazetteer's), and the service that answers for all of
    /// them in one request (Open-Meteo's, keyless, whatever the provider chosen); set by the app model. Nil, or
    /// offline: a map of the places alone.
    package var region: (cities: @MainActor (Place) -> [Place], service: any WeatherProviding)?
    /// The screen it shows: `.places` (the list) or `.map`.
    package let screen: Screen

    package init(
        _ screen: Screen = .places, service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.screen = screen
        self.options = options
        super.init(service: service, now: now)
    }

    /// Asks for every place's weather at once and publishes the list; an empty list is published with no request.
    /// A map of one place also asks, beside it and in one request, for the weather of the region's large cities
    /// (`region`); their failure leaves them out and fails nothing.
    @discardableResult
    package func load(_ places: [Place], home: Place?) async -> RequestOutcome {
        let service = service
        let isHome = places.map { place in home.map { $0.isSameLocation(as: place) } ?? false }
        guard !places.isEmpty else {
            runner.supersede()
            entries = []
            regionEntries = []
            publish()
            return .updated
        }
        let cities = screen == .map && places.count == 1 ? region?.cities(places[0]) ?? [] : []
        let regionService = cities.isEmpty ? nil : region?.service
        return await runner.run({
            async let regionReports: [WeatherReport?] = Self.reports(of: cities, from: regionService)
            let reports = try await service.reports(for: places)
            return (reports, await regionReports)
        }, apply: { reports, regionReports in
            self.entries = places.indices.map { (places[$0], isHome[$0], reports.indices.contains($0) ? reports[$0] : nil) }
            self.regionEntries = cities.indices.compactMap { index in
                regionReports.indices.contains(index) ? regionReports[index].map { (cities[index], $0) } : nil
            }
            self.publish()
        })
    }

    /// The region cities' reports, none when there is no service or it fails.
    private nonisolated static func reports(of cities: [Place], from service: (any WeatherProviding)?) async -> [WeatherReport?] {
        guard let service, !cities.isEmpty else { return [] }
        return (try? await service.reports(for: cities)) ?? []
    }

    /// Drops a place from the list held (after `:forget`) and publishes it again, numbered anew, with no request.
    package func remove(_ place: Place) {
        guard let held = entries else { return }
        entries = held.filter { !$0.place.isSameLocation(as: place) }
        publish()
    }

    package var display: PlacesDisplay? {
        guard let entries else { return nil }
        let formatter = formatter(options)
        var display = formatter.places(entries)
        display.regionCities = formatter.places(regionEntries.map { ($0.place, false, $0.report) }).rows.map { row in
            var row = row
            row.number = 0
            return row
        }
        display.regionAttribution = regionEntries.lazy.compactMap { $0.report?.provider.attribution }.first
        return display
    }

    private func publish() {
        if let display { onUpdate?(display) }
    }
}

extension PlacesViewModel: ScreenViewModel {
    package func show(_ screen: Screen, at place: Place?) async -> RequestOutcome {
        guard screen == self.screen, let followed = followed?() else { return .cancelled }
        return await load(followed.places, home: followed.home)
    }

    package var event: AppEvent? { display.map(event) }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { [unowned self] in publish(event($0)) }
    }

    private func event(_ display: PlacesDisplay) -> AppEvent {
        screen == .map ? .map(display) : .places(display)
    }
}
