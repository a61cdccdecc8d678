import FoundationEssentials
import WeatherCore

/// The OpenWeather implementation: client, cache and decoding. The same code serves live and sample data.
package actor OpenWeatherService: WeatherProviding {
    private let client: OpenWeatherClient
    private let fetcher: ResponseFetcher
    /// Set in offline mode: the names of the bundled sample places, used when a search finds nothing.
    private let samplePlaces: [String]?
    /// Where the UV index comes from, as OpenWeather's free plan has none: Open-Meteo, asked beside the weather.
    /// Nil offline (the samples have none) and in tests that leave it out: the views then show no UV index.
    private let uvSource: OpenMeteoUVSource?
    /// How long the weather, once here, waits for a UV index still on the wire before it is shown without one: the
    /// index was asked at the same moment, so it is normally here first; a slow or hung Open-Meteo must not hold the
    /// weather up to the answer's deadline.
    private let uvGrace: Double

    package init(
        client: OpenWeatherClient, cache: ResponseCache, samplePlaces: [String]? = nil, uvSource: OpenMeteoUVSource? = nil,
        uvGrace: Double = 2, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.uvGrace = uvGrace
        self.client = client
        self.fetcher = ResponseFetcher(cache: cache, now: now)
        self.samplePlaces = samplePlaces
        self.uvSource = uvSource
    }

    /// While a name search is on the wire, the report's connections open: OpenWeather's two, Open-Meteo's for the UV
    /// index, and one for each request asked beside the weather (`PreparedConnections.alongside`: the air's), so
    /// none adds a wait.
    package func places(matching query: LocationQuery) async throws -> [Place] {
        let (client, ahead, beside) = (client, [uvSource?.url].compactMap { $0 }, PreparedConnections.alongside)
        if PreparedConnections.forSearch { return try await places(matching: query, whileSearching: {}) }
        return try await places(matching: query, whileSearching: { client.prepareReport(alongside: ahead, beside: beside) })
    }

    /// The places a query matches; `prepare` runs when a name search goes to the network (not when the cache
    /// answers), to get the report's connections ready while the search is on the wire.
    package func places(matching query: LocationQuery, whileSearching prepare: @escaping @Sendable () -> Void) async throws -> [Place] {
        switch query {
        case .name(let text):
            let search = PlaceSearch(text)
            let decode = decodePlaces
            let places: [Place]
            do {
                places = try await search.places { reading in
                    reading.filter(try await self.fetch(.direct(query: reading.query), decode: decode, before: prepare).value)
                }
            } catch WeatherError.placeNotFound {
                // The server's 404 names the tidied query; the person is shown what they typed.
                throw notFound(search.typed)
            }
            guard !places.isEmpty else { throw notFound(search.typed) }
            return places
        case .coordinates(let lat, let lon):
            let named = try? await fetch(.reverse(latitude: lat, longitude: lon), decode: decodePlaces).value.first
            var place = Place(name: named?.name ?? "", state: named?.state, country: named?.country, latitude: lat, longitude: lon)
            if named == nil { place.name = Place.coordinateName(lat, lon) }
            return [place]
        }
    }

    /// Places named in the language asked for.
    private var decodePlaces: @Sendable (Data) throws(WeatherError) -> [Place] {
        let language = client.configuration.language
        return { data throws(WeatherError) in try ResponseDecoding.places(data, language: language) }
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

    /// Current weather and forecast at once, and Open-Meteo's UV index beside them (its failure is no UV index, never
    /// a failed report); current weather alone for an answer that shows nothing else.
    private func fetchReport(for place: Place) async throws -> WeatherReport {
        let wantsForecast = Answer.current?.wantsForecast ?? true
        let uvSource = Answer.current?.wantsUVIndex ?? true ? uvSource : nil
        let currentRequest = APIRequest.current(latitude: place.latitude, longitude: place.longitude)
        // Open-Meteo is asked beside a request OpenWeather is really sent, so the two are on the wire together; a
        // report from the fresh cache, or a resting host's copy, takes the UV index's cached copy and asks nothing.
        let asks = uvSource != nil && client.wouldAsk(currentRequest)
            ? await fetcher.peek(currentRequest.cacheKey(language: client.configuration.language), decode: ResponseDecoding.current)?.isFresh != true
            : false
        // A task of its own (the answer's deadline goes with it), so it can be given up; its failure is its own, never
        // counted against Open-Meteo's host (`ProviderHTTP.besideTheWeather`), which may answer the weather next.
        let uvTask = Task { await ProviderHTTP.$besideTheWeather.withValue(true) { await uvSource?.uvIndex(for: place, network: asks) } }
        defer { uvTask.cancel() }
        async let currentResult = fetch(currentRequest, decode: ResponseDecoding.current)
        async let forecastResult = wantsForecast
            ? fetch(.forecast(latitude: place.latitude, longitude: place.longitude), decode: ResponseDecoding.forecast) : nil
        let (current, forecast) = try await (currentResult, forecastResult)
        let uvIndex = await OpenMeteoUVSource.value(of: uvTask, within: uvGrace)
        let fetchedAt = min(current.fetchedAt, forecast?.fetchedAt ?? current.fetchedAt)
        let source: DataSource
        if samplePlaces != nil {
            source = .sample
        } else if let reason = current.staleReason ?? forecast?.staleReason {
            source = .stale(fetchedAt: fetchedAt, reason: reason)
        } else {
            source = .live(fetchedAt: fetchedAt)
        }
        let report = Self.report(place, current.value, forecast?.value ?? ([], nil), source: source, sample: samplePlaces != nil)
        return uvIndex?.applied(to: report) ?? report
    }

    /// Both answers from the cache, fresh or not, with no request. None for the sample data: it needs no network.
    /// The weather's two connections, Open-Meteo's for the UV index, one for each request asked beside the weather
    /// (`PreparedConnections.alongside`), and with `naming` a third for the geocoder.
    package nonisolated func prepareReport(naming: Bool) {
        client.prepareReport(alongside: [uvSource?.url].compactMap { $0 }, beside: PreparedConnections.alongside, naming: naming)
    }

    package func cachedReport(for place: Place) async -> WeatherReport? {
        let (lat, lon, language) = (place.latitude, place.longitude, client.configuration.language)
        guard samplePlaces == nil,
            let current = await fetcher.peek(
                APIRequest.current(latitude: lat, longitude: lon).cacheKey(language: language), decode: ResponseDecoding.current),
            let forecast = await fetcher.peek(
                APIRequest.forecast(latitude: lat, longitude: lon).cacheKey(language: language), decode: ResponseDecoding.forecast)
        else { return nil }
        let fetchedAt = min(current.fetchedAt, forecast.fetchedAt)
        let report = Self.report(
            place, current.value, forecast.value,
            source: current.isFresh && forecast.isFresh ? .live(fetchedAt: fetchedAt) : .refreshing(fetchedAt: fetchedAt), sample: false)
        return await uvSource?.cachedUVIndex(for: place)?.applied(to: report) ?? report
    }

    /// OpenWeather gives only the place's offset now: the zone is the one where the place lies whose offset now is
    /// that one (`ZoneLocator`), else that offset. The sample places keep the offset their data was made for.
    /// (Tests build it as the service does.)
    static func report(
        _ place: Place, _ current: (conditions: CurrentConditions, utcOffset: Int), _ forecast: (slots: [ForecastSlot], utcOffset: Int?),
        source: DataSource, sample: Bool
    ) -> WeatherReport {
        let zone = sample
            ? PlaceTimeZone.fixed(current.utcOffset)
            : ZoneLocator().zone(for: place, reported: current.utcOffset, at: current.conditions.observedAt)
        // Two answers: a step more than a year from the observation is left out here (`PhysicalRange.reach`).
        let observedAt = current.conditions.observedAt
        let slots = forecast.slots.filter { PhysicalRange.moment($0.time, near: observedAt) != nil }
        return WeatherReport(
            place: place, current: current.conditions, forecast: startingNow(slots, current.conditions), zone: zone, source: source,
            provider: .openWeather)
    }

    /// The slots with the first one's instant values taken from the observation when it holds now: no entry of the
    /// forecast gives the values at its start (``ResponseDecoding/forecast(_:)``), the observation is the nearest
    /// reading, and day or night at its start follows from today's sunrise and sunset.
    static func startingNow(_ slots: [ForecastSlot], _ current: CurrentConditions) -> [ForecastSlot] {
        guard var first = slots.first, first.time <= current.observedAt else { return slots }
        first.temperature = current.temperature
        first.humidity = current.humidity
        first.windSpeed = current.windSpeed
        first.windDegrees = current.windDegrees
        if let sunrise = current.sunrise, let sunset = current.sunset, sunrise.timeIntervalSince(first.time) < 86_400 {
            first.condition.isNight = !(sunrise <= first.time && first.time < sunset)
        }
        return [first] + slots.dropFirst()
    }

    /// Fresh cache, else the network, else (for failures a cached copy can stand in for) a stale copy.
    /// `before` runs just before the request goes to the network.
    private func fetch<Value: Sendable>(
        _ request: APIRequest, decode: @escaping @Sendable (Data) throws(WeatherError) -> Value,
        before: @escaping @Sendable () -> Void = {}
    ) async throws -> Fetched<Value> {
        let client = client
        return try await fetcher.fetch(
            request.cacheKey(language: client.configuration.language),
            network: { _ in
                before()
                return .body(try await client.fetch(request))
            }, decode: decode)
    }

    /// How many callers wait for requests on the wire now: lets tests wait until every caller has joined.
    var waitingCallers: Int {
        get async { await fetcher.waitingCallers }
    }
}
