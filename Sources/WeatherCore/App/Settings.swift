/// The settings in force: units, clock, language, provider and failover, each decided by one rule in `resolve`
/// (command line, then environment, then preferences, then the default), and changed afterwards only by commands
/// (`:units`, `:clock`, `:lang`, `:provider`), which save a preference and clear the layers above it.
package struct Settings: Equatable, Sendable {
    package var units: UnitSystem
    package var clock: ClockStyle
    package var language: Language
    /// The provider asked first.
    package var provider: ProviderID
    /// Whether another provider may answer when the chosen one fails.
    package var failover: Bool
    /// What the locale asked for and is not spoken here ("ja_JP"), when no language was chosen: to be said once.
    package var unsupportedLanguage: String?

    /// One layer's choices (the command line's, the environment's or the preferences'); nil where it chooses nothing.
    package struct Layer: Equatable, Sendable {
        package var units: UnitSystem?
        package var clock: ClockStyle?
        package var language: Language?
        package var provider: ProviderID?
        package var failover: Bool?

        package init(
            units: UnitSystem? = nil, clock: ClockStyle? = nil, language: Language? = nil, provider: ProviderID? = nil,
            failover: Bool? = nil
        ) {
            self.units = units
            self.clock = clock
            self.language = language
            self.provider = provider
            self.failover = failover
        }

        /// What the preferences file chose (failover is always set there: true unless turned off).
        package init(_ preferences: Preferences) {
            self.init(
                units: preferences.units, clock: preferences.clock, language: preferences.language,
                provider: preferences.provider, failover: preferences.failover)
        }

        /// This layer's choices, else `below`'s.
        func over(_ below: Layer) -> Layer {
            Layer(
                units: units ?? below.units, clock: clock ?? below.clock, language: language ?? below.language,
                provider: provider ?? below.provider, failover: failover ?? below.failover)
        }
    }

    /// The one place settings are decided: the command line over the environment over the preferences over the
    /// defaults. The defaults come from the locale (`LANG`, `LC_*`: its language, imperial units in the United States,
    /// Liberia and Myanmar, a 12-hour clock for US English in whatever language is in force) and `defaultProvider`
    /// (OpenWeather with a key, else Open-Meteo); failover is on unless turned off.
    package static func resolve(
        flags: Layer, environment: Layer, preferences: Layer, locale: LanguageChoice, defaultProvider: ProviderID
    ) -> Settings {
        let chosen = flags.over(environment).over(preferences)
        let language = chosen.language ?? locale.language
        return Settings(
            units: chosen.units ?? locale.defaultUnits,
            clock: chosen.clock ?? language.defaultClock(region: locale.region),
            language: language,
            provider: chosen.provider ?? defaultProvider,
            failover: chosen.failover ?? true,
            unsupportedLanguage: chosen.language == nil ? locale.unsupported : nil)
    }
}
