import Foundation

/// Everything the views show for one place: current conditions and the 3-hour forecast.
package struct WeatherReport: Equatable, Sendable {
    package var place: Place
    package var current: CurrentConditions
    package var forecast: [ForecastSlot]
    /// The place's offset from UTC in seconds, as the API reports it.
    package var utcOffset: Int
    package var source: DataSource

    package init(place: Place, current: CurrentConditions, forecast: [ForecastSlot], utcOffset: Int, source: DataSource) {
        self.place = place
        self.current = current
        self.forecast = forecast
        self.utcOffset = utcOffset
        self.source = source
    }
}

/// Where a report's data came from, so no view passes off old or sample data as live.
package enum DataSource: Equatable, Sendable {
    /// Fetched now, or served from the cache while fresh (under 10 minutes old).
    case live(fetchedAt: Date)
    /// An older cached copy, shown because the network failed.
    case stale(fetchedAt: Date, reason: WeatherError)
    /// Bundled sample data (offline mode): not real weather.
    case sample
}
