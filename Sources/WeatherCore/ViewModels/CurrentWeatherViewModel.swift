import FoundationEssentials
import HTTPKit
import Synchronization

/// Finds a place and publishes its current weather; keeps the places the search matched so the view can offer them.
@MainActor
package final class CurrentWeatherViewModel: RequestingViewModel {
    /// Called with each new display: after a search, a pick, or a change of units or clock.
    package var onUpdate: ((CurrentWeatherDisplay) -> Void)?
    /// Called with the display when only its place's name changed (`show(found:…)`'s late names).
    package var onRename: ((CurrentWeatherDisplay) -> Void)?

    /// How fresh a copy `showCopy(of:)` showed is.
    package enum Copy: Equatable, Sendable {
        /// Fresh: a request would bring nothing newer.
        case fresh
        /// Older: shown marked as refreshing, until `BackgroundRefresh` brings a newer one.
        case stale
    }

    /// The report shown now.
    package private(set) var report: WeatherReport?
    /// Every place the last search matched, in the order found; a pick does not reorder them.
    package private(set) var matches: [Place] = []
    /// The index in `matches` of the place shown.
    package private(set) var shownIndex = 0
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }
    /// Where the "Air" line comes from: asked beside the weather, never waited for (nil offline: no line).
    package var airSource: (any AirQualityProviding)?
    /// The scale chosen (`:aqi`); nil: the place's own.
    package var airScale: AQIScale?
    /// Told when a weather request for a place whose country is known leaves (a search's after its geocoding): what
    /// is asked beside the weather (the warnings) leaves with it. Called on the main actor, before the request.
    /// `behind` is true when the weather's request follows the geocoder's on the connection that one opened (or the
    /// name came after the weather left): what leaves with it then needs a connection of its own, two round trips
    /// behind the weather.
    package var onWeatherAsked: (@MainActor (_ place: Place, _ behind: Bool) -> Void)?
    /// The air that came with the report shown, and its place: drawn only beside that place's weather.
    private var air: (AirQuality, Place)?
    /// Where the minute-level rain line comes from: asked beside the weather like the air (nil offline: no line).
    package var nowcastSource: (any NowcastProviding)?
    /// The minutes that came with the report shown, and their place.
    private var nowcast: (Nowcast, Place)?

    package init(service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        super.init(service: service, now: now)
    }

    /// The place shown now.
    package var place: Place? { report?.place }

    /// Geocodes typed text and shows the first match's weather.
    @discardableResult
    package func search(_ text: String) async -> RequestOutcome {
        settleRefreshingCopy()
        let (service, airSource, nowcastSource, asked) = (service, airSource, nowcastSource, onWeatherAsked)
        return await runner.run({
            let query = try LocationQuery.parse(text)
            // One answer: the search and the report share one deadline.
            return try await Answer.run {
                if case .coordinates(let lat, let lon) = query {
                    // The weather needs nothing but the coordinates: asked at once, while the place is named
                    // (reverse geocoding); a name that cannot be found leaves the coordinates as the name. What goes
                    // beside the weather (the warnings, which need the country) leaves as soon as the name is in.
                    let naming = Task { try await service.places(matching: query) }
                    defer { naming.cancel() }
                    if let asked {
                        Task { if let named = try? await naming.value.first { asked(named, true) } }
                    }
                    let bare = Place(name: Place.coordinateName(lat, lon), latitude: lat, longitude: lon)
                    var (report, air, nowcast) = try await NowcastBeside.weather(nowcastSource, air: airSource, at: bare) {
                        try await service.report(for: bare)
                    }
                    let places = (try? await naming.value).flatMap { $0.isEmpty ? nil : $0 } ?? [report.place]
                    report.place = places[0]
                    return (places, report, air, nowcast)
                }
                // The air's connection opens with the weather's while the search is on the wire (a search the cache
                // answers opens none), so the air takes no connection the weather's UV index waits for.
                let places = try await PreparedConnections.$alongside.withValue(AirBeside.urls(airSource)) {
                    try await service.places(matching: query)
                }
                asked?(places[0], true)
                let (report, air, nowcast) = try await NowcastBeside.weather(nowcastSource, air: airSource, at: places[0]) {
                    try await service.report(for: places[0])
                }
                return (places, report, air, nowcast)
            }
        }, apply: { places, report, air, nowcast in
            self.matches = places
            self.shownIndex = 0
            self.report = report
            self.air = air.map { ($0, report.place) }
            self.nowcast = nowcast.map { ($0, report.place) }
            self.publish()
        })
    }

    /// Shows the first of `places`, found on the machine (the gazetteer), from its coordinates: the weather request
    /// leaves at once, waiting for no geocoder; `places` become the matches (`:pick` chooses among them). `naming`,
    /// when given, asks a geocoder at the same time for what the table does not know (the name in the language, the
    /// state), as the same place found there. An answer in before the weather is merged into the place before it is
    /// drawn. With `lateNames` (the prompt's handoff: the line editor holds the main thread), one that comes later is
    /// handed over, merged, and the view published again (`renamed` is told); without (piped and one-shot runs, which
    /// draw one view), the view waits for it too, both having left together. A geocoder that fails or finds another
    /// place changes nothing.
    @discardableResult
    package func show(
        found places: [Place], naming: (@Sendable () async -> Place?)?, lateNames: MainActorHandoff?,
        renamed: @escaping @MainActor @Sendable (Place) -> Void = { _ in }
    ) async -> RequestOutcome {
        guard let found = places.first else { return .cancelled }
        settleRefreshingCopy()
        let (service, airSource, nowcastSource) = (service, airSource, nowcastSource)
        let answer = NamingAnswer()
        onWeatherAsked?(found, false)
        let outcome = await runner.run({ () async throws -> (WeatherReport, AirQuality?, Nowcast?) in
            try await Answer.run {
                // Off the main actor, which the line editor holds while the prompt waits; the answer's deadline
                // (a task-local) goes with it.
                let deadline = Answer.current
                let names = naming.map { naming in
                    Task.detached {
                        let named = await Answer.$current.withValue(deadline) { await naming() }
                        answer.set(named)
                        return named
                    }
                }
                answer.task = names
                let weather: (WeatherReport, AirQuality?, Nowcast?)
                do {
                    // The air and the minutes beside it, as for a search.
                    weather = try await NowcastBeside.weather(nowcastSource, air: airSource, at: found) { try await service.report(for: found) }
                } catch {
                    names?.cancel()
                    throw error
                }
                if lateNames == nil, let names { _ = await names.value }
                return weather
            }
        }, apply: { report, air, nowcast in
            var report = report
            self.air = air.map { ($0, found) }
            self.nowcast = nowcast.map { ($0, found) }
            var place = found
            if let named = answer.value { place = place.merging(named) }
            report.place = place
            self.matches = [place] + places.dropFirst()
            self.shownIndex = 0
            self.report = report
            self.publish()
        })
        // Still asking: the name is taken when it comes (already merged, it changes nothing).
        if outcome == .updated, let late = answer.task, let lateNames {
            Task.detached {
                guard let named = await late.value else { return }
                lateNames { [weak self] in self?.rename(found, with: named, renamed: renamed) }
            }
        }
        return outcome
    }

    /// A geocoder's name for `found`, come after its weather: merged into the place shown and published again, if the
    /// view still shows that place.
    private func rename(_ found: Place, with named: Place, renamed: @MainActor (Place) -> Void) {
        guard let shown = report?.place, shown == matches.first, shown.isSameLocation(as: found) else { return }
        let place = shown.merging(named)
        guard place != shown else { return }
        report?.place = place
        matches[0] = place
        if let display { onRename?(display) }
        renamed(place)
    }

    /// Shows a place whose coordinates are known (a recent city, the last one): no geocoding; it becomes the only match.
    @discardableResult
    package func show(_ place: Place) async -> RequestOutcome {
        settleRefreshingCopy()
        onWeatherAsked?(place, false)
        let (service, airSource, nowcastSource) = (service, airSource, nowcastSource)
        return await runner.run({ try await NowcastBeside.weather(nowcastSource, air: airSource, at: place) { try await service.report(for: place) } }, apply: {
            report, air, nowcast in
            self.air = air.map { ($0, report.place) }
            self.nowcast = nowcast.map { ($0, report.place) }
            self.show(report, of: place)
        })
    }

    /// Shows a place whose coordinates are known from its cached copy, with no request (an older copy is marked as
    /// refreshing, for `BackgroundRefresh` to refresh); nothing older publishes after it. Nil, and nothing shown, when
    /// no copy is cached.
    package func showCopy(of place: Place) async -> Copy? {
        runner.supersede()
        onWeatherAsked?(place, false)
        guard let copy = await service.cachedReport(for: place) else { return nil }
        // The air and the minutes fresh in the cache come with it, as they do beside a fetched report (the "Air" and
        // "Rain" lines were missing from every view drawn from a copy).
        let wantsAir = Answer.current?.wantsAirQuality ?? true
        let wantsNowcast = Answer.current?.wantsNowcast ?? true
        air = wantsAir ? await airSource?.cachedAirQuality(for: place).map { ($0, copy.place) } : nil
        nowcast = wantsNowcast ? await nowcastSource?.cachedNowcast(for: place).map { ($0, copy.place) } : nil
        show(copy, of: place)
        if case .refreshing = copy.source { return .stale }
        return .fresh
    }

    /// Takes the answer of a refresh of `place` run in the background (`BackgroundRefresh`): shown when it is newer.
    /// When it is not (a failure, or only the stale copy came back), a copy of the place shown as refreshing stays,
    /// now saying why it is old, and the reason comes back with when that copy was fetched (nil: no copy of the place
    /// is shown).
    func takeRefresh(_ result: Result<WeatherReport, WeatherError>, of place: Place) -> (reason: WeatherError, copyFetchedAt: Date?)? {
        let copyFetchedAt: Date? =
            if let shown = report, shown.place == place, case .refreshing(let fetchedAt) = shown.source { fetchedAt } else { nil }
        switch result {
        case .success(let fresh):
            guard let copyFetchedAt, case .stale(_, let reason) = fresh.source else {
                show(fresh, of: place)
                return nil
            }
            report = fresh  // the same copy, now saying why it is not newer
            return (reason, copyFetchedAt)
        case .failure(let error):
            if let copyFetchedAt { report?.source = .stale(fetchedAt: copyFetchedAt, reason: error) }
            return (error, copyFetchedAt)
        }
    }

    /// A newer request overtakes the refresh of a copy shown as refreshing, whose answer will never be shown: the
    /// copy stops saying "updating…" (drawn again, with new units say, it keeps its age).
    private func settleRefreshingCopy() {
        if case .refreshing(let fetchedAt) = report?.source { report?.source = .copy(fetchedAt: fetchedAt) }
    }

    private func show(_ report: WeatherReport, of place: Place) {
        matches = [place]
        shownIndex = 0
        self.report = report
        publish()
    }

    /// Shows match `number` (1-based) of the last search; the list keeps its order.
    @discardableResult
    package func pick(_ number: Int) async -> RequestOutcome {
        guard matches.count > 1 else {
            return fail(.invalidInput(Phrase("error.pick.onlyOne")))
        }
        guard (1...matches.count).contains(number) else {
            return fail(.invalidInput(Phrase("error.pick.range", ["count": String(matches.count)])))
        }
        let chosen = number - 1
        let (service, airSource, nowcastSource) = (service, airSource, nowcastSource)
        let place = matches[chosen]
        onWeatherAsked?(place, false)
        return await runner.run({ try await NowcastBeside.weather(nowcastSource, air: airSource, at: place) { try await service.report(for: place) } }, apply: {
            report, air, nowcast in
            self.shownIndex = chosen
            self.report = report
            self.air = air.map { ($0, report.place) }
            self.nowcast = nowcast.map { ($0, report.place) }
            self.publish()
        })
    }

    /// Offers places to pick from with nothing shown yet (an ambiguous name the gazetteer knows): `:pick N` shows one.
    package func offer(_ places: [Place]) {
        runner.supersede()
        matches = places
        shownIndex = -1
    }

    /// Forgets the last search's list (after a search that found nothing, `:pick` has nothing to choose from).
    package func forgetMatches() {
        matches = []
        shownIndex = 0
    }

    /// The current display, formatted with the present options.
    package var display: CurrentWeatherDisplay? {
        guard let report else { return nil }
        var display = formatter(options).current(report)
        if let (air, place) = air, place.latitude == report.place.latitude, place.longitude == report.place.longitude {
            display.air = AirIndex(air.now, scale: airScale ?? .automatic(for: report.place))
            display.airSource = display.air == nil ? nil : air.source
        }
        if let (nowcast, place) = nowcast, place.isSameLocation(as: report.place),
            let (ahead, sentence) = formatter(options).nowcastLine(nowcast, report)
        {
            display.nowcast = ahead
            display.nowcastSentence = sentence
        }
        return display
    }

    private func publish() {
        if let display { onUpdate?(display) }
    }

    private func fail(_ error: WeatherError) -> RequestOutcome {
        onError?(error)
        return .failed(error)
    }
}

extension CurrentWeatherViewModel: ScreenViewModel {
    package func show(_ screen: Screen, at place: Place?) async -> RequestOutcome {
        guard let place else { return .cancelled }
        return await show(place)
    }

    package var event: AppEvent? { display.map(AppEvent.current) }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { publish(.current($0)) }
        onRename = { publish(.renamed($0)) }
    }
}

/// A geocoder's answer for a place found on the machine, once it is in: read when the weather arrives.
private final class NamingAnswer: Sendable {
    private let answer = Mutex<Place?>(nil)
    private let asking = Mutex<Task<Place?, Never>?>(nil)

    var value: Place? { answer.withLock { $0 } }

    func set(_ place: Place?) { answer.withLock { $0 = place } }

    /// The request asking, while it may still answer.
    var task: Task<Place?, Never>? {
        get { asking.withLock { $0 } }
        set { asking.withLock { $0 = newValue } }
    }
}

/// Something asked beside the weather (the air, the minutes): started at the same moment, and taken only if it is in
/// when the weather is (it never holds the weather up), else from the cache while fresh. Its request runs on to its
/// end, so a slow answer is cached for the next view, and its failure never counts against the weather's host. Its
/// requests are background ones (`RequestPriority`): they never take a connection kept or opened for a view's, so they
/// hold none the weather, or the next view's, waits for. With `waits` (an answer that is nothing without it), it is
/// waited for: its request is bounded by the answer's deadline, which it inherits.
enum Beside {
    static func weather<T: Sendable, Extra: Sendable>(
        asking ask: @escaping @Sendable () async throws -> Extra?, cached: () async -> Extra?, waits: Bool = false,
        isolation: isolated (any Actor)? = #isolation, _ work: () async throws -> T
    ) async throws -> (T, Extra?) {
        let arrived = Mutex<Extra?>(nil)
        // Its failure is its own: the host it shares with the weather is still asked (`ProviderHTTP.besideTheWeather`).
        let asking = Task {
            let extra = try? await RequestPriority.$current.withValue(.background) {
                try await ProviderHTTP.$besideTheWeather.withValue(true, operation: ask)
            }
            if let extra { arrived.withLock { $0 = extra } }
        }
        let value = try await work()
        if waits { await asking.value }
        if let extra = arrived.withLock({ $0 }) { return (value, extra) }
        return (value, await cached())
    }
}

/// The air asked beside the weather (`Beside`). Not asked for an answer that shows no air (`Answer.wantsAirQuality`).
enum AirBeside {
    static func weather<T: Sendable>(
        _ source: (any AirQualityProviding)?, at place: Place, isolation: isolated (any Actor)? = #isolation,
        _ work: () async throws -> T
    ) async throws -> (T, AirQuality?) {
        guard let source, Answer.current?.wantsAirQuality ?? true else { return (try await work(), nil) }
        return try await Beside.weather(
            asking: { try await source.airQuality(for: place) }, cached: { await source.cachedAirQuality(for: place) },
            waits: Answer.current?.waitsForAirQuality ?? false, work)
    }

    /// Where the air's request will go, when it will be asked beside the weather: for its connection, opened with the
    /// report's (`PreparedConnections.alongside`).
    static func urls(_ source: (any AirQualityProviding)?) -> [URL] {
        guard Answer.current?.wantsAirQuality ?? true, let url = source?.url else { return [] }
        return [url]
    }
}

/// The minutes asked beside the weather (`Beside`), and the air beside both. Not asked for an answer that shows no
/// rain sentence (`Answer.wantsNowcast`: a `--format` status line).
enum NowcastBeside {
    static func weather<T: Sendable>(
        _ source: (any NowcastProviding)?, at place: Place, isolation: isolated (any Actor)? = #isolation,
        _ work: () async throws -> T
    ) async throws -> (T, Nowcast?) {
        guard let source, Answer.current?.wantsNowcast ?? true else { return (try await work(), nil) }
        return try await Beside.weather(asking: { try await source.nowcast(for: place) }, cached: { await source.cachedNowcast(for: place) }, work)
    }

    /// Where the minutes' request for `place` will go, when they will be asked beside the weather: for their
    /// connection, opened with the report's (`PreparedConnections.alongside`) once the place is known (a place found
    /// through a geocoder is not: its region is a guess until the geocoder answers, and nothing is opened on a guess).
    static func urls(_ source: (any NowcastProviding)?, at place: Place) -> [URL] {
        guard Answer.current?.wantsNowcast ?? true, let url = source?.url(for: place) else { return [] }
        return [url]
    }

    /// The weather with the air and the minutes asked beside it, all three leaving at once.
    static func weather<T: Sendable>(
        _ source: (any NowcastProviding)?, air: (any AirQualityProviding)?, at place: Place,
        isolation: isolated (any Actor)? = #isolation, _ work: () async throws -> T
    ) async throws -> (T, AirQuality?, Nowcast?) {
        let ((value, nowcast), air) = try await AirBeside.weather(air, at: place) { try await weather(source, at: place, work) }
        return (value, air, nowcast)
    }
}
