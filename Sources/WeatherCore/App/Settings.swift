/// The settings in force: units, clock, language, provider, failover, plain mode and the air, each decided by one rule in `resolve`
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
    /// Plain mode: every view in sentences a screen reader speaks, with no drawing, colour or emoji (`--plain`,
    /// `TERM=dumb`, `:plain`).
    package var plain: Bool = false
    /// Whether the air is asked (`:air`, the current view's "Air" line, `%a`, `--json`'s `air`): on unless the
    /// environment turns it off (`WEATHER_OR_NOT_AIR=off`), as the minutes (`WEATHER_OR_NOT_NOWCAST`) are.
    package var air: Bool = true
    /// What the locale asked for and is not spoken here ("ja_JP"), when no language was chosen: to be said once.
    package var unsupportedLanguage: String?

    /// One layer's choices (the command line's, the environment's or the preferences'); nil where it chooses nothing.
    package struct Layer: Equatable, Sendable {
        package var units: UnitSystem?
        package var clock: ClockStyle?
        package var language: Language?
        package var provider: ProviderID?
        package var failover: Bool?
        package var plain: Bool?
        /// Only the environment chooses it (no flag, no preference, no command, as for the minutes).
        package var air: Bool?

        package init(
            units: UnitSystem? = nil, clock: ClockStyle? = nil, language: Language? = nil, provider: ProviderID? = nil,
            failover: Bool? = nil, plain: Bool? = nil, air: Bool? = nil
        ) {
            self.units = units
            self.clock = clock
            self.language = language
            self.provider = provider
            self.failover = failover
            self.plain = plain
            self.air = air
        }

        /// What the preferences file chose (failover is always set there: true unless turned off).
        package init(_ preferences: Preferences) {
            self.init(
                units: preferences.units, clock: preferences.clock, language: preferences.language,
                provider: preferences.provider, failover: preferences.failover, plain: preferences.plain)
        }

        /// This layer's choices, else `below`'s.
        func over(_ below: Layer) -> Layer {
            Layer(
                units: units ?? below.units, clock: clock ?? below.clock, language: language ?? below.language,
                provider: provider ?? below.provider, failover: failover ?? below.failover, plain: plain ?? below.plain,
                air: air ?? below.air)
        }
    }

    /// An on/off environment variable (`WEATHER_OR_NOT_AIR`, `WEATHER_OR_NOT_NOWCAST`, `WEATHER_OR_NOT_WARNINGS`): off
    /// for "off", "0", "no" or "false" (in any case, spaces around ignored), on for any other value; nil (the
    /// default) when unset or empty.
    package static func environmentSwitch(_ value: String?) -> Bool? {
        guard let value = value?.trimmingWhitespace.lowercased(), !value.isEmpty else { return nil }
        return !["off", "0", "no", "false"].contains(value)
    }

    /// The one place settings are decided: the command line over the environment over the preferences over the
    /// defaults. The defaults come from the locale (`LANG`, `LC_*`: its language, imperial units in the United States,
    /// Liberia and Myanmar, a 12-hour clock for US English in whatever language is in force) and `defaultProvider`
    /// (OpenWeather with a key, else Open-Meteo); failover is on unless turned off; plain mode is off unless turned on
    /// (the environment turns it on with `TERM=dumb`); the air is asked unless the environment turns it off.
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
            plain: chosen.plain ?? false,
            air: chosen.air ?? true,
            unsupportedLanguage: chosen.language == nil ? locale.unsupported : nil)
    }
}
