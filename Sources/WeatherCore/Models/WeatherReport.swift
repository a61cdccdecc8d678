import FoundationEssentials

/// Everything the views show for one place: current conditions, the 3-hour forecast, and what else the provider has.
package struct WeatherReport: Equatable, Sendable {
    package var place: Place
    package var current: CurrentConditions
    /// 3-hour steps, whatever the provider's own step: the views and summaries are built on them.
    package var forecast: [ForecastSlot]
    /// The place's time zone: every time shown is at its offset at that time (across daylight-saving changes),
    /// and days are its calendar days. `.unknown` shows UTC and says so.
    package var zone: PlaceTimeZone
    package var source: DataSource
    /// Who answered.
    package var provider: ProviderID
    /// 1-hour steps, for providers that have them (`:hourly 1h`); nil otherwise.
    package var hourly: [ForecastSlot]?
    /// The provider's own daily highs, lows, sunrise and sunset, where it has them; nil: the views derive days
    /// from `forecast`.
    package var days: [DayForecast]?
    /// Set when the chosen provider failed and another one answered.
    package var failover: Failover?
    /// The provider said the product this answer came from is deprecated and will be withdrawn (MET Norway's 203):
    /// it still works, but this version of the program needs an update.
    package var productIsDeprecated = false
    /// Who the UV index figures (`uvIndex` of the current conditions, the steps and the days) come from; nil when
    /// the report has none (OpenWeather offline, or when Open-Meteo's answer for it failed): never invented.
    package var uvOrigin: UVOrigin?

    package init(
        place: Place, current: CurrentConditions, forecast: [ForecastSlot], zone: PlaceTimeZone, source: DataSource,
        provider: ProviderID, hourly: [ForecastSlot]? = nil, days: [DayForecast]? = nil, failover: Failover? = nil,
        uvOrigin: UVOrigin? = nil
    ) {
        self.place = place
        self.current = current
        self.forecast = forecast
        self.zone = zone
        self.source = source
        self.provider = provider
        self.hourly = hourly
        self.days = days
        self.failover = failover
        self.uvOrigin = uvOrigin
    }
}

/// Where a report's data came from, so no view passes off old or sample data as live.
package enum DataSource: Equatable, Sendable {
    /// Fetched now, or served from the cache while fresh (under 10 minutes old, or the server's own expiry).
    case live(fetchedAt: Date)
    /// An older cached copy, shown because the network failed.
    case stale(fetchedAt: Date, reason: WeatherError)
    /// An older cached copy, shown at once while a refresh runs (`WeatherProviding.cachedReport(for:)`).
    case refreshing(fetchedAt: Date)
    /// An older cached copy whose refresh was given up for a newer request: shown with its age, no longer "updating".
    case copy(fetchedAt: Date)
    /// Bundled sample data (offline mode): not real weather.
    case sample
}

/// The chosen provider failed, and why: the report came from another one.
package struct Failover: Equatable, Sendable {
    /// Why the chosen provider was not asked at all: it failed in the last minutes (`RecentFailures`).
    package enum Skip: Equatable, Sendable {
        /// The first time in this run: the view says so.
        case sayingSo
        /// Said before in this run: the view names the provider that answered, and says no more.
        case saidBefore
    }

    package var from: ProviderID
    package var reason: WeatherError
    /// Set when `from` was skipped for an earlier failure (`reason`) rather than asked now.
    package var skipped: Skip?

    package init(from: ProviderID, reason: WeatherError, skipped: Skip? = nil) {
        self.from = from
        self.reason = reason
        self.skipped = skipped
    }
}

/// One local day as the provider forecasts it, in canonical metric units.
package struct DayForecast: Equatable, Sendable {
    /// The day's local midnight.
    package var date: Date
    package var high: Double
    package var low: Double
    package var condition: Condition?
    package var sunrise: Date?
    package var sunset: Date?
    /// Rain plus snow over the day, in mm.
    package var precipitation: Double?
    /// The day's highest chance of precipitation, 0…1.
    package var precipitationProbability: Double?
    /// False when the forecast reaches only part of the day (MET Norway's today starts at the present hour): its high
    /// and low are then not the day's.
    package var isWhole = true
    /// The day's highest UV index; nil when not given.
    package var uvIndexMax: Double?

    package init(
        date: Date, high: Double, low: Double, condition: Condition? = nil, sunrise: Date? = nil, sunset: Date? = nil,
        precipitation: Double? = nil, precipitationProbability: Double? = nil, uvIndexMax: Double? = nil
    ) {
        self.date = date
        self.high = high
        self.low = low
        self.condition = condition
        self.sunrise = sunrise
        self.sunset = sunset
        self.precipitation = precipitation
        self.precipitationProbability = precipitationProbability
        self.uvIndexMax = uvIndexMax
    }
}
