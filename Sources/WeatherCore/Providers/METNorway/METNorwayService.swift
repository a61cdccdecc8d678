import Foundation

/// The MET Norway implementation: Locationforecast 2.0 compact, no key, cached until the server's `Expires` and
/// then asked again with `If-Modified-Since`.
///
/// MET has no geocoding: `findPlaces` is another provider's search (Open-Meteo's, or OpenWeather's when a key is
/// set). MET gives no time zone either: `utcOffset` looks up the place's offset where it is known (from the
/// geocoder's time zone, say); when it gives nil, the offset is estimated from the longitude to the nearest hour
/// (`estimatedUTCOffset(longitude:)`), which can be wrong by an hour or more where a country's zone is far from
/// its sun, and misses the half and quarter hours (India's +05:30, Nepal's +05:45).
package actor METNorwayService: WeatherProviding {
    /// Another provider's place search.
    package typealias PlaceFinder = @Sendable (LocationQuery) async throws -> [Place]
    /// The place's offset from UTC in seconds, now; nil when it is not known.
    package typealias UTCOffsetFinder = @Sendable (Place) async -> Int?

    private let client: METNorwayClient
    private let fetcher: ResponseFetcher
    private let findPlaces: PlaceFinder
    private let findUTCOffset: UTCOffsetFinder
    private let now: @Sendable () -> Date

    /// True once MET has answered 203: the product still answers, but is deprecated and will be withdrawn, so
    /// this program needs an update. The wiring may say so once.
    package private(set) var productIsDeprecated = false

    package init(
        client: METNorwayClient, cache: ResponseCache, findPlaces: @escaping PlaceFinder,
        utcOffset: @escaping UTCOffsetFinder = { _ in nil }, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.client = client
        self.fetcher = ResponseFetcher(cache: cache, now: now)
        self.findPlaces = findPlaces
        self.findUTCOffset = utcOffset
        self.now = now
    }

    package func places(matching query: LocationQuery) async throws -> [Place] {
        try await findPlaces(query)
    }

    /// The report, at the offset `utcOffset` finds for the place (estimated from its longitude when none). The
    /// offset is looked up while the forecast is on the wire: a lookup that needs a request costs no round trip.
    package func report(for place: Place) async throws -> WeatherReport {
        let find = findUTCOffset
        return try await report(for: place) { await find(place) }
    }

    /// The report with days, sunrise and sunset at `utcOffset` seconds from UTC; nil estimates it from the longitude.
    package func report(for place: Place, utcOffset: Int?) async throws -> WeatherReport {
        try await report(for: place) { utcOffset }
    }

    private func report(for place: Place, offset findOffset: @escaping @Sendable () async -> Int?) async throws -> WeatherReport {
        guard (-90...90).contains(place.latitude), (-180...180).contains(place.longitude) else {
            throw WeatherError.invalidInput(Phrase("error.place.offMap", ["place": place.displayName]))
        }
        let request = LocationforecastRequest(latitude: place.latitude, longitude: place.longitude)
        let client = client
        async let found = findOffset()
        let fetched = try await fetcher.fetch(
            request.cacheKey,
            network: { [weak self] cached in
                let answer = try await client.fetch(request, cached: cached)
                if answer.isDeprecated { await self?.noteDeprecation() }
                return answer.network
            },
            decode: decode)
        let offset = await found ?? Self.estimatedUTCOffset(longitude: place.longitude)
        let source: DataSource =
            fetched.staleReason.map { .stale(fetchedAt: fetched.fetchedAt, reason: $0) } ?? .live(fetchedAt: fetched.fetchedAt)
        return report(place, fetched.value, utcOffset: offset, source: source)
    }

    /// The forecast from the cache, fresh or not, with no request: at the offset of the place's own time zone, as no
    /// lookup is made (estimated from the longitude when the place has none, until `report(for:)` finds it).
    package func cachedReport(for place: Place) async -> WeatherReport? {
        let key = LocationforecastRequest(latitude: place.latitude, longitude: place.longitude).cacheKey
        guard let cached = await fetcher.peek(key, decode: decode) else { return nil }
        let offset = place.timeZone.flatMap(TimeZone.init(identifier:))?.secondsFromGMT(for: now())
        let fetchedAt = cached.fetchedAt
        return report(
            place, cached.value, utcOffset: offset ?? Self.estimatedUTCOffset(longitude: place.longitude),
            source: cached.isFresh ? .live(fetchedAt: fetchedAt) : .refreshing(fetchedAt: fetchedAt))
    }

    /// An answer decoded and checked against the clock: one with no time within a year of now is refused (and so
    /// never cached).
    private var decode: @Sendable (Data) throws(WeatherError) -> Locationforecast {
        let now = now
        return { data throws(WeatherError) in try Locationforecast.decode(data).near(now()) }
    }

    private func report(_ place: Place, _ forecast: Locationforecast, utcOffset: Int, source: DataSource) -> WeatherReport {
        let built = METNorwayReport(forecast, latitude: place.latitude, longitude: place.longitude, utcOffset: utcOffset, now: now())
        var report = WeatherReport(
            place: place, current: built.current, forecast: built.steps, utcOffset: utcOffset, source: source,
            provider: .metNorway, hourly: built.hourly, days: built.days)
        report.productIsDeprecated = productIsDeprecated
        return report
    }

    /// The offset of the sun's time at `longitude`, to the nearest hour: 15° a hour.
    package static func estimatedUTCOffset(longitude: Double) -> Int {
        Int(saturating: (longitude / 15).rounded()) * 3600
    }

    private func noteDeprecation() {
        productIsDeprecated = true
    }
}
