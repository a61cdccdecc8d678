import Foundation

/// Finds places and fetches their weather: what a view model needs from the outside world.
package protocol WeatherProviding: Sendable {
    /// Every distinct place matching the query; throws `WeatherError.placeNotFound` when there is none.
    func places(matching query: LocationQuery) async throws -> [Place]
    /// Current conditions and forecast for a place, fetched concurrently (or from the cache).
    func report(for place: Place) async throws -> WeatherReport
}

/// The OpenWeather implementation: client, cache and decoding. The same code serves live and sample data.
package actor OpenWeatherService: WeatherProviding {
    private let client: OpenWeatherClient
    private let cache: ResponseCache
    private let now: @Sendable () -> Date
    /// Set in offline mode: the names of the bundled sample places, used when a search finds nothing.
    private let samplePlaces: [String]?
    private var inFlight: [String: Task<ResponseCache.Entry, any Error>] = [:]

    package init(
        client: OpenWeatherClient, cache: ResponseCache, samplePlaces: [String]? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.client = client
        self.cache = cache
        self.samplePlaces = samplePlaces
        self.now = now
    }

    package func places(matching query: LocationQuery) async throws -> [Place] {
        switch query {
        case .name(let text):
            let places = try await fetch(.direct(query: text), decode: ResponseDecoding.places).value
            guard !places.isEmpty else {
                if let samplePlaces { throw WeatherError.notInSampleData(text, available: samplePlaces) }
                throw WeatherError.placeNotFound(text)
            }
            return places
        case .coordinates(let lat, let lon):
            let named = try? await fetch(.reverse(latitude: lat, longitude: lon), decode: ResponseDecoding.places).value.first
            var place = Place(name: named?.name ?? "", state: named?.state, country: named?.country, latitude: lat, longitude: lon)
            if named == nil { place.name = Place.coordinateName(lat, lon) }
            return [place]
        }
    }

    package func report(for place: Place) async throws -> WeatherReport {
        do {
            return try await fetchReport(for: place)
        } catch WeatherError.placeNotFound where samplePlaces != nil {
            throw WeatherError.notInSampleData(place.displayName, available: samplePlaces ?? [])
        }
    }

    private func fetchReport(for place: Place) async throws -> WeatherReport {
        async let currentResult = fetch(.current(latitude: place.latitude, longitude: place.longitude), decode: ResponseDecoding.current)
        async let forecastResult = fetch(.forecast(latitude: place.latitude, longitude: place.longitude), decode: ResponseDecoding.forecast)
        let (current, forecast) = try await (currentResult, forecastResult)
        let source: DataSource
        if samplePlaces != nil {
            source = .sample
        } else if let reason = current.staleReason ?? forecast.staleReason {
            source = .stale(fetchedAt: min(current.fetchedAt, forecast.fetchedAt), reason: reason)
        } else {
            source = .live(fetchedAt: min(current.fetchedAt, forecast.fetchedAt))
        }
        return WeatherReport(
            place: place, current: current.value.conditions, forecast: forecast.value.slots,
            utcOffset: current.value.utcOffset, source: source)
    }

    private struct Fetched<Value: Sendable>: Sendable {
        var value: Value
        var fetchedAt: Date
        var staleReason: WeatherError?
    }

    /// Fresh cache, else the network, else (for failures a cached copy can stand in for) a stale copy.
    private func fetch<Value: Sendable>(
        _ request: APIRequest, decode: (Data) throws(WeatherError) -> Value
    ) async throws -> Fetched<Value> {
        let key = request.cacheKey(language: client.configuration.language)
        let cached = await cache.entry(for: key)
        if let cached, now().timeIntervalSince(cached.fetchedAt) < ResponseCache.freshness, cached.fetchedAt <= now() {
            if let value = try? decode(cached.body) { return Fetched(value: value, fetchedAt: cached.fetchedAt) }
            await cache.remove(key)
        }
        do {
            let (entry, owner) = try await network(request, key: key)
            let value = try decode(entry.body)
            // Stored only once decoded, so a malformed answer never replaces a good cached copy.
            if owner { await cache.store(entry.body, for: key, at: entry.fetchedAt) }
            return Fetched(value: value, fetchedAt: entry.fetchedAt)
        } catch let error as WeatherError where error.allowsStaleFallback {
            if let cached, now().timeIntervalSince(cached.fetchedAt) < ResponseCache.retention,
                let value = try? decode(cached.body)
            {
                return Fetched(value: value, fetchedAt: cached.fetchedAt, staleReason: error)
            }
            throw error
        }
    }

    /// One request on the wire per key at a time: concurrent callers share it.
    /// Returns the entry and whether this caller started the request (and so stores it).
    private func network(_ request: APIRequest, key: String) async throws -> (ResponseCache.Entry, Bool) {
        if let running = inFlight[key] { return (try await running.value, false) }
        let client = client
        let now = now
        let task = Task { ResponseCache.Entry(fetchedAt: now(), body: try await client.fetch(request)) }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        return try await withTaskCancellationHandler {
            (try await task.value, true)
        } onCancel: {
            task.cancel()
        }
    }
}
