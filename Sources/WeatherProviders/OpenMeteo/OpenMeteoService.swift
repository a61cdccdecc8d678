import FoundationEssentials
import WeatherCore

/// The Open-Meteo implementation: no key, one forecast request per place (current, hourly and daily together),
/// geocoding by `OpenMeteoGeocoder`, all through the shared cache.
package actor OpenMeteoService: WeatherProviding {
    private let client: OpenMeteoClient
    private let fetcher: ResponseFetcher
    private let geocoder: OpenMeteoGeocoder

    package init(client: OpenMeteoClient, cache: ResponseCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        fetcher = ResponseFetcher(cache: cache, now: now)
        geocoder = OpenMeteoGeocoder(client: client, fetcher: fetcher)
    }

    package func places(matching query: LocationQuery) async throws -> [Place] {
        try await geocoder.places(matching: query, whileSearching: client.prepareReport)
    }

    /// Current conditions, the 1-hour steps and the 3-hour steps made from them, and the provider's own days.
    package func report(for place: Place) async throws -> WeatherReport {
        let request = OpenMeteoRequest.forecast(latitude: place.latitude, longitude: place.longitude)
        let client = client
        let fetched = try await fetcher.fetch(
            request.cacheKey(language: client.configuration.language),
            network: { _ in .body(try await client.fetch(request)) }, decode: OpenMeteoDecoding.forecast)
        let source: DataSource =
            fetched.staleReason.map { .stale(fetchedAt: fetched.fetchedAt, reason: $0) } ?? .live(fetchedAt: fetched.fetchedAt)
        return Self.report(place, fetched.value, source: source)
    }

    /// The forecast from the cache, fresh or not, with no request.
    package nonisolated func prepareReport() { client.prepareReport() }

    package func cachedReport(for place: Place) async -> WeatherReport? {
        let key = OpenMeteoRequest.forecast(latitude: place.latitude, longitude: place.longitude)
            .cacheKey(language: client.configuration.language)
        guard let cached = await fetcher.peek(key, decode: OpenMeteoDecoding.forecast) else { return nil }
        let fetchedAt = cached.fetchedAt
        return Self.report(place, cached.value, source: cached.isFresh ? .live(fetchedAt: fetchedAt) : .refreshing(fetchedAt: fetchedAt))
    }

    /// The report from the decoded answer (tests build it as the service does).
    static func report(_ place: Place, _ forecast: OpenMeteoForecast, source: DataSource) -> WeatherReport {
        var report = WeatherReport(
            place: place, current: forecast.current, forecast: ThreeHourSteps.from(forecast.hourly),
            zone: forecast.zone, source: source, provider: .openMeteo, hourly: forecast.hourly, days: forecast.days)
        report.uvOrigin = report.hasUVIndex ? UVOrigin(provider: .openMeteo) : nil
        return report
    }
}
