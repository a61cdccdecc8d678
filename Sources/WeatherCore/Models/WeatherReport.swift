import Foundation

/// Everything the views show for one place: current conditions and the 3-hour forecast.
public struct WeatherReport: Equatable, Sendable {
    public var place: Place
    public var current: CurrentConditions
    public var forecast: [ForecastSlot]
    /// The place's offset from UTC in seconds, as the API reports it.
    public var utcOffset: Int
    public var source: DataSource

    public init(place: Place, current: CurrentConditions, forecast: [ForecastSlot], utcOffset: Int, source: DataSource) {
        self.place = place
        self.current = current
        self.forecast = forecast
        self.utcOffset = utcOffset
        self.source = source
    }
}

/// Where a report's data came from, so no view passes off old or sample data as live.
public enum DataSource: Equatable, Sendable {
    /// Fetched now, or served from the cache while fresh (under 10 minutes old).
    case live(fetchedAt: Date)
    /// An older cached copy, shown because the network failed.
    case stale(fetchedAt: Date, reason: WeatherError)
    /// Bundled sample data (offline mode): not real weather.
    case sample
}
