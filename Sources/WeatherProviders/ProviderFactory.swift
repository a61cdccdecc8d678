import FoundationEssentials
import HTTPKit
import WeatherCore

/// The composition: builds the weather service for a `ServiceChoice`, the bundled samples offline, else the chosen
/// provider with the keyless ones behind it for failover. Each provider keeps its own cache entries (their keys
/// differ). Nothing is built before it is needed: a provider of the chain is built when a request first reaches it.
package struct ProviderFactory: Sendable {
    /// OpenWeather's key, base URL, timeout and language.
    package let openWeather: WeatherConfiguration
    /// The environment, for the other providers' base URLs (`OPENMETEO_BASE_URL`, `METNO_BASE_URL`) and contact.
    package let environment: [String: String]
    package let transport: any HTTPTransport
    package let cache: ResponseCache
    /// Hosts that failed in the last minutes, shared by every service this factory builds.
    package let failures: RecentFailures
    /// The clock MET Norway picks its current hour by (tests set it).
    package let now: @Sendable () -> Date
    private let sampleCache = ResponseCache(directory: nil)
    /// Told each time a live provider is built (tests count them).
    package var onBuild: (@Sendable (ProviderID) -> Void)?

    /// `failures` nil remembers failed hosts within this run only.
    package init(
        openWeather: WeatherConfiguration, environment: [String: String], transport: any HTTPTransport, cache: ResponseCache,
        failures: RecentFailures? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.openWeather = openWeather
        self.environment = environment
        self.transport = transport
        self.cache = cache
        self.failures = failures ?? RecentFailures(file: nil)
        self.now = now
    }

    /// The providers it builds, as the core knows them.
    package var catalog: ProviderCatalog { .standard }

    /// OpenWeather when a key is set, else Open-Meteo.
    package var defaultProvider: ProviderID { catalog.defaultProvider(hasKey: openWeather.apiKey != nil) ?? .openMeteo }

    /// The IP geolocation service (`IPGEO_BASE_URL`, default ipinfo.io) `:locate` and `--locate` ask; building it
    /// asks nothing.
    package var placeLocator: any PlaceLocating {
        IPLocationClient(configuration: .fromEnvironment(environment, timeout: openWeather.timeout), transport: transport)
    }

    /// The air source `:air` and the current view's "Air" line ask: Open-Meteo's air quality (keyless, on
    /// `OPENMETEO_BASE_URL` when set), and with an OpenWeather key its air pollution when Open-Meteo fails; building
    /// it asks nothing.
    package var airQuality: any AirQualityProviding {
        let openMeteo = OpenMeteoAirQualitySource(client: openMeteoClient(.english), cache: cache)
        guard openWeather.apiKey != nil else { return openMeteo }
        return AirQualityChain([
            openMeteo, OpenWeatherAirPollutionSource(client: OpenWeatherClient(configuration: openWeather, transport: transport), cache: cache),
        ])
    }

    /// Where rain to the minute comes from (`:rain` and the current view's rain line): MET Norway's radar nowcast in
    /// the Nordic countries (on `METNO_BASE_URL`), then Open-Meteo's 15-minute data where it is real (on
    /// `OPENMETEO_BASE_URL`); each asks only for the places it covers. Building it asks nothing.
    package var nowcast: any NowcastProviding {
        NowcastChain([
            METNorwayNowcastSource(
                configuration: METNorwayConfiguration.fromEnvironment(environment, timeout: openWeather.timeout), transport: transport,
                cache: cache, now: now),
            OpenMeteoMinutelySource(client: openMeteoClient(.english), cache: cache, now: now),
        ])
    }

    /// The weather of a one-place map's region cities: Open-Meteo's forecast, keyless, one request for all of them
    /// (on `OPENMETEO_BASE_URL` when set) whatever the provider chosen; building it asks nothing.
    package var regionWeather: any WeatherProviding {
        OpenMeteoService(client: openMeteoClient(.english), cache: cache)
    }

    /// The official warning services, each asked only for the places it covers: NWS, MET Norway's MetAlerts, the
    /// DWD through Bright Sky, ECCC, MeteoAlarm. Building it asks nothing.
    package var warningService: WarningService {
        let timeout = openWeather.timeout
        let requester = { (endpoint: WarningEndpoint) in WarningRequester(endpoint: endpoint, transport: transport, cache: cache, now: now) }
        return WarningService(
            sources: [
                NWSAlerts(requester: requester(NWSAlerts.endpoint(environment, timeout: timeout))),
                MetAlerts(requester: requester(MetAlerts.endpoint(environment, timeout: timeout))),
                BrightSkyAlerts(requester: requester(BrightSkyAlerts.endpoint(environment, timeout: timeout))),
                ECCCAlerts(requester: requester(ECCCAlerts.endpoint(environment, timeout: timeout))),
                MeteoAlarm(requester: requester(MeteoAlarm.endpoint(environment, timeout: timeout))),
            ], now: now)
    }

    /// False when `WEATHER_OR_NOT_NOWCAST` is "off" (or "0", "no", "false"): no nowcast source is asked, and `:rain`
    /// and the current view speak from the hourly forecast (the benchmark's rows without it).
    package var nowcastOn: Bool {
        Settings.environmentSwitch(environment["WEATHER_OR_NOT_NOWCAST"]) ?? true
    }

    /// False when `WEATHER_OR_NOT_WARNINGS` is "off" (or "0", "no", "false"): no warning service is asked.
    package var warningsOn: Bool {
        Settings.environmentSwitch(environment["WEATHER_OR_NOT_WARNINGS"]) ?? true
    }

    /// The first warning service's base-URL variable the program cannot use, as the error a request would meet:
    /// refused at launch (exit 78), so a bad one is not found quietly as "warnings unavailable".
    package var warningSettingsProblem: WeatherError? {
        for endpoint in [
            NWSAlerts.endpoint(environment), BrightSkyAlerts.endpoint(environment), ECCCAlerts.endpoint(environment),
            MeteoAlarm.endpoint(environment),
        ] {
            do { try endpoint.validate() } catch { return error }
        }
        return nil
    }

    package func service(for choice: ServiceChoice) -> any WeatherProviding {
        if choice.offline {
            let samples = SampleDataTransport()
            var configuration = openWeather
            configuration.apiKey = SampleDataTransport.placeholderKey
            configuration.language = choice.language.openWeatherCode
            return OpenWeatherService(
                client: OpenWeatherClient(configuration: configuration, transport: samples), cache: sampleCache,
                samplePlaces: samples.placeNames)
        }
        let ids = [choice.provider] + (choice.failover ? catalog.keyless.filter { $0 != choice.provider } : [])
        let language = choice.language
        // Even alone, a provider answers within one deadline (`--timeout`) and skips a host that failed within it.
        return FailoverProvider(
            lazy: ids.map { id in (id, { service(id, language: language) }) }, budget: openWeather.timeout, failures: failures)
    }

    /// One provider's live service. MET Norway has no geocoding: its places come from OpenWeather's when a key
    /// is set, else from Open-Meteo's, whose time zones also give MET Norway's local days.
    func service(_ provider: ProviderID, language: Language = .english) -> any WeatherProviding {
        onBuild?(provider)
        // OpenWeather words conditions and names places in the language asked; Open-Meteo's search names places.
        var openWeather = openWeather
        openWeather.language = language.openWeatherCode
        let openMeteoClient = openMeteoClient(language)
        switch provider {
        case .openWeather:
            // Its free plan has no UV index: Open-Meteo's, for the same coordinates, asked beside the weather.
            return OpenWeatherService(
                client: OpenWeatherClient(configuration: openWeather, transport: transport), cache: cache,
                uvSource: OpenMeteoUVSource(client: openMeteoClient, cache: cache))
        case .openMeteo:
            return OpenMeteoService(client: openMeteoClient, cache: cache)
        case .metNorway:
            let openMeteo = openMeteoClient
            let geocoder = OpenMeteoGeocoder(client: openMeteo, cache: cache)
            let client = METNorwayClient(
                configuration: METNorwayConfiguration.fromEnvironment(environment, timeout: openWeather.timeout), transport: transport)
            let finder: METNorwayService.PlaceFinder
            let namesURLs: [URL]
            // MET's connection opens while the search is on the wire.
            if openWeather.apiKey != nil {
                let geocoding = OpenWeatherClient(configuration: openWeather, transport: transport)
                let places = OpenWeatherService(client: geocoding, cache: cache)
                namesURLs = [geocoding.directURL].compactMap { $0 }
                // OpenWeather's places carry no time zone: Open-Meteo's search is asked for it beside the forecast.
                // One call for both: when they share an address (a mirror, a proxy), two connections are wanted
                // there, and two calls would each count the other's as theirs.
                let ahead = [client.reportURL, openMeteo.searchURL].compactMap { $0 }
                let (transport, timeout) = (transport, openWeather.timeout)
                finder = { query in
                    let (prepared, beside) = (PreparedConnections.forSearch, PreparedConnections.alongside)
                    return try await places.places(matching: query) { if !prepared { transport.preconnect(ahead, beside: beside, timeout: timeout) } }
                }
            } else {
                finder = { query in
                    let (prepared, beside) = (PreparedConnections.forSearch, PreparedConnections.alongside)
                    return try await geocoder.places(
                        matching: query, whileSearching: { if !prepared { client.prepareReport(beside: beside) } })
                }
                namesURLs = [openMeteo.searchURL].compactMap { $0 }
            }
            return METNorwayService(
                client: client, cache: cache, findPlaces: finder, namesURLs: namesURLs,
                zone: { place in
                    // A place found through Open-Meteo carries its zone; others are looked up by name there, else
                    // located from where they lie.
                    let locator = ZoneLocator()
                    guard place.timeZone == nil, let name = await geocoder.timeZone(for: place) else { return locator.zone(for: place) }
                    var named = place
                    named.timeZone = name
                    return locator.zone(for: named)
                }, now: now)
        default:
            preconditionFailure("\(provider) is not one of ProviderCatalog.standard's")
        }
    }

    private func openMeteoClient(_ language: Language) -> OpenMeteoClient {
        OpenMeteoClient(
            configuration: OpenMeteoConfiguration.fromEnvironment(environment, timeout: openWeather.timeout, language: language.openMeteoCode),
            transport: transport)
    }
}
