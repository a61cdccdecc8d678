import Foundation

/// How figures are shown: units, clock and the locale for weekday names.
public struct DisplayOptions: Equatable, Sendable {
    public var units: UnitSystem
    public var clock: ClockStyle
    public var locale: Locale

    public init(units: UnitSystem = .metric, clock: ClockStyle = .twentyFourHour, locale: Locale = .current) {
        self.units = units
        self.clock = clock
        self.locale = locale
    }
}
