import FoundationEssentials
import WeatherCore

/// Builds the app model and its view from the options and the environment, then runs a one-shot, piped input, or
/// the interactive prompt it is handed.
@MainActor
package struct Launcher {
    package let options: Options
    /// The providers, as the program composed them.
    package let providers: ProviderSetup
    package let environment: [String: String]

    package init(
        options: Options, providers: ProviderSetup, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.options = options
        self.providers = providers
        self.environment = environment
    }

    /// Runs the session; `prompt` drives an interactive one. Returns the exit status.
    package func run(prompt: (SessionView, AppPaths) async -> Int32) async -> Int32 {
        // A status line is read by a bar or a prompt, not a person at a terminal: colour only when asked for.
        let color = options.format != nil && options.color == .auto ? .never : options.color
        let console = Console(environment: environment, ascii: options.ascii, color: color)
        let paths = AppPaths(environment: environment)
        let (store, loaded) = PreferencesStore.open(at: paths.preferences)
        let services = providers.compose(
            ProviderSetup.Run(environment: environment, apiKey: options.apiKey, timeout: options.timeout, paths: paths))
        let fromEnvironment = Result { () throws(WeatherError) in try providers.environmentProvider(environment) }
        // Chosen for this run: said to need a key below, when there is none.
        let chosen = options.provider ?? (try? fromEnvironment.get())
        let oneShot = options.isOneShot
        let mode: SessionView.Mode = oneShot ? .oneShot(json: options.json) : console.isInteractive ? .prompt : .piped
        // A one-shot reads the preferences and writes none: it has no store.
        let app = WeatherApp(
            preferences: loaded.preferences, store: oneShot ? nil : store, offline: options.offline, units: options.units,
            clock: options.clock, language: options.language, environmentLanguage: LanguageChoice.fromEnvironment(environment),
            providers: providers.catalog, provider: options.provider, environmentProvider: try? fromEnvironment.get(),
            defaultProvider: services.defaultProvider, hasAPIKey: services.hasAPIKey,
            failover: options.noFailover ? false : nil, plain: options.plain ? true : nil,
            environmentPlain: Console.isDumb(environment) ? true : nil,
            environmentAir: Settings.environmentSwitch(environment["WEATHER_OR_NOT_AIR"]), makeService: services.make)
        // Where the person is when they have not said: the time zone, and the IP service only `:locate` asks.
        app.whereabouts = Whereabouts(zone: LocalZone.name(environment: environment), locator: services.locator)
        // WEATHER_GAZETTEER=off: every name to the provider's geocoder, as before the table was built in.
        if environment["WEATHER_GAZETTEER"]?.lowercased() != "off" { app.gazetteer = .shared }
        app.airSource = services.air
        app.nowcastSource = services.nowcast
        app.regionService = services.region
        // Warnings are asked with the current view's weather; a status line asks them only for `%W`.
        if options.format?.needsWarnings ?? true { app.warningService = services.warnings }
        let view = SessionView(app: app, console: console, mode: mode)
        view.statusFormat = options.format
        if let warning = loaded.warning { view.complain(warning.words(view.strings), .warning) }
        if case .failure(let error) = fromEnvironment, options.provider == nil {
            view.complain(error.message(in: .commandLine, provider: app.provider, strings: view.strings))
            return ExitStatus.usage
        }

        // A warning service's base URL that cannot be used is refused as a provider's is: exit 78, naming its variable.
        if !options.offline, let problem = services.warningsProblem {
            view.complain(problem.message(in: .commandLine, provider: app.provider, strings: view.strings))
            return ExitStatus.configuration
        }
        // A provider that needs a key (OpenWeather) chosen for this run (--provider, WEATHER_PROVIDER) without one:
        // refused, saying how to set one, rather than another provider's weather shown in its place.
        if !options.offline, chosen?.needsKey == true, !services.hasAPIKey {
            view.complain(WeatherError.missingAPIKey.message(in: .commandLine, provider: app.provider, strings: view.strings))
            return ExitStatus.keyProblem
        }
        // Without a key such a provider (chosen earlier with a key, and saved) cannot answer; said at once only when
        // no other provider may stand in.
        if !options.offline, app.provider.needsKey, !app.serviceChoice.failover, !services.hasAPIKey {
            view.show(.failed(.missingAPIKey))
            if mode != .prompt { return view.exitStatus }
        }
        if oneShot { return await runOneShot(app, view) }
        // A locale asking for a language not spoken here: said once, at the prompt.
        if mode == .prompt, let asked = app.unsupportedLanguage {
            let list = Language.allCases.map(\.code).joined(separator: ", ")
            view.say(view.strings("settings.unsupported", ["asked": asked, "list": list]), .dim)
        }
        if mode == .prompt {
            // The table of cities is read while the first line is typed: its first question is then answered at once.
            app.gazetteer?.prepareInBackground()
            return await prompt(view, paths)
        }
        // Piped: each line's answer whole before the next line is read (or the input ends, and the program with it):
        // the warnings on the wire too, within the answer's deadline, as a one-shot waits for them.
        while let line = readLine(strippingNewline: true) {
            let deadline = ContinuousClock.now + .seconds(options.timeout)
            let going = await app.handle(line)
            await app.warningsAsked(before: deadline)
            view.flushStatus()
            if !going { break }
        }
        return view.exitStatus
    }

    private func runOneShot(_ app: WeatherApp, _ view: SessionView) async -> Int32 {
        // The one deadline: the warnings left with the weather, and are waited for no longer than it is.
        let deadline = ContinuousClock.now + .seconds(options.timeout)
        if options.places || options.map {
            await app.run(options.map ? .map : .places)
            view.printJSON()
            return view.exitStatus
        }
        let city = options.city.joined(separator: " ")
        let views = options.hourly || options.fiveDay
        if city.isEmpty, !options.here, !options.locate {
            guard app.place != nil else {
                view.complain(view.strings[views ? "error.noCity.views" : options.format != nil ? "error.noCity.format" : "error.noCity.json"])
                return ExitStatus.usage
            }
        }
        // A status line that shows current conditions alone asks for nothing else, one without UV for no UV index, one
        // without the air for no air quality.
        await Answer.run(
            wantsForecast: views || options.format?.needsForecast ?? true, wantsUVIndex: views || options.format?.needsUVIndex ?? true,
            wantsAirQuality: options.format?.needsAirQuality ?? !views, wantsNowcast: options.format == nil && !views,
            waitsForAirQuality: options.format?.needsAirQuality ?? false
        ) {
            if options.here {
                if app.preferences.home != nil { view.showingHome() }
                await app.showHere(quietly: views)
            } else if options.locate {
                await app.locate(quietly: views)
            } else if city.isEmpty {
                if !views { await app.resume() }
            } else {
                await app.search(city, quietly: views)
            }
        }
        if views, !view.hasFailed {
            if options.hourly { await app.run(.hourly(nil)) }
            if options.fiveDay, !view.hasFailed { await app.run(.daily) }
        }
        await app.warningsAsked(before: deadline)
        view.flushStatus()
        view.printJSON()
        return view.exitStatus
    }
}
