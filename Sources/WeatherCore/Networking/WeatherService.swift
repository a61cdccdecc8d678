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
    /// Requests on the wire, by cache key; each carries its decoded answer.
    private var inFlight: [String: any SharedWork] = [:]

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
            let search = PlaceSearch(text)
            let places: [Place]
            do {
                places = search.filter(try await fetch(.direct(query: search.query), decode: ResponseDecoding.places).value)
            } catch WeatherError.placeNotFound {
                // The server's 404 names the tidied query; the person is shown what they typed.
                throw notFound(search.typed)
            }
            guard !places.isEmpty else { throw notFound(search.typed) }
            return places
        case .coordinates(let lat, let lon):
            let named = try? await fetch(.reverse(latitude: lat, longitude: lon), decode: ResponseDecoding.places).value.first
            var place = Place(name: named?.name ?? "", state: named?.state, country: named?.country, latitude: lat, longitude: lon)
            if named == nil { place.name = Place.coordinateName(lat, lon) }
            return [place]
        }
    }

    /// A search that found nothing, quoting what was typed; offline, the sample places are listed.
    private func notFound(_ typed: String) -> WeatherError {
        if let samplePlaces { return .notInSampleData(typed, available: samplePlaces) }
        return .placeNotFound(typed)
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
        _ request: APIRequest, decode: @escaping @Sendable (Data) throws(WeatherError) -> Value
    ) async throws -> Fetched<Value> {
        let key = request.cacheKey(language: client.configuration.language)
        let cached = await cache.entry(for: key)
        if let cached, now().timeIntervalSince(cached.fetchedAt) < ResponseCache.freshness, cached.fetchedAt <= now() {
            if let value = try? decode(cached.body) { return Fetched(value: value, fetchedAt: cached.fetchedAt) }
            await cache.remove(key)
        }
        let waiter = network(request, key: key, decode: decode)
        defer { forget(waiter.request, key: key) }
        do {
            return try await waiter.value()
        } catch let error as WeatherError where error.allowsStaleFallback {
            if let cached, now().timeIntervalSince(cached.fetchedAt) < ResponseCache.retention,
                let value = try? decode(cached.body)
            {
                return Fetched(value: value, fetchedAt: cached.fetchedAt, staleReason: error)
            }
            throw error
        }
    }

    /// One request on the wire per key at a time: concurrent callers wait for the same one, and it is cancelled
    /// only when all of them have given up. The request decodes its answer once, for every caller, and stores it
    /// in the cache itself only if it decodes (so a malformed answer never replaces a good cached copy).
    private func network<Value: Sendable>(
        _ request: APIRequest, key: String, decode: @escaping @Sendable (Data) throws(WeatherError) -> Value
    ) -> SharedRequest<Fetched<Value>>.Waiter {
        // A key names one endpoint, so a request running under it always decodes to the same type.
        if let running = inFlight[key] as? SharedRequest<Fetched<Value>>, let waiter = running.join() { return waiter }
        let (client, cache, now) = (client, cache, now)
        let waiter = SharedRequest<Fetched<Value>>.start {
            let fetchedAt = now()
            let body = try await client.fetch(request)
            let value = try decode(body)
            await cache.store(body, for: key, at: fetchedAt)
            return Fetched(value: value, fetchedAt: fetchedAt)
        }
        inFlight[key] = waiter.request
        return waiter
    }

    /// Drops a finished or abandoned request, unless a newer one has taken its key.
    private func forget(_ request: any SharedWork, key: String) {
        if inFlight[key] === request, request.isSettled { inFlight[key] = nil }
    }

    /// How many callers wait for requests on the wire now: lets tests wait until every caller has joined.
    var waitingCallers: Int {
        inFlight.values.reduce(0) { $0 + $1.waiterCount }
    }
}
