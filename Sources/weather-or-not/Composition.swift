import HTTPKit
import WeatherCLI
import WeatherCore
import WeatherProviders

extension ProviderSetup {
    /// The program's providers: WeatherProviders' three services, composed here, the one place that names them, and
    /// handed to the terminal, which names none. The transport, the cache and the failed hosts' record are made for a
    /// run only when it asks for its services (never for `--help`, `--version` or the generators).
    static let standard = ProviderSetup(catalog: .standard) { run in
        let configuration = WeatherConfiguration.fromEnvironment(run.environment, apiKey: run.apiKey, timeout: run.timeout)
        let factory = ProviderFactory(
            openWeather: configuration, environment: run.environment,
            transport: SocketTransport(proxies: ProxySettings(environment: run.environment)),
            cache: ResponseCache(directory: run.paths.cacheDirectory), failures: RecentFailures(file: run.paths.failedHosts))
        return Services(defaultProvider: factory.defaultProvider, hasAPIKey: configuration.apiKey != nil, make: factory.service(for:),
            locator: factory.placeLocator, air: factory.airQuality, region: factory.regionWeather, warnings: factory.warningsOn ? factory.warningService : nil,
            warningsProblem: factory.warningsOn ? factory.warningSettingsProblem : nil, nowcast: factory.nowcastOn ? factory.nowcast : nil)
    }
}
