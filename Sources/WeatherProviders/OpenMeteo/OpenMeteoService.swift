import FoundationEssentials
import HTTPKit
import WeatherCore

/// The Open-Meteo implementation: no key, one forecast request per place (current, hourly and daily together), and
/// one for many places (`reports(for:)`), geocoding by `OpenMeteoGeocoder`, all through the shared cache.
package actor OpenMeteoService: WeatherProviding {
    private let client: OpenMeteoClient
    private let fetcher: ResponseFetcher
    private let geocoder: OpenMeteoGeocoder
    private let cache: ResponseCache
    private let now: @Sendable () -> Date

    package init(client: OpenMeteoClient, cache: ResponseCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.cache = cache
        self.now = now
        fetcher = ResponseFetcher(cache: cache, now: now)
        geocoder = OpenMeteoGeocoder(client: client, fetcher: fetcher)
    }

    package func places(matching query: LocationQuery) async throws -> [Place] {
        let (client, prepared, beside) = (client, PreparedConnections.forSearch, PreparedConnections.alongside)
        return try await geocoder.places(matching: query, whileSearching: { if !prepared { client.prepareReport(beside: beside) } })
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

    /// Many places' weather in as few requests as their URL allows (one up to about 250 places:
    /// `OpenMeteoRequest.batches`), places whose forecast is fresh in the cache left out of it. Each place's part of
    /// the answer is cached as its own forecast, so opening one of them afterwards asks nothing. When the request fails
    /// in a way a copy can stand in for, each place's cached copy (of any age within the cache's retention) is shown,
    /// marked stale; with no copy at all, the failure is thrown.
    package func reports(for places: [Place]) async throws -> [WeatherReport?] {
        var reports = [WeatherReport?](repeating: nil, count: places.count)
        var wanted: [Int] = []
        for (index, place) in places.enumerated() {
            if let copy = await cachedReport(for: place), case .live = copy.source { reports[index] = copy } else { wanted.append(index) }
        }
        if wanted.count == 1 {
            // One place to ask: its own request (shared with anyone asking for it meanwhile); the others stand.
            do {
                reports[wanted[0]] = try await report(for: places[wanted[0]])
            } catch where error is WeatherError && reports.contains(where: { $0 != nil }) {
                // Its line says there is no answer; the places from the cache are shown.
            }
        }
        guard wanted.count > 1 else { return reports }
        let language = client.configuration.language
        var position = 0
        for batch in OpenMeteoRequest.batches(wanted.map { places[$0] }, configuration: client.configuration) {
            let indices = Array(wanted[position..<position + batch.count])
            position += batch.count
            let request = OpenMeteoRequest.forecasts(latitudes: batch.map(\.latitude), longitudes: batch.map(\.longitude))
            let fetchedAt = now()
            let bodies: [(body: Data, json: JSONValue)?]
            do {
                bodies = try OpenMeteoDecoding.forecastBodies(try await client.fetch(request), count: batch.count)
            } catch let error as WeatherError where error.allowsStaleFallback {
                for (index, place) in zip(indices, batch) { reports[index] = await staleCopy(of: place, reason: error) }
                if reports.allSatisfy({ $0 == nil }) { throw error }
                continue
            }
            for (index, (place, answer)) in zip(indices, zip(batch, bodies)) {
                guard let answer, let forecast = try? OpenMeteoDecoding.forecast(json: answer.json) else { continue }
                let key = OpenMeteoRequest.forecast(latitude: place.latitude, longitude: place.longitude).cacheKey(language: language)
                await cache.store(ResponseCache.Entry(fetchedAt: fetchedAt, body: answer.body), for: key)
                reports[index] = Self.report(place, forecast, source: .live(fetchedAt: fetchedAt))
            }
        }
        return reports
    }

    /// A place's cached forecast of any age within the retention, marked stale because of `reason`.
    private func staleCopy(of place: Place, reason: WeatherError) async -> WeatherReport? {
        let key = OpenMeteoRequest.forecast(latitude: place.latitude, longitude: place.longitude)
            .cacheKey(language: client.configuration.language)
        guard let cached = await fetcher.peek(key, decode: OpenMeteoDecoding.forecast) else { return nil }
        return Self.report(place, cached.value, source: .stale(fetchedAt: cached.fetchedAt, reason: reason))
    }

    /// The forecast from the cache, fresh or not, with no request.
    package nonisolated func prepareReport(naming: Bool) {
        client.prepareReport(beside: PreparedConnections.alongside, naming: naming)
    }

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
