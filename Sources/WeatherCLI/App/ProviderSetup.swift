import FoundationEssentials
import WeatherCore

/// The weather services as the program composes them and hands them to the terminal: Sources/weather-or-not builds
/// them from WeatherProviders (as swift-format's executable composes its front ends from its library), and WeatherCLI
/// names no provider. `--provider`'s choices, `:provider`'s list, the attributions of `--version`, `--help` and the
/// man page, and which provider needs a key all come from `catalog`.
package struct ProviderSetup: Sendable {
    /// What a run hands `compose`: read from the command line and the environment.
    package struct Run: Sendable {
        package let environment: [String: String]
        /// `--api-key`; the environment's key when nil.
        package let apiKey: String?
        /// `--timeout`, in seconds.
        package let timeout: Double
        /// Where the cache and the record of failed hosts live.
        package let paths: AppPaths

        package init(environment: [String: String], apiKey: String?, timeout: Double, paths: AppPaths) {
            self.environment = environment
            self.apiKey = apiKey
            self.timeout = timeout
            self.paths = paths
        }
    }

    /// One run's services, as the app model takes them.
    package struct Services: Sendable {
        /// Who answers when nobody chose: with a key, the first of the catalog; without, the first keyless one.
        package let defaultProvider: ProviderID
        /// True when a key was given (`--api-key` or the environment) for the providers that need one.
        package let hasAPIKey: Bool
        /// The service for a choice: the samples offline, else the chosen provider with the keyless ones behind it.
        /// Each provider is built when a request first reaches it.
        package let make: @Sendable (ServiceChoice) -> any WeatherProviding
        /// The IP geolocation service that `:locate` and `--locate` ask, and nothing else.
        package let locator: any PlaceLocating
        /// Where `:air` and the current view's "Air" line come from; nil: no air data.
        package let air: (any AirQualityProviding)?
        /// Where `:rain` and the current view's rain line get the minutes; nil: the hourly forecast alone.
        package let nowcast: (any NowcastProviding)?
        /// The weather of a one-place map's region cities, one request for all of them; nil: none.
        package let region: (any WeatherProviding)?
        /// The official warning services, asked beside the current weather; nil: none.
        package let warnings: (any WarningProviding)?
        /// A warning service's base-URL variable the program cannot use: the run ends at once (exit 78).
        package let warningsProblem: WeatherError?

        package init(
            defaultProvider: ProviderID, hasAPIKey: Bool, make: @escaping @Sendable (ServiceChoice) -> any WeatherProviding,
            locator: any PlaceLocating, air: (any AirQualityProviding)? = nil, region: (any WeatherProviding)? = nil,
            warnings: (any WarningProviding)? = nil, warningsProblem: WeatherError? = nil, nowcast: (any NowcastProviding)? = nil
        ) {
            self.air = air
            self.region = region
            self.nowcast = nowcast
            self.defaultProvider = defaultProvider
            self.hasAPIKey = hasAPIKey
            self.make = make
            self.locator = locator
            self.warnings = warnings
            self.warningsProblem = warningsProblem
        }
    }

    /// Every provider, in the order lists show them.
    package let catalog: ProviderCatalog
    /// Builds one run's services; called once, by the launcher, and never for `--help`, `--version` or the generators.
    package let compose: @Sendable (Run) -> Services

    package init(catalog: ProviderCatalog, compose: @escaping @Sendable (Run) -> Services) {
        self.catalog = catalog
        self.compose = compose
    }

    /// The provider `WEATHER_PROVIDER` names; nil when unset. Throws a usage message for a name no provider has.
    package func environmentProvider(_ environment: [String: String]) throws(WeatherError) -> ProviderID? {
        guard let name = environment["WEATHER_PROVIDER"], !name.trimmingWhitespace.isEmpty else { return nil }
        guard let provider = catalog.named(name) else { throw .invalidInput(Phrase("error.provider.variable")) }
        return provider
    }
}
