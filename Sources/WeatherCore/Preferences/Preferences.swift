import Foundation

/// What weather-or-not remembers between launches.
public struct Preferences: Codable, Equatable, Sendable {
    public static let currentVersion = 1
    /// How many recent cities are kept, most recent first.
    public static let recentLimit = 20

    public var version: Int = currentVersion
    /// The city shown last, with its coordinates so resuming needs no geocoding.
    public var lastCity: Place?
    /// Past cities, most recent first, no two at the same location.
    public var recentCities: [Place] = []
    public var units: UnitSystem = .metric
    public var clock: ClockStyle = .twentyFourHour

    public init() {}

    /// Missing fields take their defaults and unknown ones are ignored; a field of the wrong type fails the decode.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
        lastCity = try container.decodeIfPresent(Place.self, forKey: .lastCity)
        recentCities = try container.decodeIfPresent([Place].self, forKey: .recentCities) ?? []
        units = try container.decodeIfPresent(UnitSystem.self, forKey: .units) ?? .metric
        clock = try container.decodeIfPresent(ClockStyle.self, forKey: .clock) ?? .twentyFourHour
    }

    /// Makes `place` the last city and the first recent one.
    public mutating func remember(_ place: Place) {
        lastCity = place
        recentCities.removeAll { $0.isSameLocation(as: place) || $0.displayName == place.displayName }
        recentCities.insert(place, at: 0)
        if recentCities.count > Self.recentLimit { recentCities.removeLast(recentCities.count - Self.recentLimit) }
    }
}
