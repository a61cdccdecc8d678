import Foundation

/// How figures are shown: units, clock and the locale for weekday names.
package struct DisplayOptions: Equatable, Sendable {
    package var units: UnitSystem
    package var clock: ClockStyle
    package var locale: Locale

    package init(units: UnitSystem = .metric, clock: ClockStyle = .twentyFourHour, locale: Locale = .current) {
        self.units = units
        self.clock = clock
        self.locale = locale
    }
}
