import Foundation
import WeatherCore

/// Builds the session from the options and environment, then runs the prompt, piped input or a one-shot.
@MainActor
struct Launcher {
    let options: Options

    func run() async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let console = Console(environment: environment, ascii: options.ascii, color: options.color)
        let paths = AppPaths(environment: environment)
        let (store, loaded) = PreferencesStore.open(at: paths.preferences)
        if let warning = loaded.warning { console.error(warning) }
        var preferences = loaded.preferences
        if let units = options.units { preferences.units = units }
        if let clock = options.clock { preferences.clock = clock }
        if options.units != nil || options.clock != nil { try? store.save(preferences) }

        let configuration = WeatherConfiguration.fromEnvironment(environment, apiKey: options.apiKey, timeout: options.timeout)
        let liveCache = ResponseCache(directory: paths.cacheDirectory)
        let sampleCache = ResponseCache(directory: nil)
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
                client: OpenWeatherClient(configuration: configuration, transport: SocketTransport(proxies: ProxySettings(environment: environment))),
                cache: liveCache)
        }
        let style = Style(
            color: console.useColor, unicode: console.useUnicode,
            trueColor: ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? ""))
        let session = Session(
            preferences: preferences, store: store, console: console, style: style, offline: options.offline,
            makeService: makeService)

        if !options.offline, configuration.apiKey == nil {
            console.error(WeatherError.missingAPIKey.message)
            if !options.city.isEmpty || !console.isInteractive { return 2 }
        }
        if !options.city.isEmpty {
            return await oneShot(session)
        }
        if console.isInteractive {
            return await Prompt(session: session, console: console, historyFile: paths.historyFile).run()
        }
        return await piped(session)
    }

    private func oneShot(_ session: Session) async -> Int32 {
        session.oneShot = true
        session.jsonOutput = options.json
        if options.hourly || options.fiveDay {
            // The hourly and daily views need the place first; the current view is not printed.
            await session.searchQuietly(options.city.joined(separator: " "))
            guard session.lastOutcome == .updated else { return 1 }
            if options.hourly { await session.showHourly(nil) }
            if options.fiveDay { await session.showDaily() }
        } else {
            await session.search(options.city.joined(separator: " "))
        }
        return session.lastOutcome == .updated ? 0 : 1
    }

    /// Commands from piped input, one per line, each answer written as soon as it is ready.
    private func piped(_ session: Session) async -> Int32 {
        while let line = readLine(strippingNewline: true) {
            if !(await session.handle(line)) { break }
        }
        return 0
    }
}
