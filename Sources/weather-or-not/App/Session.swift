import Foundation
import WeatherCore

/// The running program: routes each command to a view model and prints what the callbacks hand back.
/// Shared by the interactive prompt, piped input and one-shot runs.
@MainActor
final class Session {
    enum View { case current, hourly, daily, rain, compare }

    private(set) var preferences: Preferences
    private let store: PreferencesStore
    private let console: Console
    private let makeService: (Bool) -> any WeatherProviding
    private(set) var offline: Bool
    private var style: Style
    private var current: CurrentWeatherViewModel
    private var hourly: HourlyViewModel
    private var daily: DailyViewModel
    private var comparison: CompareViewModel
    /// The city the commands apply to: the last one shown, or the last one from the preferences.
    private(set) var place: Place?
    /// The view whose updates are printed; the others' (after a units change) are not.
    private var activeView: View = .current
    /// Set once a save has failed, so the failure is reported once.
    private var saveFailed = false
    private var spinner: Task<Void, Never>?
    /// What the run printed as JSON (one-shot --json), instead of text.
    var jsonOutput = false
    private(set) var lastOutcome: RequestOutcome = .updated
    /// The offline samples' names, read once when first needed (each Tab asks for them in offline mode).
    private lazy var samplePlaceNames = SampleDataTransport().placeNames

    init(
        preferences: Preferences, store: PreferencesStore, console: Console, style: Style, offline: Bool,
        makeService: @escaping (Bool) -> any WeatherProviding
    ) {
        self.preferences = preferences
        self.store = store
        self.console = console
        self.style = style
        self.offline = offline
        self.makeService = makeService
        let service = makeService(offline)
        let options = DisplayOptions(units: preferences.units, clock: preferences.clock)
        current = CurrentWeatherViewModel(service: service, options: options)
        hourly = HourlyViewModel(service: service, options: options)
        daily = DailyViewModel(service: service, options: options)
        comparison = CompareViewModel(service: service, options: options)
        place = preferences.lastCity
        bind()
    }

    private var renderer: Renderer { Renderer(style: style, width: console.width) }

    private func bind() {
        current.onUpdate = { [unowned self] display in
            guard activeView == .current else { return }
            emit(display) { renderer.current($0) }
        }
        hourly.onUpdate = { [unowned self] display in
            guard activeView == .hourly else { return }
            emit(display) { renderer.hourly($0) }
        }
        daily.onUpdate = { [unowned self] display in
            guard activeView == .daily else { return }
            emit(display) { renderer.daily($0) }
        }
        comparison.onUpdate = { [unowned self] first, second in
            emit([first, second]) { renderer.compare($0[0], $0[1]) }
        }
        for set in [
            { self.current.onError = $0 }, { self.hourly.onError = $0 }, { self.daily.onError = $0 }, { self.comparison.onError = $0 },
        ] as [(@escaping (WeatherError) -> Void) -> Void] {
            set { [unowned self] error in
                if oneShot { console.error(error.message) } else { console.write(renderer.error(error)) }
            }
        }
        let loading: (Bool) -> Void = { [unowned self] on in on ? startSpinner() : stopSpinner() }
        current.onLoadingChanged = loading
        hourly.onLoadingChanged = loading
        daily.onLoadingChanged = loading
        comparison.onLoadingChanged = loading
    }

    /// Set for one-shot runs: errors go to standard error.
    var oneShot = false

    private func emit<Display: Encodable>(_ display: Display, text: (Display) -> String) {
        if jsonOutput {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(display) { console.write(String(decoding: data, as: UTF8.self) + "\n") }
        } else {
            console.write(text(display))
        }
    }

    /// Says a line on the console (a note, not an error).
    func say(_ text: String) {
        console.write(renderer.message(text))
    }

    /// Runs one typed line; returns false when the session should end.
    func handle(_ line: String) async -> Bool {
        let command: Command
        do {
            command = try Command.parse(line)
        } catch {
            console.write(renderer.error(error))
            return true
        }
        switch command {
        case .empty: break
        case .quit: return false
        case .search(let text): await search(text)
        case .hourly(let count): await showHourly(count)
        case .daily: await showDaily()
        case .units(let units):
            preferences.units = units
            apply(preferences)
            save()
        case .clock(let clock):
            preferences.clock = clock
            apply(preferences)
            save()
        case .recent:
            say(preferences.recentCities.isEmpty
                ? "No recent cities yet."
                : preferences.recentCities.enumerated().map { "  \($0.offset + 1). \($0.element.displayName)" }.joined(separator: "\n"))
        case .pick(let number):
            activeView = .current
            await finish(await current.pick(number), remember: true)
        case .offline(let on):
            setOffline(on)
        case .rain:
            await showRain()
        case .compare(let first, let second):
            activeView = .compare
            lastOutcome = await comparison.compare(first, second)
        case .help:
            say(Help.text)
        }
        return true
    }

    /// Shows a city: a recent one by its stored coordinates (no geocoding), anything else through a search.
    func search(_ text: String) async {
        activeView = .current
        if let known = recentCity(named: text) {
            await finish(await current.show(known), remember: true)
        } else {
            await finish(await current.search(text), remember: true)
        }
    }

    /// Finds a city and makes it current without printing its current weather (one-shot --hourly, --five-day).
    func searchQuietly(_ text: String) async {
        activeView = .hourly
        if let known = recentCity(named: text) {
            await finish(await current.show(known), remember: true)
        } else {
            await finish(await current.search(text), remember: true)
        }
    }

    /// Shows the last city's current weather (on launch): no geocoding, and no request while the cache is fresh.
    func resume() async {
        guard let place else { return }
        activeView = .current
        await finish(await current.show(place), remember: false)
    }

    func showHourly(_ count: Int?) async {
        guard let place else { return say("No city yet: type a city name first, such as London.") }
        activeView = .hourly
        lastOutcome = await hourly.show(place, count: count ?? HourlyViewModel.defaultCount)
    }

    /// When it next rains or snows at the current city (from the cached forecast).
    func showRain() async {
        guard let place else { return say("No city yet: type a city name first, such as London.") }
        activeView = .rain
        lastOutcome = await hourly.show(place, count: hourly.count)
        if lastOutcome == .updated, let outlook = hourly.rainOutlook { say("\(place.displayName): \(outlook)") }
    }

    func showDaily() async {
        guard let place else { return say("No city yet: type a city name first, such as London.") }
        activeView = .daily
        lastOutcome = await daily.show(place)
    }

    /// Cancels whatever request is in flight (Ctrl-C).
    func cancelRequests() {
        comparison.cancel()
        current.cancel()
        hourly.cancel()
        daily.cancel()
    }

    private func finish(_ outcome: RequestOutcome, remember: Bool) async {
        lastOutcome = outcome
        if case .failed(.placeNotFound(let query)) = outcome, !jsonOutput {
            let near = PlaceSuggestions.closest(to: query, among: preferences.recentCities)
            if !near.isEmpty { say("Did you mean " + near.map(\.displayName).joined(separator: " or ") + "?") }
        }
        guard outcome == .updated, let shown = current.place else { return }
        place = shown
        if current.matches.count > 1, !jsonOutput { console.write(renderer.matches(current.matches, shown: shown)) }
        if remember {
            let before = preferences
            preferences.remember(shown)
            if preferences != before { save() }  // the same city again: nothing to write
        }
    }

    /// A recent city the text names, whose stored coordinates spare a geocoding request. Not in offline mode: there
    /// geocoding is free, and a recent city from live use may lie outside the samples while its name is among them.
    private func recentCity(named text: String) -> Place? {
        guard !offline, !preferences.recentCities.isEmpty else { return nil }
        let key = CompletionMatcher.fold(text.sanitizedForTerminal.trimmingWhitespace)
        if let exact = preferences.recentCities.first(where: { CompletionMatcher.fold($0.displayName) == key }) { return exact }
        let sameName = preferences.recentCities.filter { CompletionMatcher.fold($0.name) == key }
        return sameName.count == 1 ? sameName[0] : nil
    }

    /// Applies units and clock to every view model; the view shown last is redrawn (after `:compare` or `:rain`,
    /// which keep nothing to redraw, the current city's view).
    private func apply(_ preferences: Preferences) {
        if activeView == .compare || activeView == .rain { activeView = .current }
        let options = DisplayOptions(units: preferences.units, clock: preferences.clock)
        current.options = options
        hourly.options = options
        daily.options = options
        comparison.options = options
    }

    private func setOffline(_ on: Bool) {
        guard on != offline else { return say("Offline mode is already \(on ? "on" : "off").") }
        offline = on
        let service = makeService(on)
        let options = current.options
        current = CurrentWeatherViewModel(service: service, options: options)
        hourly = HourlyViewModel(service: service, options: options)
        daily = DailyViewModel(service: service, options: options)
        comparison = CompareViewModel(service: service, options: options)
        bind()
        say(on
            ? "Offline mode on: sample data (not real weather) for \(samplePlaceNames.joined(separator: ", "))."
            : "Offline mode off: live weather from OpenWeather.")
    }

    private func save() {
        do {
            try store.save(preferences)
        } catch {
            guard !saveFailed else { return }
            saveFailed = true
            console.error("Could not save preferences to \(store.url.path); settings last for this session only.")
        }
    }

    /// Completion candidates: recent cities, most recent first.
    var completionCities: [String] {
        preferences.recentCities.map(\.displayName) + (offline ? samplePlaceNames : [])
    }

    // MARK: Feedback while a request runs

    private func startSpinner() {
        guard spinner == nil, console.isInteractive || console.isTerminal, !oneShot else { return }
        let frames = style.unicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
        let showSpinner = console.isTerminal
        spinner = Task { @MainActor [unowned self] in
            var tick = 0
            while !Task.isCancelled {
                if Interrupts.take() {
                    cancelRequests()
                    console.write((showSpinner ? "\r\u{1B}[K" : "") + "Cancelled.\n")
                    return
                }
                if showSpinner, tick % 2 == 0, tick >= 4 {
                    console.write("\r\(frames[(tick / 2) % frames.count]) Fetching weather…")
                }
                tick += 1
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    private func stopSpinner() {
        spinner?.cancel()
        spinner = nil
        if console.isTerminal, !oneShot { console.write("\r\u{1B}[K") }
    }
}
