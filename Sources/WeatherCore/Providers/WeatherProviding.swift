import FoundationEssentials

/// Finds places and fetches their weather: what a view model needs from the outside world.
package protocol WeatherProviding: Sendable {
    /// Every distinct place matching the query; throws `WeatherError.placeNotFound` when there is none.
    func places(matching query: LocationQuery) async throws -> [Place]
    /// Current conditions and forecast for a place, fetched concurrently (or from the cache).
    func report(for place: Place) async throws -> WeatherReport
    /// The report built from cached answers alone, with no request: `.live` while they are fresh (`report(for:)`
    /// would make no request either), else `.refreshing`, meant to be shown while `report(for:)` fetches a newer
    /// one. Nil when an answer it needs is not cached, or is older than `ResponseCache.retention`.
    func cachedReport(for place: Place) async -> WeatherReport?
}

/// The weather services weather-or-not can ask.
package enum ProviderID: String, CaseIterable, Equatable, Sendable {
    case openWeather = "openweather"
    case openMeteo = "open-meteo"
    case metNorway = "met-norway"

    /// How the provider is named in sentences ("OpenWeather did not answer").
    package var displayName: String {
        switch self {
        case .openWeather: "OpenWeather"
        case .openMeteo: "Open-Meteo"
        case .metNorway: "MET Norway"
        }
    }

    /// The line its terms ask for wherever its data is shown.
    package var attribution: String {
        switch self {
        case .openWeather: "Weather data by OpenWeather (https://openweathermap.org), CC BY-SA 4.0."
        case .openMeteo: "Weather data by Open-Meteo.com (CC BY 4.0)."
        case .metNorway: "Weather data by MET Norway (CC BY 4.0)."
        }
    }

    /// True when it answers without an API key.
    package var needsKey: Bool { self == .openWeather }

    /// The provider a spelling names ("open-meteo", "openmeteo", "Open-Meteo", "met", "metno"); nil for none.
    package init?(name: String) {
        let key = name.lowercased().filter { $0.isLetter }
        switch key {
        case "openweather", "openweathermap", "owm": self = .openWeather
        case "openmeteo": self = .openMeteo
        case "metnorway", "metno", "met", "yr": self = .metNorway
        default: return nil
        }
    }
}
