import FoundationEssentials

/// Converts canonical metric figures to the person's units and writes them with their unit.
package enum UnitFormatting {
    /// Rounds half away from zero; never yields "-0", and never traps: a figure that is not a number is 0, one
    /// beyond ±2⁵³ stops there (`Int(saturating:)`). The reports' figures are checked long before
    /// (`PhysicalRange`); this is the formatting layer's own defence.
    package static func rounded(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(saturating: value.rounded(.toNearestOrAwayFromZero))
    }

    /// The temperature in the unit system's scale, unrounded.
    package static func temperatureValue(celsius: Double, _ units: UnitSystem) -> Double {
        switch units {
        case .metric: celsius
        case .imperial: celsius * 9 / 5 + 32
        case .standard: celsius + 273.15
        }
    }

    /// "12°C", "54°F", "285 K".
    package static func temperature(celsius: Double, _ units: UnitSystem) -> String {
        let value = rounded(temperatureValue(celsius: celsius, units))
        return units == .standard ? "\(value) K" : "\(value)\(Unit.temperature(units))"
    }

    /// The wind speed in the unit system's unit (``Unit/speed(_:)``), unrounded.
    package static func speedValue(metresPerSecond: Double, _ units: UnitSystem) -> Double {
        switch units {
        case .metric: metresPerSecond * 3.6
        case .imperial: metresPerSecond * 2.236_936
        case .standard: metresPerSecond
        }
    }

    /// Wind speed: km/h (metric), mph (imperial), m/s (standard).
    package static func speed(metresPerSecond: Double, _ units: UnitSystem) -> String {
        "\(rounded(speedValue(metresPerSecond: metresPerSecond, units))) \(Unit.speed(units))"
    }

    /// The pressure in hPa, or inHg in imperial, unrounded.
    package static func pressureValue(hectopascals: Double, _ units: UnitSystem) -> Double {
        units == .imperial ? hectopascals * 0.029_529_983 : hectopascals
    }

    /// Pressure: hPa, or inHg to a hundredth in imperial.
    package static func pressure(hectopascals: Double, _ units: UnitSystem, decimal: Character = ".") -> String {
        guard units == .imperial else { return "\(rounded(hectopascals)) hPa" }
        let hundredths = rounded(pressureValue(hectopascals: hectopascals, units) * 100)
        let fraction = String(abs(hundredths) % 100)
        return "\(hundredths < 0 ? "-" : "")\(abs(hundredths) / 100)\(decimal)\(fraction.count == 1 ? "0" : "")\(fraction) inHg"
    }

    /// A distance in km, or mi in imperial, unrounded.
    package static func distanceValue(metres: Double, _ units: UnitSystem) -> Double {
        units == .imperial ? metres / 1609.344 : metres / 1000
    }

    /// Visibility in km (mi in imperial), one decimal under 10.
    package static func distance(metres: Double, _ units: UnitSystem, decimal: Character = ".") -> String {
        let (value, unit) = (distanceValue(metres: metres, units), Unit.distance(units))
        // Decide on the rounded figure: 9.9997 mi is "10 mi", not "10.0 mi".
        return rounded(value * 10) < 100 ? "\(oneDecimal(value, decimal)) \(unit)" : "\(rounded(value)) \(unit)"
    }

    /// Rain or snow: mm to a tenth, or inches to a hundredth in imperial, trailing zeros dropped ("2 mm", "0.1 in").
    /// An amount above zero too small for the unit to show is "<0.1 mm" or "<0.01 in", never "0.00 in". `decimal`
    /// is the language's separator ("2,4 mm").
    package static func precipitation(millimetres: Double, _ units: UnitSystem, decimal: Character = ".") -> String {
        let (value, places, unit) = (precipitationValue(millimetres: millimetres, units), units == .imperial ? 2 : 1, Unit.precipitation(units))
        let scale = places == 2 ? 100 : 10
        let steps = rounded(value * Double(scale))
        if steps == 0, value > 0 { return "<0\(decimal)\(places == 2 ? "01" : "1") \(unit)" }
        var fraction = String(abs(steps) % scale)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(steps < 0 ? "-" : "")\(abs(steps) / scale)\(fraction.isEmpty ? "" : String(decimal) + fraction) \(unit)"
    }

    /// Rain or snow in mm, or inches in imperial, unrounded.
    package static func precipitationValue(millimetres: Double, _ units: UnitSystem) -> Double {
        units == .imperial ? millimetres / 25.4 : millimetres
    }

    /// The units each kind of figure is written in, in a unit system.
    package enum Unit {
        package static func temperature(_ units: UnitSystem) -> String {
            switch units {
            case .metric: "°C"
            case .imperial: "°F"
            case .standard: "K"
            }
        }

        package static func speed(_ units: UnitSystem) -> String {
            switch units {
            case .metric: "km/h"
            case .imperial: "mph"
            case .standard: "m/s"
            }
        }

        package static func pressure(_ units: UnitSystem) -> String { units == .imperial ? "inHg" : "hPa" }
        package static func distance(_ units: UnitSystem) -> String { units == .imperial ? "mi" : "km" }
        package static func precipitation(_ units: UnitSystem) -> String { units == .imperial ? "in" : "mm" }
    }

    /// A percentage from 0…1.
    package static func percent(fraction: Double, sign: String = "%") -> String {
        "\(rounded(min(1, max(0, fraction)) * 100))\(sign)"
    }

    static func oneDecimal(_ value: Double, _ decimal: Character = ".") -> String {
        let tenths = rounded(value * 10)
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10)\(decimal)\(abs(tenths) % 10)"
    }
}
