import FoundationEssentials

/// The unit system a person reads figures in. Data is always fetched in metric and converted locally.
package enum UnitSystem: String, CaseIterable, Sendable {
    /// °C, km/h, hPa, km, mm.
    case metric
    /// °F, mph, inHg, mi, in.
    case imperial
    /// K, m/s, hPa, km, mm (OpenWeather's "standard").
    case standard

    /// The units a person of a region reads without choosing: imperial in the United States, Liberia and Myanmar,
    /// metric elsewhere (and where no region is known).
    package static func regionDefault(_ region: String?) -> UnitSystem {
        switch region {
        case "US", "LR", "MM": .imperial
        default: .metric
        }
    }
}

/// How clock times are written.
package enum ClockStyle: String, CaseIterable, Sendable {
    /// "3 PM", "3:30 PM".
    case twelveHour = "12"
    /// "15:00".
    case twentyFourHour = "24"
}
