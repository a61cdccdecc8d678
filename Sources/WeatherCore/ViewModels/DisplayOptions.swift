import Foundation

/// How figures are shown: units, clock, the locale for weekday names, and which provider goes without saying.
package struct DisplayOptions: Equatable, Sendable {
    package var units: UnitSystem
    package var clock: ClockStyle
    package var locale: Locale
    /// The provider a person gets without choosing; a view names its provider when it is another one.
    package var defaultProvider: ProviderID

    package init(
        units: UnitSystem = .metric, clock: ClockStyle = .twentyFourHour, locale: Locale = .current,
        defaultProvider: ProviderID = .openWeather
    ) {
        self.units = units
        self.clock = clock
        self.locale = locale
        self.defaultProvider = defaultProvider
    }
}
