import FoundationEssentials
import HTTPKit
import WeatherCore

/// MET Norway's Nowcast 2.0 (`/weatherapi/nowcast/2.0/complete`, on `METNO_BASE_URL` when set): the precipitation
/// rate every 5 minutes for two hours from the radar, in the Nordic countries. Asked only inside `area` (Norway,
/// Sweden, Finland, Denmark: MET's datamodel.md for the product); even there it counts only where the answer's
/// `properties.meta.radar_coverage` is "ok" ("temporarily unavailable" and "no coverage" are none), and a 422 (a
/// place outside the product's area, MET's StatusCodes.md) is none too. Cached until the answer's `Expires`.
package struct METNorwayNowcastSource: NowcastProviding {
    private let configuration: METNorwayConfiguration
    private let transport: any HTTPTransport
    private let fetcher: ResponseFetcher

    package init(configuration: METNorwayConfiguration, transport: any HTTPTransport, cache: ResponseCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.configuration = configuration
        self.transport = transport
        fetcher = ResponseFetcher(cache: cache, now: now)
    }

    static let path = "/weatherapi/nowcast/2.0/complete"

    /// The Nordic countries the product covers, as a box: 54–72° N, 4–32° E. A place outside is never asked about.
    static let area = (latitude: 54.0...72.0, longitude: 4.0...32.0)

    static func covers(_ place: Place) -> Bool {
        area.latitude.contains(place.latitude) && area.longitude.contains(place.longitude)
    }

    private func key(_ place: Place) -> String {
        "metno-nowcast|\(APIRequest.coordinate(place.latitude))|\(APIRequest.coordinate(place.longitude))"
    }

    package func nowcast(for place: Place) async throws -> Nowcast? {
        guard Self.covers(place) else { return nil }
        let url = try LocationforecastRequest.url(
            baseURL: configuration.baseURL, path: Self.path, latitude: place.latitude, longitude: place.longitude)
        let http = ProviderHTTP(transport: transport, timeout: configuration.timeout, badBaseURL: METNorwayConfiguration.badBaseURLMessage)
        let headers = ["User-Agent": configuration.userAgent]
        let fetched = try await fetcher.fetch(
            key(place),
            network: { _ in try await http.get(url, headers: headers) { response throws(WeatherError) in try Self.check(response) } },
            decode: METNorwayNowcastDecoding.decode)
        // A copy kept because the server failed is old radar: not shown as the next two hours.
        guard fetched.staleReason == nil else { return nil }
        return fetched.value.nowcast(fetchedAt: fetched.fetchedAt)
    }

    package func url(for place: Place) -> URL? {
        guard Self.covers(place) else { return nil }
        return try? LocationforecastRequest.url(baseURL: configuration.baseURL, path: Self.path, latitude: place.latitude, longitude: place.longitude)
    }

    package func cachedNowcast(for place: Place) async -> Nowcast? {
        guard Self.covers(place), let cached = await fetcher.peek(key(place), decode: METNorwayNowcastDecoding.decode), cached.isFresh
        else { return nil }
        return cached.value.nowcast(fetchedAt: cached.fetchedAt)
    }

    /// 200 carries a body, fresh until `Expires`; 422 (outside the product's area) is an empty body, which decodes as
    /// no coverage (and is kept like any answer, so the place is not asked again at once); the rest are errors.
    static func check(_ response: HTTPResponse) throws(WeatherError) -> NetworkAnswer {
        let expires = response.headers["expires"].flatMap(WireDate.http)
        switch response.status {
        case 200: return .body(response.body, validUntil: expires)
        case 422: return .body(Data(), validUntil: expires)
        default: throw response.statusError
        }
    }
}

/// A nowcast answer decoded, before it is dated: its 5-minute steps, or none (no radar coverage).
package struct DecodedNowcast: Sendable {
    var steps: [Nowcast.Step]?

    func nowcast(fetchedAt: Date) -> Nowcast? {
        guard let steps, !steps.isEmpty else { return nil }
        return Nowcast(steps: steps, stepMinutes: 5, isRadar: true, source: .metNorway, fetchedAt: fetchedAt)
    }
}

/// Nowcast 2.0's GeoJSON as `DecodedNowcast`: the steps only when `properties.meta.radar_coverage` is "ok"; a step
/// without a time or a rate within 0–500 mm/h is left out. What falls comes from a step's `next_1_hours` symbol
/// (`lightsnow`, `sleetshowers_day`, `rain`: the first step has one, for the hour after it) and holds for the steps of
/// that hour; the radar's rate says nothing of it, so the steps after have no kind (nor those of a symbol without
/// precipitation, `cloudy`).
package enum METNorwayNowcastDecoding {
    package static func decode(_ data: Data) throws(WeatherError) -> DecodedNowcast {
        // 422: outside the product's area.
        if data.isEmpty { return DecodedNowcast(steps: nil) }
        let properties = try ResponseDecoding.parse(data)["properties"]
        guard let series = properties?["timeseries"]?.array else { throw .badResponse(Phrase("detail.unexpectedShape")) }
        guard properties?["meta"]?["radar_coverage"]?.string == "ok" else { return DecodedNowcast(steps: nil) }
        var hours: [(start: Date, kind: PrecipitationKind?)] = []
        let steps = series.compactMap { entry -> Nowcast.Step? in
            guard let time = entry["time"]?.string.flatMap(WireDate.iso8601) else { return nil }
            if let symbol = entry["data"]?["next_1_hours"]?["summary"]?["symbol_code"]?.string {
                hours.append((time, SymbolCodes.kind(symbol)))
            }
            guard let rate = entry["data"]?["instant"]?["details"]?["precipitation_rate"]?.double, rate.isFinite, (0...500).contains(rate)
            else { return nil }
            return Nowcast.Step(time: time, millimetresPerHour: rate)
        }.map { step in
            // The latest symbol whose hour holds the step.
            var step = step
            step.kind = hours.last { $0.start <= step.time && step.time < $0.start.addingTimeInterval(3_600) }?.kind
            return step
        }
        return DecodedNowcast(steps: steps.sorted { $0.time < $1.time })
    }
}
