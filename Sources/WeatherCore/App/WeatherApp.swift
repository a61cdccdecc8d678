import FoundationEssentials

/// The running program, whatever drives it (the prompt, piped lines or a one-shot run): the place the commands apply
/// to, the `Screen` shown and the view model of each screen, preferences and their saving.
///
/// Each command goes to the view model of its screen (`show(_:)`); what that view model publishes is drawn while its
/// screen is the one shown. The commands themselves are in WeatherApp+Commands.swift, places and recent cities in
/// WeatherApp+Places.swift, settings that change (units, clock, language, offline mode) in WeatherApp+Settings.swift.
///
/// Results come back one way only, as `AppEvent`s through `onEvent`; it never prints.
@MainActor
package final class WeatherApp {
    /// Every event, in order.
    package var onEvent: ((AppEvent) -> Void)?
    /// Set by the interactive prompt, which must never wait for the network: at launch and for a recent city, a cached
    /// copy is shown at once (marked with its age when it is not fresh) and refreshed in the background. Nil (piped
    /// and one-shot runs): every view waits for its answer.
    package var backgroundRefresh: BackgroundRefresh? {
        didSet { warningsBeside?.handOff(through: backgroundRefresh?.handoff) }
    }
    /// The cities found on the machine (`Gazetteer.shared`, set by the program): a name it knows clearly is shown from
    /// its coordinates with no geocoding wait, a name it knows ambiguously lists its places at once, and typed
    /// coordinates near a city are named by it. Nil (and in offline mode): every search goes to the provider.
    package var gazetteer: Gazetteer?

    package internal(set) var preferences: Preferences
    /// Where preferences are saved; nil for a run that must change nothing (a one-shot).
    let store: PreferencesStore?
    private let makeService: (ServiceChoice) -> any WeatherProviding
    let now: @Sendable () -> Date
    package internal(set) var offline: Bool
    /// The providers this run can ask, handed in by the program that composes them.
    package let providers: ProviderCatalog
    /// The provider a person gets without choosing: the catalog's first that can answer with the key there is or not.
    package let defaultProvider: ProviderID
    /// False when no API key is set: a provider that needs one is refused, not saved.
    private let hasAPIKey: Bool
    /// The command line's choices and the environment's, for this run only: `:units`, `:clock`, `:lang` and `:provider`
    /// clear theirs, so the saved choice applies.
    var flags: Settings.Layer
    private var environmentChoices: Settings.Layer
    /// The language and region the locale asks for: the defaults of language, units and clock.
    private let locale: LanguageChoice
    /// The settings in force: resolved from the layers at launch, and again only when a command changes one.
    package private(set) var settings: Settings
    /// The view model of each screen.
    private(set) var models: ScreenViewModels
    /// The place the commands apply to: the last one shown, or the last one from the preferences.
    package internal(set) var place: Place?
    /// The screen shown: what a change of units or Ctrl-L draws again, and a change of language or provider asks for
    /// again. Nil while a one-shot run finds its place before showing another view: nothing of it is drawn.
    package internal(set) var screen: Screen? = .current
    /// True when the last search found nothing: `:pick` then has nothing to choose from.
    var lastSearchFailed = false
    /// The recent cities as `:recent` listed them, numbered, until a search lists its own matches: `:pick N` (or N
    /// alone) picks from them.
    var listedRecent: [Place]?
    private var saveFailed = false
    /// How many events were published: tells whether a change drew anything.
    private(set) var emitted = 0
    /// The machine's time zone and the IP geolocation service, set by the program that composes the app: where a
    /// person with no last city and no home is guessed to be, and what `:locate` asks.
    package var whereabouts = Whereabouts()
    /// Where the air comes from (`:air` and the current view's "Air" line), set by the program that composes the app;
    /// never asked offline, nor when the settings turn the air off (`WEATHER_OR_NOT_AIR=off`).
    package var airSource: (any AirQualityProviding)? {
        didSet { connectAir() }
    }
    /// Where rain to the minute comes from (`:rain` and the current view's rain line), set like the air source; never
    /// asked offline.
    package var nowcastSource: (any NowcastProviding)? {
        didSet { connectAir() }
    }
    /// Where a map of one place gets the weather of the region's large cities (the gazetteer's), all in one request
    /// whatever the provider (Open-Meteo's, keyless), set by the program that composes the app; nil: none. Never
    /// asked offline.
    package var regionService: (any WeatherProviding)? {
        didSet { connectRegion() }
    }
    /// The official warning services, set by the program that composes the app (nil: no warnings asked, as for a
    /// status line). Asked when the weather's request leaves, never holding it: WeatherApp+Warnings.swift.
    package var warningService: (any WarningProviding)? {
        didSet { connectWarnings() }
    }
    /// The warnings asked beside the weather, and where they land (nil when there is no warning service).
    var warningsBeside: WarningsBeside?
    /// The place whose current view was drawn before its warnings were in: they come under it when they land.
    var lateWarnings: Place?
    /// The place whose warnings left beside its weather, not behind it: a one-shot holds its view for them.
    var warningsAlongside: Place?
    /// The offline samples' names, read once when first needed.
    lazy var samplePlaceNames = providers.samplePlaces()

    /// `store` nil: nothing is ever written (one-shot runs read preferences and write none).
    package init(
        preferences: Preferences, store: PreferencesStore?, offline: Bool, units: UnitSystem? = nil,
        clock: ClockStyle? = nil, language: Language? = nil, environmentLanguage: LanguageChoice = LanguageChoice(language: .english),
        providers: ProviderCatalog, provider: ProviderID? = nil, environmentProvider: ProviderID? = nil,
        defaultProvider: ProviderID? = nil, hasAPIKey: Bool = true,
        failover: Bool? = nil, plain: Bool? = nil, environmentPlain: Bool? = nil, environmentAir: Bool? = nil,
        now: @escaping @Sendable () -> Date = Date.init,
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
            preconditionFailure()  // a catalog with no keyless provider: the composition's mistake, not the user's
        }
        self.defaultProvider = defaultProvider
        self.hasAPIKey = hasAPIKey
        flags = Settings.Layer(units: units, clock: clock, language: language, provider: provider, failover: failover, plain: plain)
        environmentChoices = Settings.Layer(provider: environmentProvider, plain: environmentPlain, air: environmentAir)
        locale = environmentLanguage
        let settings = Settings.resolve(
            flags: flags, environment: environmentChoices, preferences: Settings.Layer(preferences), locale: locale,
            defaultProvider: defaultProvider)
        self.settings = settings
        let service = makeService(
            ServiceChoice(offline: offline, provider: settings.provider, failover: settings.failover, language: settings.language))
        let options = DisplayOptions(
            units: settings.units, clock: settings.clock, language: settings.language, defaultProvider: defaultProvider)
        models = ScreenViewModels(service: service, options: options, now: now)
        place = preferences.lastCity ?? preferences.home
        bind()
        connectAir()
    }

    /// The view model of the current weather, where searches and picks go.
    var current: CurrentWeatherViewModel { models.current }

    /// Units, clock and language in force.
    package var options: DisplayOptions { current.options }

    /// The language in force: `--lang`, else `:lang`'s choice, else the environment's.
    package var language: Language { settings.language }

    /// What the environment asked for and is not spoken here ("ja_JP"), when no language was chosen: to be said once.
    package var unsupportedLanguage: String? { settings.unsupportedLanguage }

    /// The provider asked first.
    package var provider: ProviderID { settings.provider }

    /// Plain mode: the terminal says every view in sentences (`--plain`, `TERM=dumb`, `:plain on`).
    package var plain: Bool { settings.plain }

    /// What the service is built for now.
    package var serviceChoice: ServiceChoice {
        let settings = settings
        return ServiceChoice(
            offline: offline, provider: settings.provider, failover: settings.failover, language: settings.language)
    }

    /// Says once where the weather comes from (at the prompt's start): the first time, and when it changes (a key
    /// set later makes OpenWeather the default). Offline, nothing is said.
    package func announceProvider() {
        guard !offline, preferences.announcedProvider != provider else { return }
        emit(.provider(provider, isDefault: provider == defaultProvider))
        let provider = provider
        change { $0.announcedProvider = provider }
    }

    // MARK: Screens

    /// Shows `screen` of the place the commands apply to (a comparison names its own places): it becomes the screen
    /// shown, and its view model asks for it. The one way every view is shown.
    func show(_ screen: Screen) async {
        if screen.needsPlace, place == nil { return emit(.failed(Self.noPlaceYet)) }
        self.screen = screen
        await models[screen].show(screen, at: place)
    }

    static let noPlaceYet = WeatherError.invalidInput(Phrase("error.noPlaceYet"))

    /// Publishes the screen shown again from what its view model holds, with no request (Ctrl-L at the prompt).
    package func redrawView() {
        if let screen, let event = models[screen].event { emit(event) }
    }

    /// Cancels whatever request is in flight (Ctrl-C).
    package func cancelRequests() {
        for model in models.all { model.cancel() }
        whereabouts.cancel()
    }

    /// What the view models publish comes here: failures and the loading state always, a display only while its
    /// screen is the one shown (an answer arriving after another view was asked for is not drawn over it).
    private func bind() {
        for model in models.all {
            let id = ObjectIdentifier(model)
            model.publishEvents { [unowned self] event in publish(event, from: id) }
            model.onError = { [unowned self] error in emit(.failed(error)) }
            model.onLoadingChanged = { [unowned self] on in emit(.loading(on)) }
        }
        models.comparison.knownPlace = { [unowned self] text in comparedPlace(text) }
        models.places.followed = { [unowned self] in (followedPlaces, preferences.home) }
        models.map.followed = { [unowned self] in (followedPlaces, preferences.home) }
        models.alerts.warnings = warningService
        models.alerts.offline = offline
        current.onWeatherAsked = { [unowned self] place, behind in askWarnings(for: place, behind: behind) }
        connectRegion()
    }

    /// Hands the map's view model the region's cities and the service for their weather.
    private func connectRegion() {
        guard let regionService else { return models.map.region = nil }
        let cities: @MainActor (Place) -> [Place] = { [unowned self] place in
            offline ? [] : gazetteer?.largeCities(around: place.latitude, place.longitude) ?? []
        }
        models.map.region = (cities, regionService)
    }

    /// Publishes a view model's event while its screen is the one shown.
    private func publish(_ event: AppEvent, from model: ObjectIdentifier) {
        guard let screen, ObjectIdentifier(models[screen]) == model else { return }
        emit(event)
    }

    /// How a refresh in the background reports what it could not bring: while the current weather is the screen
    /// shown, by the view model it refreshes.
    func reportRefresh() -> @MainActor @Sendable (AppEvent) -> Void {
        let id = ObjectIdentifier(current)
        return { [unowned self] event in publish(event, from: id) }
    }

    func emit(_ event: AppEvent) {
        emitted += 1
        onEvent?(withWarnings(event))
    }

    // MARK: The provider, the service, the preferences file

    /// `:provider NAME`: saved, and the place shown again from the new provider. A provider that needs a key when none
    /// is set is refused, saying how to set one, and nothing changes: choosing it would only ever show another's weather.
    func setProvider(_ chosen: ProviderID) async {
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
        let shown = screen
        rebuild()
        emit(.provider(chosen, isDefault: chosen == defaultProvider))
        await show(again: shown)
    }

    /// `:plain on|off`: saved, over `--plain` and `TERM=dumb` for the rest of the session; said in the new mode.
    func setPlain(_ on: Bool) {
        flags.plain = nil
        environmentChoices.plain = nil
        let saved = change { $0.plain = on }
        emit(.plain(on, saved: saved))
    }

    /// New view models over a service built for the present choice (offline, provider, failover).
    func rebuild() {
        let service = makeService(serviceChoice)
        let options = current.options
        cancelRequests()
        models = ScreenViewModels(service: service, options: options, now: now)
        connectAir()
        lastSearchFailed = false
        bind()
    }

    /// Makes a change to the preferences and saves it. The file gets the change alone, merged under a lock with what
    /// other windows saved meanwhile; the recent list comes back merged (Tab offers their cities too), while units,
    /// clock, language and provider stay this session's own until it changes them. False when it could not be saved
    /// (said once a session) or there is nowhere to.
    @discardableResult
    func change(_ edit: (inout Preferences) -> Void) -> Bool {
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

extension WeatherApp {
    /// Hands the air source and the nowcast source to the view models that ask them, none offline; the air source to
    /// none when the air is turned off (no request, no connection opened for it), and `:air` then says so.
    func connectAir() {
        let source = offline || !settings.air ? nil : airSource
        models.air.source = source
        models.air.turnedOff = !offline && !settings.air
        models.current.airSource = source
        models.air.scale = preferences.airScale
        models.current.airScale = preferences.airScale
        models.current.nowcastSource = offline ? nil : nowcastSource
        models.rain.nowcastSource = offline ? nil : nowcastSource
    }
}
