import FoundationEssentials
import WeatherCore

/// The MET Norway implementation: Locationforecast 2.0 complete, no key, cached until the server's `Expires` and
/// then asked again with `If-Modified-Since`.
///
/// MET has no geocoding: `findPlaces` is another provider's search (Open-Meteo's, or OpenWeather's when a key is
/// set). MET gives no time zone either: `findZone` gives the place's (from the geocoder's time zone, say; by
/// default the place's own, else the one `ZoneLocator` finds where it lies); where none can be known, times are
/// shown in UTC and the views say so: MET reports no offset to fall back on.
package actor METNorwayService: WeatherProviding {
    /// Another provider's place search.
    package typealias PlaceFinder = @Sendable (LocationQuery) async throws -> [Place]
    /// The place's time zone; `.unknown` when it cannot be known.
    package typealias ZoneFinder = @Sendable (Place) async -> PlaceTimeZone

    private let client: METNorwayClient
    private let fetcher: ResponseFetcher
    private let findPlaces: PlaceFinder
    private let findZone: ZoneFinder
    private let now: @Sendable () -> Date
    /// Where `findPlaces` sends a name: its connections open with the forecast's (`prepareReport(naming:)`).
    private let namesURLs: [URL]

    /// True once MET has answered 203: the product still answers, but is deprecated and will be withdrawn, so
    /// this program needs an update. The wiring may say so once.
    package private(set) var productIsDeprecated = false

    package init(
        client: METNorwayClient, cache: ResponseCache, findPlaces: @escaping PlaceFinder, namesURLs: [URL] = [],
        zone: @escaping ZoneFinder = { ZoneLocator().zone(for: $0) }, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.client = client
        self.namesURLs = namesURLs
        self.fetcher = ResponseFetcher(cache: cache, now: now)
        self.findPlaces = findPlaces
        self.findZone = zone
        self.now = now
    }

    package func places(matching query: LocationQuery) async throws -> [Place] {
        try await findPlaces(query)
    }

    /// The report, in the zone `findZone` gives for the place. The zone is looked up while the forecast is on the
    /// wire: a lookup that needs a request costs no round trip.
    package func report(for place: Place) async throws -> WeatherReport {
        let find = findZone
        return try await report(for: place) { await find(place) }
    }

    /// The report with times, days, sunrise and sunset in `zone`.
    package func report(for place: Place, zone: PlaceTimeZone) async throws -> WeatherReport {
        try await report(for: place) { zone }
    }

    private func report(for place: Place, zone findZone: @escaping @Sendable () async -> PlaceTimeZone) async throws -> WeatherReport {
        guard (-90...90).contains(place.latitude), (-180...180).contains(place.longitude) else {
            throw WeatherError.invalidInput(Phrase("error.place.offMap", ["place": place.displayName]))
        }
        let request = LocationforecastRequest(latitude: place.latitude, longitude: place.longitude)
        let client = client
        async let found = findZone()
        let fetched = try await fetcher.fetch(
            request.cacheKey,
            network: { [weak self] cached in
                let answer = try await client.fetch(request, cached: cached)
                if answer.isDeprecated { await self?.noteDeprecation() }
                return answer.network
            },
            decode: decode)
        let zone = await found
        let source: DataSource =
            fetched.staleReason.map { .stale(fetchedAt: fetched.fetchedAt, reason: $0) } ?? .live(fetchedAt: fetched.fetchedAt)
        return report(place, fetched.value, zone: zone, source: source)
    }

    /// The forecast from the cache, fresh or not, with no request: in the place's own zone, else the one where it
    /// lies, as no lookup is made (until `report(for:)` makes it).
    package nonisolated func prepareReport(naming: Bool) {
        client.prepareReport(alongside: naming ? namesURLs : [], beside: PreparedConnections.alongside)
    }

    package func cachedReport(for place: Place) async -> WeatherReport? {
        let key = LocationforecastRequest(latitude: place.latitude, longitude: place.longitude).cacheKey
        guard let cached = await fetcher.peek(key, decode: decode) else { return nil }
        let fetchedAt = cached.fetchedAt
        return report(
            place, cached.value, zone: ZoneLocator().zone(for: place),
            source: cached.isFresh ? .live(fetchedAt: fetchedAt) : .refreshing(fetchedAt: fetchedAt))
    }

    /// An answer decoded and checked against the clock: one with no time within a year of now is refused (and so
    /// never cached).
    private var decode: @Sendable (Data) throws(WeatherError) -> Locationforecast {
        let now = now
        return { data throws(WeatherError) in try Locationforecast.decode(data).near(now()) }
    }

    private func report(_ place: Place, _ forecast: Locationforecast, zone: PlaceTimeZone, source: DataSource) -> WeatherReport {
        let built = METNorwayReport(forecast, latitude: place.latitude, longitude: place.longitude, zone: zone, now: now())
        var report = WeatherReport(
            place: place, current: built.current, forecast: built.steps, zone: zone, source: source,
            provider: .metNorway, hourly: built.hourly, days: built.days)
        report.productIsDeprecated = productIsDeprecated
        report.uvOrigin = report.hasUVIndex ? UVOrigin(provider: .metNorway, isClearSky: true) : nil
        return report
    }

    private func noteDeprecation() {
        productIsDeprecated = true
    }
}
