import FoundationEssentials

/// How figures are shown: units, clock, the language's words, and which provider goes without saying.
package struct DisplayOptions: Equatable, Sendable {
    package var units: UnitSystem
    package var clock: ClockStyle
    /// The words of the language chosen (`--lang`, `:lang`, the environment).
    package var strings: Strings
    /// The provider a person gets without choosing; a view names its provider when it is another one. Nil (options
    /// made without a provider in mind) names the provider only when another one stood in for the chosen one.
    package var defaultProvider: ProviderID?

    package init(
        units: UnitSystem = .metric, clock: ClockStyle = .twentyFourHour, language: Language = .english,
        defaultProvider: ProviderID? = nil
    ) {
        self.units = units
        self.clock = clock
        self.strings = Strings(language)
        self.defaultProvider = defaultProvider
    }

    package var language: Language {
        get { strings.language }
        set { if newValue != strings.language { strings = Strings(newValue) } }
    }

    package static func == (a: DisplayOptions, b: DisplayOptions) -> Bool {
        a.units == b.units && a.clock == b.clock && a.language == b.language && a.defaultProvider == b.defaultProvider
    }
}
