import WeatherCore

/// The condition drawings of `Assets/art/` (plain ASCII, five lines, day and night).
enum Art {
    static let width = 13

    static func lines(_ group: ConditionGroup, night: Bool) -> [String] {
        // An unknown condition gets a bare cloud: neither sun nor moon.
        let name = group == .freezingRain ? "sleet" : group == .unknown ? "overcast" : group.rawValue
        guard let data = Assets.data("art/\(name)-\(night ? "night" : "day").txt") else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
