import FoundationEssentials

/// The running program, whatever drives it (the prompt, piped lines or a one-shot run): the current place, the
/// view models, preferences and their saving, recent cities, did-you-mean, `:pick`, offline switching.
///
/// Results come back one way only, as `AppEvent`s through `onEvent`; it never prints.
@MainActor
package final class WeatherApp {
    /// The view whose updates are published; the others' (after a change of units) are not.
    package enum View: Sendable {
        case current, hourly, daily, rain, compare
        /// A one-shot run finding its place before showing another view: nothing of the current view is published.
        case none
    }

    /// Every event, in order.
    package var onEvent: ((AppEvent) -> Void)?
    /// Set by the interactive prompt, which must never wait for the network: at launch and for a recent city, a cached
    /// copy is shown at once (marked with its age when it is not fresh) and refreshed in the background, the outcome
    /// coming back through this. Nil (piped and one-shot runs): every view waits for its answer.
    package var revalidation: MainActorHandoff?

    package private(set) var preferences: Preferences
    /// Where preferences are saved; nil for a run that must change nothing (a one-shot).
    private let store: PreferencesStore?
    private let makeService: (ServiceChoice) -> any WeatherProviding
    private let now: @Sendable () -> Date
    package private(set) var offline: Bool
    /// The providers this run can ask, handed in by the program that composes them.
    package let providers: ProviderCatalog
    /// The provider a person gets without choosing: the catalog's first that can answer with the key there is or not.
    package let defaultProvider: ProviderID
    /// False when no API key is set: a provider that needs one is refused, not saved.
    private let hasAPIKey: Bool
    /// The command line's choices and the environment's, for this run only: `:units`, `:clock`, `:lang` and `:provider`
    /// clear theirs, so the saved choice applies.
    private var flags: Settings.Layer
    private var environmentChoices: Settings.Layer
    /// The language and region the locale asks for: the defaults of language, units and clock.
    private let locale: LanguageChoice
    /// The settings in force: resolved from the layers at launch, and again only when a command changes one.
    package private(set) var settings: Settings
    private var current: CurrentWeatherViewModel
    private var hourly: HourlyViewModel
    private var daily: DailyViewModel
    private var comparison: CompareViewModel
    /// The place the commands apply to: the last one shown, or the last one from the preferences.
    package private(set) var place: Place?
    package private(set) var activeView: View = .current
    /// True when the last search found nothing: `:pick` then has nothing to choose from.
    private var lastSearchFailed = false
    /// The recent cities as `:recent` listed them, numbered, until a search lists its own matches: `:pick N` (or N
    /// alone) picks from them.
    private var listedRecent: [Place]?
    private var saveFailed = false
    /// How many events were published: tells whether a change drew anything.
    private var emitted = 0
    /// The offline samples' names, read once when first needed.
    private lazy var samplePlaceNames = providers.samplePlaces()

    /// `store` nil: nothing is ever written (one-shot runs read preferences and write none).
    package init(
        preferences: Preferences, store: PreferencesStore?, offline: Bool, units: UnitSystem? = nil,
        clock: ClockStyle? = nil, language: Language? = nil, environmentLanguage: LanguageChoice = LanguageChoice(language: .english),
        providers: ProviderCatalog, provider: ProviderID? = nil, environmentProvider: ProviderID? = nil,
        defaultProvider: ProviderID? = nil, hasAPIKey: Bool = true,
        failover: Bool? = nil, now: @escaping @Sendable () -> Date = Date.init,
        makeService: @escaping (ServiceChoice) -> any WeatherProviding
    ) {
        var preferences = preferences
        // An id the file names and no provider has is as if not saved.
        preferences.provider = providers.known(preferences.provider)
        preferences.announcedProvider = providers.known(preferences.announcedProvider)
        self.preferences = preferences
        self.store = store
        self.offline = offline
        self.makeService = makeService
        self.now = now
        self.providers = providers
        guard let defaultProvider = defaultProvider ?? providers.defaultProvider(hasKey: hasAPIKey) else {
            preconditionFailure("no provider can answer")
        }
        self.defaultProvider = defaultProvider
        self.hasAPIKey = hasAPIKey
        flags = Settings.Layer(units: units, clock: clock, language: language, provider: provider, failover: failover)
        environmentChoices = Settings.Layer(provider: environmentProvider)
        locale = environmentLanguage
        let settings = Settings.resolve(
            flags: flags, environment: environmentChoices, preferences: Settings.Layer(preferences), locale: locale,
            defaultProvider: defaultProvider)
        self.settings = settings
        let service = makeService(
            ServiceChoice(offline: offline, provider: settings.provider, failover: settings.failover, language: settings.language))
        let options = DisplayOptions(
            units: settings.units, clock: settings.clock, language: settings.language, defaultProvider: defaultProvider)
        current = CurrentWeatherViewModel(service: service, options: options, now: now)
        hourly = HourlyViewModel(service: service, options: options, now: now)
        daily = DailyViewModel(service: service, options: options, now: now)
        comparison = CompareViewModel(service: service, options: options, now: now)
        place = preferences.lastCity
        bind()
    }

    /// Units, clock and language in force.
    package var options: DisplayOptions { current.options }

    /// The language in force: `--lang`, else `:lang`'s choice, else the environment's.
    package var language: Language { settings.language }

    /// What the environment asked for and is not spoken here ("ja_JP"), when no language was chosen: to be said once.
    package var unsupportedLanguage: String? { settings.unsupportedLanguage }

    /// The provider asked first.
    package var provider: ProviderID { settings.provider }

    /// What the service is built for now.
    package var serviceChoice: ServiceChoice {
        let settings = settings
        return ServiceChoice(
            offline: offline, provider: settings.provider, failover: settings.failover, language: settings.language)
    }

    // MARK: Commands

    /// Runs one typed line; returns false when the session should end (`:quit`).
    package func handle(_ line: String) async -> Bool {
        do {
            let command = try Command.parse(line, providers: providers)
            if command == .quit { return false }
            await run(command)
        } catch {
            emit(.failed(error))
        }
        return true
    }

    /// Runs one command.
    package func run(_ command: Command) async {
        switch command {
        case .empty, .quit: break
        case .search(let text):
            // A number alone under a numbered list picks from it; no place is called "3".
            if let number = Int(text), number >= 1, listedRecent != nil || current.matches.count > 1 {
                await pick(number)
            } else {
                await search(text)
            }
        case .hourly(let count): await showHourly(count)
        case .hourByHour(let count): await showHourly(count, hourByHour: true)
        case .daily: await showDaily()
        case .rain: await showRain()
        case .compare(let first, let second):
            activeView = .compare
            await comparison.compare(first, second)
        case .units(let units?):
            flags.units = nil
            settingChanged { $0.units = units }
        case .clock(let clock?):
            flags.clock = nil
            settingChanged { $0.clock = clock }
        case .units(nil), .clock(nil):
            emit(.settings(units: options.units, clock: options.clock))
        case .language(nil): emit(.language(language))
        case .language(let chosen?): await setLanguage(chosen)
        case .recent:
            listedRecent = preferences.recentCities.isEmpty ? nil : preferences.recentCities
            emit(.recent(preferences.recentCities))
        case .pick(let number): await pick(number)
        case .offline(let on): setOffline(on)
        case .provider(nil): emit(.provider(provider, isDefault: provider == defaultProvider))
        case .provider(let chosen?): await setProvider(chosen)
        case .help: emit(.help)
        }
    }

    /// Shows a city: a recent one by its stored coordinates (no geocoding), anything else through a search.
    /// `quietly` finds the place without publishing its current weather (a one-shot's other views).
    package func search(_ text: String, quietly: Bool = false) async {
        activeView = quietly ? .none : .current
        listedRecent = nil
        let outcome: RequestOutcome
        if let known = recentCity(named: text) {
            outcome = await showKnown(known, quietly: quietly) ? .updated : await current.show(known)
        } else {
            outcome = await current.search(text)
        }
        switch outcome {
        case .updated:
            lastSearchFailed = false
            guard let shown = current.place else { return }
            place = shown
            if current.matches.count > 1 { emit(.matches(current.matches, shown: current.shownIndex)) }
            remember(shown)
        case .failed(let error):
            lastSearchFailed = true
            current.forgetMatches()
            if case .placeNotFound = error {
                let near = PlaceSuggestions.closest(to: text, among: preferences.recentCities)
                if !near.isEmpty { emit(.suggestions(near)) }
            }
        case .cancelled:
            break
        }
    }

    /// Says once where the weather comes from (at the prompt's start): the first time, and when it changes (a key
    /// set later makes OpenWeather the default). Offline, nothing is said.
    package func announceProvider() {
        guard !offline, preferences.announcedProvider != provider else { return }
        emit(.provider(provider, isDefault: provider == defaultProvider))
        let provider = provider
        change { $0.announcedProvider = provider }
    }

    /// Shows the last city's current weather (at launch): no geocoding, and no request while the cache is fresh. With
    /// `revalidation`, it returns without waiting for the network: an older copy is shown and refreshed in the
    /// background, and with none the weather is fetched in the background.
    package func resume() async {
        guard let place else { return }
        activeView = .current
        guard let revalidation, !offline else {
            await current.show(place)
            return
        }
        if await showKnown(place, quietly: false) { return }
        current.refresh(place, through: revalidation)
    }

    /// With `revalidation`: shows a place's cached copy at once and refreshes it in the background when it is not
    /// fresh. False, with nothing shown, when there is no copy (or no `revalidation`).
    private func showKnown(_ place: Place, quietly: Bool) async -> Bool {
        guard let revalidation, !quietly, let copy = await current.showCopy(of: place) else { return false }
        if copy == .stale { current.refresh(place, through: revalidation) }
        return true
    }

    package func showHourly(_ count: Int?, hourByHour: Bool = false) async {
        guard let place else { return emit(.failed(Self.noPlaceYet)) }
        activeView = .hourly
        let count = count ?? (hourByHour ? HourlyViewModel.defaultHours : HourlyViewModel.defaultCount)
        await hourly.show(place, count: count, hourByHour: hourByHour)
    }

    package func showDaily() async {
        guard let place else { return emit(.failed(Self.noPlaceYet)) }
        activeView = .daily
        await daily.show(place)
    }

    /// When it next rains or snows at the current place (from the cached forecast).
    package func showRain() async {
        guard let place else { return emit(.failed(Self.noPlaceYet)) }
        activeView = .rain
        await hourly.show(place, count: hourly.count, hourByHour: hourly.hourByHour)
    }

    private func pick(_ number: Int) async {
        if let listedRecent { return await pick(number, from: listedRecent) }
        if lastSearchFailed {
            return emit(.failed(.invalidInput(Phrase("error.pick.none"))))
        }
        activeView = .current
        if await current.pick(number) == .updated, let shown = current.place {
            place = shown
            emit(.matches(current.matches, shown: current.shownIndex))
            remember(shown)
        }
    }

    /// `:pick N` under `:recent`'s list: that city, from its stored coordinates (no geocoding). The list keeps its
    /// numbers while the city becomes the most recent one.
    private func pick(_ number: Int, from list: [Place]) async {
        guard list.indices.contains(number - 1) else {
            return emit(.failed(.invalidInput(Phrase("error.pick.range", ["count": String(list.count)]))))
        }
        activeView = .current
        let chosen = list[number - 1]
        let outcome = await showKnown(chosen, quietly: false) ? .updated : await current.show(chosen)
        guard outcome == .updated, let shown = current.place else { return }
        lastSearchFailed = false
        place = shown
        remember(shown)
    }

    /// Publishes the view shown last again from what its view model holds, with no request (Ctrl-L at the prompt).
    package func redrawView() {
        switch activeView {
        case .current: if let display = current.display { emit(.current(display)) }
        case .hourly: if let display = hourly.display { emit(.hourly(display)) }
        case .rain: if let rain = hourly.rain { emit(.rain(rain)) }
        case .daily: if let display = daily.display { emit(.daily(display)) }
        case .compare: if let pair = comparison.displays { emit(.compare(pair.0, pair.1)) }
        case .none: break
        }
    }

    static let noPlaceYet = WeatherError.invalidInput(Phrase("error.noPlaceYet"))

    /// Cancels whatever request is in flight (Ctrl-C).
    package func cancelRequests() {
        comparison.cancel()
        current.cancel()
        hourly.cancel()
        daily.cancel()
    }

    // MARK: What the prompt shows

    /// The place's name for the prompt, made unambiguous when a recent city or a match has the same name
    /// ("London, CA"); nil before any place.
    package var promptName: String? {
        guard let place else { return nil }
        let name = place.name.isEmpty ? place.displayName : place.name
        let key = name.matchKey
        let namesakes = (preferences.recentCities + current.matches).filter {
            $0.name.matchKey == key && !$0.isSameLocation(as: place)
        }
        guard !namesakes.isEmpty else { return name }
        if let country = place.country, namesakes.allSatisfy({ $0.country != country }) { return "\(name), \(country)" }
        return place.displayName
    }

    /// Tab's candidates: recent cities, most recent first (and the samples' names in offline mode).
    package var completionCities: [String] {
        preferences.recentNames + (offline ? samplePlaceNames : [])
    }

    // MARK: Internals

    private func bind() {
        current.onUpdate = { [unowned self] display in
            if activeView == .current { emit(.current(display)) }
        }
        hourly.onUpdate = { [unowned self] display in
            switch activeView {
            case .hourly: emit(.hourly(display))
            case .rain: if let rain = hourly.rain { emit(.rain(rain)) }
            default: break
            }
        }
        daily.onUpdate = { [unowned self] display in
            if activeView == .daily { emit(.daily(display)) }
        }
        comparison.onUpdate = { [unowned self] first, second in
            if activeView == .compare { emit(.compare(first, second)) }
        }
        comparison.knownPlace = { [unowned self] text in recentCity(named: text) }
        // A fetch in the background speaks only while its view is still the one shown.
        current.onRefreshFailed = { [unowned self] place, reason, copyFetchedAt in
            guard activeView == .current else { return }
            guard let copyFetchedAt else { return emit(.failed(reason)) }
            emit(.refreshFailed(place, reason: reason, copyAge: max(0, Int(saturating: now().timeIntervalSince(copyFetchedAt)))))
        }
        let failed: (WeatherError) -> Void = { [unowned self] error in emit(.failed(error)) }
        let loading: (Bool) -> Void = { [unowned self] on in emit(.loading(on)) }
        for model in [current, hourly, daily, comparison] as [RequestingViewModel] {
            model.onError = failed
            model.onLoadingChanged = loading
        }
    }

    private func emit(_ event: AppEvent) {
        emitted += 1
        onEvent?(event)
    }

    private func remember(_ shown: Place) {
        guard store != nil else { return }
        var after = preferences
        after.remember(shown)
        if after != preferences { change { $0.remember(shown) } }  // the same city again: nothing to write
    }

    /// A recent city the text names, whose stored coordinates spare a geocoding request: named in full
    /// ("Springfield, Illinois, US"), or by its name alone, which means the one of that name shown last (picked from a
    /// list, say), in this session or an earlier one. Not in offline mode: there geocoding is free, and a recent city
    /// from live use may lie outside the samples while its name is among them.
    private func recentCity(named text: String) -> Place? {
        guard !offline, !preferences.recentCities.isEmpty else { return nil }
        let key = text.sanitizedForTerminal.matchKey
        if let exact = preferences.recentCities.first(where: { $0.displayName.matchKey == key }) { return exact }
        if let picked = preferences.recentCities.first(where: { $0.name.matchKey == key }) { return picked }
        return Self.stored(PlaceSearch(text), among: preferences.recentCities)
    }

    /// The one stored place a "City, CC" search names ("London, GB", "Springfield, IL, US", "London, Ontario, CA"):
    /// same name, same country, and the state when one is named; nil when none or several are.
    static func stored(_ search: PlaceSearch, among places: [Place]) -> Place? {
        let name = search.name.matchKey
        var found: [Place] = []
        for reading in search.readings {
            guard let country = reading.country else { continue }
            for place in reading.filter(places) where !found.contains(place) {
                guard place.name.matchKey == name, place.country?.uppercased() == country else { continue }
                // Words no state filter covers ("London, Ontario, CA") must be the place's state.
                guard reading.qualifiers.allSatisfy({ $0 == place.state?.matchKey }) else { continue }
                found.append(place)
            }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// `:units` or `:clock` with a value: applied and saved. The view on screen, drawn again, shows the change; with
    /// none, the settings are said, and that they were saved.
    private func settingChanged(_ edit: (inout Preferences) -> Void) {
        let published = emitted
        let saved = change(edit)
        applyOptions()
        if emitted == published { emit(.settings(units: options.units, clock: options.clock, saved: saved)) }
    }

    /// Applies units and clock to every view model; the view shown last is redrawn from what it holds, with no request.
    private func applyOptions() {
        let settings = settings
        let options = DisplayOptions(
            units: settings.units, clock: settings.clock, language: settings.language, defaultProvider: defaultProvider)
        current.options = options
        hourly.options = options
        daily.options = options
        comparison.options = options
    }

    private func setOffline(_ on: Bool) {
        guard on != offline else { return emit(.offlineUnchanged(on: on)) }
        offline = on
        rebuild()
        emit(.offlineChanged(on: on, samplePlaces: on ? samplePlaceNames : []))
    }

    /// `:provider NAME`: saved, and the place shown again from the new provider. A provider that needs a key when none
    /// is set is refused, saying how to set one, and nothing changes: choosing it would only ever show another's weather.
    private func setProvider(_ chosen: ProviderID) async {
        if chosen.needsKey, !hasAPIKey {
            let words = ["provider": chosen.displayName, "current": provider.displayName]
            return emit(.failed(.invalidInput(Phrase("error.provider.noKey", words))))
        }
        flags.provider = nil
        environmentChoices.provider = nil
        change {
            $0.provider = chosen
            $0.announcedProvider = chosen
        }
        let shown = self.shown
        rebuild()
        emit(.provider(chosen, isDefault: chosen == defaultProvider))
        await show(again: shown)
    }

    /// `:lang CODE`: saved, and the view shown is asked for again in the new language (the cache answers while it is
    /// fresh). It is not redrawn from what the view models hold: OpenWeather words its conditions itself, as the sample
    /// data does, so a redraw would put the old language's conditions under the new one's labels.
    private func setLanguage(_ chosen: Language) async {
        let before = language
        flags.language = nil
        change { $0.language = chosen }
        emit(.language(chosen))
        guard chosen != before else { return }
        let shown = self.shown
        rebuild()  // new view models, holding nothing: applying the language draws nothing yet
        applyOptions()
        await show(again: shown, offlineToo: true)
    }

    /// What the view shown was asked with, to ask for it again once the view models are new.
    private struct Shown {
        let view: View
        let hourly: (count: Int, hourByHour: Bool)
        let pair: (String, String)?
    }

    private var shown: Shown {
        Shown(view: activeView, hourly: (hourly.count, hourly.hourByHour), pair: comparison.lastPair)
    }

    /// The view `shown` was, asked for again from the service in force.
    private func show(again shown: Shown, offlineToo: Bool = false) async {
        guard offlineToo || !offline else { return }
        switch shown.view {
        case .hourly where place != nil: await showHourly(shown.hourly.count, hourByHour: shown.hourly.hourByHour)
        case .daily where place != nil: await showDaily()
        case .rain where place != nil: await showRain()
        case .compare where shown.pair != nil:
            guard let pair = shown.pair else { return }
            activeView = .compare
            await comparison.compare(pair.0, pair.1)
        default:
            guard let place else { return }
            activeView = .current
            await current.show(place)
        }
    }

    /// New view models over a service built for the present choice (offline, provider, failover).
    private func rebuild() {
        let service = makeService(serviceChoice)
        let options = current.options
        cancelRequests()
        current = CurrentWeatherViewModel(service: service, options: options, now: now)
        hourly = HourlyViewModel(service: service, options: options, now: now)
        daily = DailyViewModel(service: service, options: options, now: now)
        comparison = CompareViewModel(service: service, options: options, now: now)
        lastSearchFailed = false
        bind()
    }

    /// Makes a change to the preferences and saves it. The file gets the change alone, merged under a lock with what
    /// other windows saved meanwhile; the recent list comes back merged (Tab offers their cities too), while units,
    /// clock, language and provider stay this session's own until it changes them. False when it could not be saved
    /// (said once a session) or there is nowhere to.
    @discardableResult
    private func change(_ edit: (inout Preferences) -> Void) -> Bool {
        edit(&preferences)
        // A command cleared the layers above the preference it saves: the settings are weighed again.
        settings = Settings.resolve(
            flags: flags, environment: environmentChoices, preferences: Settings.Layer(preferences), locale: locale,
            defaultProvider: defaultProvider)
        guard let store else { return false }
        do {
            preferences.recentCities = try store.save(preferences, applying: edit).recentCities
            return true
        } catch {
            guard !saveFailed else { return false }
            saveFailed = true
            emit(.saveFailed(path: store.url.path))
            return false
        }
    }
}

/// What the app's weather service is built for.
package struct ServiceChoice: Equatable, Sendable {
    /// Bundled sample data instead of the network (never fails over).
    package var offline: Bool
    /// The provider asked first.
    package var provider: ProviderID
    /// Whether another provider may answer when it fails.
    package var failover: Bool
    /// The language conditions and place names are asked for in.
    package var language: Language

    package init(offline: Bool, provider: ProviderID, failover: Bool = true, language: Language = .english) {
        self.offline = offline
        self.provider = provider
        self.failover = failover
        self.language = language
    }
}
