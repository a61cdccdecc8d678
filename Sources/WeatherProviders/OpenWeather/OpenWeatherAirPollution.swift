import FoundationEssentials
import HTTPKit
import WeatherCore

/// OpenWeather's air pollution (`/data/2.5/air_pollution` now and `/forecast` for the coming hours), asked only with
/// a key and only when Open-Meteo's air quality fails. Its own index (1 to 5) is neither scale, so both are worked
/// out from its concentrations (`AirIndexes`).
package struct OpenWeatherAirPollutionSource: AirQualityProviding {
    private let client: OpenWeatherClient
    private let fetcher: ResponseFetcher

    package init(client: OpenWeatherClient, cache: ResponseCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        fetcher = ResponseFetcher(cache: cache, now: now)
    }

    private func requests(_ place: Place) -> (now: APIRequest, coming: APIRequest) {
        (.airPollution(latitude: place.latitude, longitude: place.longitude),
         .airPollutionForecast(latitude: place.latitude, longitude: place.longitude))
    }

    package func airQuality(for place: Place) async throws -> AirQuality {
        let (now, coming) = requests(place)
        let (client, language) = (client, client.configuration.language)
        async let current = fetcher.fetch(
            now.cacheKey(language: language), network: { _ in .body(try await client.fetch(now)) }, decode: OpenWeatherAirDecoding.readings)
        async let forecast = fetcher.fetch(
            coming.cacheKey(language: language), network: { _ in .body(try await client.fetch(coming)) },
            decode: OpenWeatherAirDecoding.readings)
        let (readings, hours) = try await (current, (try? await forecast)?.value ?? [])
        return try Self.air(readings.value, hours, place: place, fetchedAt: readings.fetchedAt)
    }

    package func cachedAirQuality(for place: Place) async -> AirQuality? {
        let (now, coming) = requests(place)
        let language = client.configuration.language
        guard let readings = await fetcher.peek(now.cacheKey(language: language), decode: OpenWeatherAirDecoding.readings),
            readings.isFresh
        else { return nil }
        let hours = await fetcher.peek(coming.cacheKey(language: language), decode: OpenWeatherAirDecoding.readings)?.value ?? []
        return try? Self.air(readings.value, hours, place: place, fetchedAt: readings.fetchedAt)
    }

    /// The answer as `AirQuality`: no pollen (OpenWeather has none), the hours of the place's day, whose offset
    /// OpenWeather's air answers do not give: worked out from where the place lies (`ZoneLocator`).
    static func air(_ now: [AirQuality.Reading], _ hours: [AirQuality.Reading], place: Place, fetchedAt: Date) throws(WeatherError)
        -> AirQuality
    {
        guard let first = now.first else { throw .badResponse(Phrase("detail.unexpectedShape")) }
        let offset = ZoneLocator().zone(for: place).offset(at: first.time)
        return AirQuality(
            now: first, hours: AirFigures.restOfToday(hours, after: first.time, utcOffset: offset), pollen: nil, source: .openWeather,
            utcOffset: offset, fetchedAt: fetchedAt)
    }
}

/// OpenWeather's air pollution JSON: `list[]` of `dt` and `components` in µg/m³.
enum OpenWeatherAirDecoding {
    @Sendable static func readings(_ data: Data) throws(WeatherError) -> [AirQuality.Reading] {
        let json = try ResponseDecoding.parse(data)
        guard let list = json["list"]?.array else { throw .badResponse(Phrase("detail.unexpectedShape")) }
        return list.compactMap { entry in
            guard let time = PhysicalRange.moment(entry["dt"]?.double) else { return nil }
            let c = entry["components"]
            let pm2_5 = AirFigures.concentration(c?["pm2_5"]?.double), pm10 = AirFigures.concentration(c?["pm10"]?.double)
            let ozone = AirFigures.concentration(c?["o3"]?.double), no2 = AirFigures.concentration(c?["no2"]?.double)
            return AirQuality.Reading(
                time: time, usAQI: AirIndexes.us(pm2_5: pm2_5, pm10: pm10, ozone: ozone, nitrogenDioxide: no2),
                europeanAQI: AirIndexes.european(pm2_5: pm2_5, pm10: pm10, ozone: ozone, nitrogenDioxide: no2),
                pm2_5: pm2_5, pm10: pm10, ozone: ozone, nitrogenDioxide: no2)
        }
    }
}

/// Both indexes from concentrations in µg/m³, for a source that gives only those: the highest of the pollutants'
/// sub-indexes, each interpolated within its band.
enum AirIndexes {
    /// One band: concentrations `low...high` map to indexes `from...to`.
    typealias Band = (low: Double, high: Double, from: Double, to: Double)

    static func interpolate(_ value: Double, _ bands: [Band]) -> Double? {
        guard let band = bands.first(where: { value <= $0.high }) ?? bands.last else { return nil }
        let clamped = min(value, band.high)
        return band.from + (clamped - band.low) * (band.to - band.from) / (band.high - band.low)
    }

    /// The EPA's AQI (2024 PM2.5 breakpoints), the hourly ozone and NO2 read on the 8-hour and 1-hour tables once
    /// turned into ppb (1 ppb of ozone is 1.96 µg/m³, of NO2 1.88 µg/m³ at 25 °C).
    static func us(pm2_5: Double?, pm10: Double?, ozone: Double?, nitrogenDioxide: Double?) -> Int? {
        let pm2_5Bands: [Band] = [(0, 9, 0, 50), (9.1, 35.4, 51, 100), (35.5, 55.4, 101, 150), (55.5, 125.4, 151, 200),
            (125.5, 225.4, 201, 300), (225.5, 325.4, 301, 500)]
        let pm10Bands: [Band] = [(0, 54, 0, 50), (55, 154, 51, 100), (155, 254, 101, 150), (255, 354, 151, 200),
            (355, 424, 201, 300), (425, 604, 301, 500)]
        let ozoneBands: [Band] = [(0, 54, 0, 50), (55, 70, 51, 100), (71, 85, 101, 150), (86, 105, 151, 200), (106, 200, 201, 300)]
        let no2Bands: [Band] = [(0, 53, 0, 50), (54, 100, 51, 100), (101, 360, 101, 150), (361, 649, 151, 200),
            (650, 1249, 201, 300), (1250, 2049, 301, 500)]
        let subIndexes = [
            pm2_5.flatMap { interpolate(($0 * 10).rounded(.down) / 10, pm2_5Bands) },
            pm10.flatMap { interpolate($0.rounded(.down), pm10Bands) },
            ozone.flatMap { interpolate(($0 / 1.96).rounded(.down), ozoneBands) },
            nitrogenDioxide.flatMap { interpolate(($0 / 1.88).rounded(.down), no2Bands) },
        ].compactMap { $0 }
        return subIndexes.max().map { Int($0.rounded()) }
    }

    /// The European AQI as Open-Meteo computes it: each pollutant's band edges mapped to 0, 20, 40, 60, 80, 100 and
    /// beyond.
    static func european(pm2_5: Double?, pm10: Double?, ozone: Double?, nitrogenDioxide: Double?) -> Int? {
        func bands(_ edges: [Double]) -> [Band] {
            (0..<edges.count - 1).map { (edges[$0], edges[$0 + 1], Double($0) * 20, Double($0 + 1) * 20) }
        }
        let subIndexes = [
            pm2_5.flatMap { interpolate($0, bands([0, 10, 20, 25, 50, 75, 800])) },
            pm10.flatMap { interpolate($0, bands([0, 20, 40, 50, 100, 150, 1200])) },
            ozone.flatMap { interpolate($0, bands([0, 50, 100, 130, 240, 380, 800])) },
            nitrogenDioxide.flatMap { interpolate($0, bands([0, 40, 90, 120, 230, 340, 1000])) },
        ].compactMap { $0 }
        return subIndexes.max().map { Int($0.rounded()) }
    }
}

/// Open-Meteo's air quality first; when it fails, OpenWeather's air pollution (with a key).
package struct AirQualityChain: AirQualityProviding {
    let sources: [any AirQualityProviding]

    package init(_ sources: [any AirQualityProviding]) { self.sources = sources }

    /// The first source's: the others are asked only when it fails.
    package var url: URL? { sources.first?.url }

    package func airQuality(for place: Place) async throws -> AirQuality {
        var failure: (any Error)?
        for source in sources {
            do { return try await source.airQuality(for: place) } catch { failure = error }
        }
        throw failure ?? WeatherError.badResponse(Phrase("detail.unexpectedShape"))
    }

    package func cachedAirQuality(for place: Place) async -> AirQuality? {
        for source in sources {
            if let air = await source.cachedAirQuality(for: place) { return air }
        }
        return nil
    }
}
