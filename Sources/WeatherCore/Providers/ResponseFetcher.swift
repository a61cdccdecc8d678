import FoundationEssentials

/// What a provider's request brought back from the network.
package enum NetworkAnswer: Sendable {
    /// A new body. `validUntil` is the server's own freshness (MET Norway's `Expires`); nil means the usual
    /// 10 minutes. `lastModified` is sent back as `If-Modified-Since` next time.
    case body(Data, validUntil: Date? = nil, lastModified: String? = nil)
    /// 304: the cached body still holds, now fresh until `validUntil`.
    case notModified(validUntil: Date? = nil)
}

/// An answer decoded, when it was fetched, and why a stale copy stands in (nil when it is fresh).
package struct Fetched<Value: Sendable>: Sendable {
    package var value: Value
    package var fetchedAt: Date
    package var staleReason: WeatherError?
}

/// The cache, in-flight sharing and stale fallback every provider uses: fresh cache first, else one request on
/// the wire per key however many callers want it, else (for failures a cached copy can stand in for) the copy.
package actor ResponseFetcher {
    private let cache: ResponseCache
    private let now: @Sendable () -> Date
    /// Requests on the wire, by cache key; each carries its decoded answer.
    private var inFlight: [String: any SharedWork] = [:]

    package init(cache: ResponseCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.cache = cache
        self.now = now
    }

    /// The decoded answer for `key`. `network` is given the cached entry (for a conditional request) and is only
    /// called when there is no fresh copy.
    package func fetch<Value: Sendable>(
        _ key: String,
        network: @escaping @Sendable (ResponseCache.Entry?) async throws -> NetworkAnswer,
        decode: @escaping @Sendable (Data) throws(WeatherError) -> Value
    ) async throws -> Fetched<Value> {
        var cached = await cache.entry(for: key)
        if let entry = cached, entry.isFresh(at: now()) {
            if let value = try? decode(entry.body) { return Fetched(value: value, fetchedAt: entry.fetchedAt) }
            // Unusable (corrupt, or a figure the checks refuse): set aside, and asked for whole, not conditionally.
            await cache.setAside(key)
            cached = nil
        }
        let waiter = shared(key, cached: cached, network: network, decode: decode)
        let stale = cached
        defer { forget(waiter.request, key: key) }
        do {
            return try await waiter.value()
        } catch let error as WeatherError where error.allowsStaleFallback {
            if let stale, now().timeIntervalSince(stale.fetchedAt) < ResponseCache.retention {
                if let value = try? decode(stale.body) { return Fetched(value: value, fetchedAt: stale.fetchedAt, staleReason: error) }
                await cache.setAside(key)
            }
            throw error
        }
    }

    /// The cached answer for `key` as it is, with no request: any age within `ResponseCache.retention`, and whether
    /// it is still fresh (`fetch` would answer with it and make no request). Nil when there is none, it is older,
    /// or it does not decode.
    package func peek<Value: Sendable>(
        _ key: String, decode: @escaping @Sendable (Data) throws(WeatherError) -> Value
    ) async -> (value: Value, fetchedAt: Date, isFresh: Bool)? {
        guard let cached = await cache.entry(for: key), now().timeIntervalSince(cached.fetchedAt) < ResponseCache.retention
        else { return nil }
        guard let value = try? decode(cached.body) else {
            await cache.setAside(key)
            return nil
        }
        return (value, cached.fetchedAt, cached.isFresh(at: now()))
    }

    /// One request on the wire per key at a time: concurrent callers wait for the same one, and it is cancelled
    /// only when all of them have given up. The request decodes its answer once, for every caller, and stores it
    /// in the cache itself only if it decodes (so a malformed answer never replaces a good cached copy).
    private func shared<Value: Sendable>(
        _ key: String, cached: ResponseCache.Entry?,
        network: @escaping @Sendable (ResponseCache.Entry?) async throws -> NetworkAnswer,
        decode: @escaping @Sendable (Data) throws(WeatherError) -> Value
    ) -> SharedRequest<Fetched<Value>>.Waiter {
        // A key names one endpoint, so a request running under it always decodes to the same type.
        if let running = inFlight[key] as? SharedRequest<Fetched<Value>>, let waiter = running.join() { return waiter }
        let (cache, now) = (cache, now)
        let waiter = SharedRequest<Fetched<Value>>.start {
            let fetchedAt = now()
            let entry: ResponseCache.Entry
            switch try await network(cached) {
            case .body(let body, let validUntil, let lastModified):
                entry = ResponseCache.Entry(fetchedAt: fetchedAt, body: body, validUntil: validUntil, lastModified: lastModified)
            case .notModified(let validUntil):
                guard let cached else { throw WeatherError.badResponse(Phrase("detail.nothingStored")) }
                entry = ResponseCache.Entry(fetchedAt: fetchedAt, body: cached.body, validUntil: validUntil, lastModified: cached.lastModified)
            }
            let value = try decode(entry.body)
            await cache.store(entry, for: key)
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
    package var waitingCallers: Int {
        inFlight.values.reduce(0) { $0 + $1.waiterCount }
    }
}
