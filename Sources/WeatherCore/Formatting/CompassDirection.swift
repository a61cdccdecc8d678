import FoundationEssentials

/// The 16-point compass rose.
package enum CompassDirection {
    static let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
    /// Eight arrows, N first, clockwise.
    static let arrows = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]

    /// The point a bearing falls in; each covers 22.5°, centred on it (N is 348.75° up to 11.25°).
    package static func cardinal(degrees: Double) -> String {
        points[index(degrees)]
    }

    /// An arrow pointing where wind from `degrees` blows to, as weather maps draw it: wind from the south ("S",
    /// 180°) is "↑". At the nearest of eight points.
    package static func arrow(windFrom degrees: Double) -> String {
        arrows[(index(degrees + 180) + 1) / 2 % 8]
    }

    static func index(_ degrees: Double) -> Int {
        guard degrees.isFinite else { return 0 }
        var bearing = degrees.truncatingRemainder(dividingBy: 360)
        if bearing < 0 { bearing += 360 }
        return Int((bearing + 11.25) / 22.5) % 16
    }
}
