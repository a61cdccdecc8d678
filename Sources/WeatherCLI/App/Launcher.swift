import Foundation
import WeatherCore

/// Builds the app model and its view from the options and the environment, then runs a one-shot, piped input, or
/// the interactive prompt it is handed.
@MainActor
package struct Launcher {
    package let options: Options
    package let environment: [String: String]

    package init(options: Options, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.options = options
        self.environment = environment
    }

    /// Runs the session; `prompt` drives an interactive one. Returns the exit status.
    package func run(prompt: (SessionView, AppPaths) async -> Int32) async -> Int32 {
        let console = Console(environment: environment, ascii: options.ascii, color: options.color)
        let paths = AppPaths(environment: environment)
        let (store, loaded) = PreferencesStore.open(at: paths.preferences)
        let configuration = WeatherConfiguration.fromEnvironment(environment, apiKey: options.apiKey, timeout: options.timeout)
        let liveCache = ResponseCache(directory: paths.cacheDirectory)
        let sampleCache = ResponseCache(directory: nil)
        let proxies = ProxySettings(environment: environment)
        let makeService: (Bool) -> any WeatherProviding = { offline in
            if offline {
                let transport = SampleDataTransport()
                var sampleConfiguration = configuration
                sampleConfiguration.apiKey = SampleDataTransport.placeholderKey
                return OpenWeatherService(
                    client: OpenWeatherClient(configuration: sampleConfiguration, transport: transport),
                    cache: sampleCache, samplePlaces: transport.placeNames)
            }
            return OpenWeatherService(
                client: OpenWeatherClient(configuration: configuration, transport: SocketTransport(proxies: proxies)),
                cache: liveCache)
        }
        let oneShot = options.isOneShot
        let mode: SessionView.Mode = oneShot ? .oneShot(json: options.json) : console.isInteractive ? .prompt : .piped
        // A one-shot reads the preferences and writes none: it has no store.
        let app = WeatherApp(
            preferences: loaded.preferences, store: oneShot ? nil : store, offline: options.offline, units: options.units,
            clock: options.clock, makeService: makeService)
        let view = SessionView(app: app, console: console, mode: mode)
        if let warning = loaded.warning { view.complain(warning, .warning) }

        if !options.offline, configuration.apiKey == nil {
            view.show(.failed(.missingAPIKey))
            if mode != .prompt { return view.exitStatus }
        }
        if oneShot { return await runOneShot(app, view) }
        if mode == .prompt { return await prompt(view, paths) }
        while let line = readLine(strippingNewline: true) {
            if !(await app.handle(line)) { break }
        }
        return view.exitStatus
    }

    private func runOneShot(_ app: WeatherApp, _ view: SessionView) async -> Int32 {
        let city = options.city.joined(separator: " ")
        let views = options.hourly || options.fiveDay
        if city.isEmpty {
            guard app.place != nil else {
                view.complain("\(views ? "--hourly and --five-day" : "--json") need a city, and there is no last city yet: for example weather-or-not --hourly London.")
                return ExitStatus.usage
            }
            if !views { await app.resume() }
        } else {
            await app.search(city, quietly: views)
        }
        if views, !view.hasFailed {
            if options.hourly { await app.showHourly(nil) }
            if options.fiveDay, !view.hasFailed { await app.showDaily() }
        }
        view.printJSON()
        return view.exitStatus
    }
}
