import FoundationEssentials
import HTTPKit
import WeatherCore

/// Open-Meteo's 15-minute precipitation (`/v1/forecast?minutely_15=precipitation,rain,snowfall`, keyless, on `OPENMETEO_BASE_URL`
/// when set), asked only where it is real 15-minute data. Open-Meteo's forecast documentation: "Only available in
/// Central Europe and North America. Other regions use interpolated hourly data", the data coming from DWD's ICON-D2
/// and Météo-France's AROME in Central Europe and NOAA's HRRR in North America. The boxes below lie inside those
/// models' domains: elsewhere the answer would be the hourly forecast cut in four, a precision it does not have.
///
/// A request of its own, not a parameter added to the weather's: the weather may come from another provider (MET
/// Norway, OpenWeather), and asked beside the weather it leaves at the same moment, adding no round trip to a view.
package struct OpenMeteoMinutelySource: NowcastProviding {
    private let client: OpenMeteoClient
    private let fetcher: ResponseFetcher

    package init(client: OpenMeteoClient, cache: ResponseCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        fetcher = ResponseFetcher(cache: cache, now: now)
    }

    /// Where the 15-minute data is real, as boxes of latitude and longitude.
    static let regions: [(name: String, latitude: ClosedRange<Double>, longitude: ClosedRange<Double>)] = [
        // ICON-D2's domain (about 43.2–58.1° N, 3.9° W–20.3° E), a little inside its edges.
        ("central-europe", 44.0...57.5, (-3.5)...20.0),
        // HRRR's domain over the contiguous United States (about 21–53° N, 134–61° W), a little inside its edges.
        ("north-america", 24.0...50.0, (-125.0)...(-66.0)),
    ]

    static func covers(_ place: Place) -> Bool {
        regions.contains { $0.latitude.contains(place.latitude) && $0.longitude.contains(place.longitude) }
    }

    private func request(_ place: Place) -> OpenMeteoRequest {
        .minutely15(latitude: place.latitude, longitude: place.longitude)
    }

    package func nowcast(for place: Place) async throws -> Nowcast? {
        guard Self.covers(place) else { return nil }
        let (client, request) = (client, request(place))
        let fetched = try await fetcher.fetch(
            request.cacheKey(language: client.configuration.language), network: { _ in .body(try await client.fetch(request)) },
            decode: OpenMeteoMinutelyDecoding.decode)
        // A copy kept because the server failed is an old forecast: not shown as the next two hours.
        guard fetched.staleReason == nil else { return nil }
        return Self.nowcast(fetched.value, fetchedAt: fetched.fetchedAt)
    }

    package func url(for place: Place) -> URL? {
        guard Self.covers(place) else { return nil }
        return try? request(place).url(configuration: client.configuration)
    }

    package func cachedNowcast(for place: Place) async -> Nowcast? {
        guard Self.covers(place),
            let cached = await fetcher.peek(request(place).cacheKey(language: client.configuration.language), decode: OpenMeteoMinutelyDecoding.decode),
            cached.isFresh
        else { return nil }
        return Self.nowcast(cached.value, fetchedAt: cached.fetchedAt)
    }

    private static func nowcast(_ steps: [Nowcast.Step], fetchedAt: Date) -> Nowcast? {
        steps.isEmpty ? nil : Nowcast(steps: steps, stepMinutes: 15, isRadar: false, source: .openMeteo, fetchedAt: fetchedAt)
    }
}

/// The `minutely_15` block (`timeformat=unixtime`) as steps. Open-Meteo's precipitation at a time is what fell in
/// the 15 minutes before it: each becomes a step starting 15 minutes earlier, at four times the amount an hour. A
/// time or an amount out of range (0–200 mm in 15 minutes) is left out. What falls comes from the same 15 minutes'
/// `rain` (mm) and `snowfall` (cm): snow alone, rain alone, or both (sleet); a step with neither, or without them in
/// the answer, has no kind (Open-Meteo's `precipitation` is the sum of rain, showers and snowfall's water, and its
/// 15-minute variables have no `showers`: a shower's quarter, or a trace rounded away, may show in neither).
package enum OpenMeteoMinutelyDecoding {
    package static func decode(_ data: Data) throws(WeatherError) -> [Nowcast.Step] {
        let json = try ResponseDecoding.parse(data)
        guard let block = json["minutely_15"], let times = block["time"]?.array, let amounts = block["precipitation"]?.array else {
            throw OpenMeteoDecoding.unexpectedShape
        }
        let rain = block["rain"]?.array ?? [], snowfall = block["snowfall"]?.array ?? []
        let value = { (values: [JSONValue], index: Int) in index < values.count ? values[index].double : nil }
        return zip(times, amounts).enumerated().compactMap { index, pair -> Nowcast.Step? in
            let (time, amount) = pair
            guard let end = PhysicalRange.moment(time.double), let millimetres = amount.double, millimetres.isFinite,
                (0...200).contains(millimetres)
            else { return nil }
            let kind = Self.kind(rain: value(rain, index), snowfall: value(snowfall, index))
            return Nowcast.Step(time: end.addingTimeInterval(-900), millimetresPerHour: millimetres * 4, kind: kind)
        }.sorted { $0.time < $1.time }
    }

    /// Snow, rain, both (sleet) or nil, from the 15 minutes' rain (mm) and snowfall (cm); a value missing, negative or
    /// not finite says nothing.
    static func kind(rain: Double?, snowfall: Double?) -> PrecipitationKind? {
        let wet = { (value: Double?) in value.map { $0.isFinite && $0 > 0 } ?? false }
        switch (wet(rain), wet(snowfall)) {
        case (true, true): return .sleet
        case (true, false): return .rain
        case (false, true): return .snow
        case (false, false): return nil
        }
    }
}

/// The first of several nowcast sources with real minute-level data for a place: MET Norway's radar, then
/// Open-Meteo's 15-minute data. One that fails or has none leaves it to the next.
package struct NowcastChain: NowcastProviding {
    let sources: [any NowcastProviding]

    package init(_ sources: [any NowcastProviding]) { self.sources = sources }

    package func nowcast(for place: Place) async throws -> Nowcast? {
        for source in sources {
            if let nowcast = try? await source.nowcast(for: place) { return nowcast }
        }
        return nil
    }

    /// The first source's that would ask for `place`: the one asked first.
    package func url(for place: Place) -> URL? {
        sources.lazy.compactMap { $0.url(for: place) }.first
    }

    package func cachedNowcast(for place: Place) async -> Nowcast? {
        for source in sources {
            if let nowcast = await source.cachedNowcast(for: place) { return nowcast }
        }
        return nil
    }
}
