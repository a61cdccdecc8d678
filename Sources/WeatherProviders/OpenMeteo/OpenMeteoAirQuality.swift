import FoundationEssentials
import HTTPKit
import WeatherCore

/// Open-Meteo's air quality (`/v1/air-quality`, keyless, on `OPENMETEO_BASE_URL` when set): one request per place,
/// cached like every answer.
package struct OpenMeteoAirQualitySource: AirQualityProviding {
    private let client: OpenMeteoClient
    private let fetcher: ResponseFetcher

    package init(client: OpenMeteoClient, cache: ResponseCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        fetcher = ResponseFetcher(cache: cache, now: now)
    }

    /// Where its requests go, for a connection opened ahead of them.
    package var url: URL? { try? OpenMeteoRequest.airQuality(latitude: 0, longitude: 0).url(configuration: client.configuration) }

    private func key(_ place: Place) -> String {
        OpenMeteoRequest.airQuality(latitude: place.latitude, longitude: place.longitude).cacheKey(language: client.configuration.language)
    }

    package func airQuality(for place: Place) async throws -> AirQuality {
        let request = OpenMeteoRequest.airQuality(latitude: place.latitude, longitude: place.longitude)
        let client = client
        let fetched = try await fetcher.fetch(
            key(place), network: { _ in .body(try await client.fetch(request)) }, decode: OpenMeteoAirDecoding.airQuality)
        return fetched.value.airQuality(fetchedAt: fetched.fetchedAt)
    }

    package func cachedAirQuality(for place: Place) async -> AirQuality? {
        guard let cached = await fetcher.peek(key(place), decode: OpenMeteoAirDecoding.airQuality), cached.isFresh else { return nil }
        return cached.value.airQuality(fetchedAt: cached.fetchedAt)
    }
}

/// An answer of `/v1/air-quality` decoded, before it is dated.
package struct DecodedAir: Sendable {
    var now: AirQuality.Reading
    var hours: [AirQuality.Reading]
    var pollen: [PollenKind: Double]?
    var utcOffset: Int
    var source: ProviderID

    func airQuality(fetchedAt: Date) -> AirQuality {
        AirQuality(now: now, hours: hours, pollen: pollen, source: source, utcOffset: utcOffset, fetchedAt: fetchedAt)
    }
}

/// Checks on the figures an air source sends: an index from 0 to 1000, a concentration from 0 to 10 000 µg/m³ (a
/// figure outside is left out, never shown).
enum AirFigures {
    static func index(_ value: Double?) -> Int? {
        guard let value, value.isFinite, (0...1000).contains(value) else { return nil }
        return Int(value.rounded())
    }

    static func concentration(_ value: Double?) -> Double? {
        guard let value, value.isFinite, (0...10_000).contains(value) else { return nil }
        return value
    }

    /// The hours after `now` until the end of its local day (`utcOffset` seconds east of UTC).
    static func restOfToday(_ hours: [AirQuality.Reading], after now: Date, utcOffset: Int) -> [AirQuality.Reading] {
        let local = now.timeIntervalSince1970 + Double(utcOffset)
        let end = ((local / 86_400).rounded(.down) + 1) * 86_400 - Double(utcOffset)
        return hours.filter { $0.time > now && $0.time.timeIntervalSince1970 < end }.sorted { $0.time < $1.time }
    }
}

/// Open-Meteo's air-quality JSON (`timeformat=unixtime`) as `DecodedAir`. Only the current time is required; a
/// figure missing, null or out of range is left out.
package enum OpenMeteoAirDecoding {
    package static func airQuality(_ data: Data) throws(WeatherError) -> DecodedAir {
        let json = try ResponseDecoding.parse(data)
        guard let current = json["current"], let time = PhysicalRange.moment(current["time"]?.double) else {
            throw OpenMeteoDecoding.unexpectedShape
        }
        let offset = PhysicalRange.utcOffset(json["utc_offset_seconds"]?.double) ?? 0
        let now = reading(time) { current[$0]?.double }
        let hourly = json["hourly"]
        let times = hourly?["time"]?.array ?? []
        let hours = times.indices.compactMap { index -> AirQuality.Reading? in
            guard let time = PhysicalRange.moment(times[index].double) else { return nil }
            return reading(time) { name in
                guard let column = hourly?[name]?.array, column.indices.contains(index) else { return nil }
                return column[index].double
            }
        }
        var pollen: [PollenKind: Double] = [:]
        for kind in PollenKind.allCases {
            if let grains = AirFigures.concentration(current["\(kind.rawValue)_pollen"]?.double) { pollen[kind] = grains }
        }
        return DecodedAir(
            now: now, hours: AirFigures.restOfToday(hours, after: time, utcOffset: offset), pollen: pollen.isEmpty ? nil : pollen,
            utcOffset: offset, source: .openMeteo)
    }

    private static func reading(_ time: Date, _ value: (String) -> Double?) -> AirQuality.Reading {
        AirQuality.Reading(
            time: time, usAQI: AirFigures.index(value("us_aqi")), europeanAQI: AirFigures.index(value("european_aqi")),
            pm2_5: AirFigures.concentration(value("pm2_5")), pm10: AirFigures.concentration(value("pm10")),
            ozone: AirFigures.concentration(value("ozone")), nitrogenDioxide: AirFigures.concentration(value("nitrogen_dioxide")))
    }
}
