import FoundationEssentials
import HTTPKit
import WeatherCore

/// The warning services composed: asks every source that covers a place, all at once, and gathers their active
/// warnings, most severe first. A source that fails is named in `unavailable` and the others still count; no source
/// covering the place is `.noService`. It is asked beside the weather, never before it: nothing here waits for it.
package struct WarningService: WarningProviding {
    package let sources: [any WarningSource]
    private let now: @Sendable () -> Date

    package init(sources: [any WarningSource], now: @escaping @Sendable () -> Date = Date.init) {
        self.sources = sources
        self.now = now
    }

    package func services(covering place: Place) -> [String] {
        sources.filter { $0.covers(place) }.map(\.name)
    }

    package func warnings(for place: Place, language: Language) async -> WarningOutcome {
        let covering = sources.filter { $0.covers(place) }
        guard !covering.isEmpty else { return .noService }
        var found: [Warning] = []
        var unavailable: [String] = []
        await withTaskGroup(of: (Int, Result<[Warning], any Error>).self) { group in
            for (index, source) in covering.enumerated() {
                group.addTask {
                    do {
                        return (index, .success(try await source.warnings(for: place, language: language)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var failed: Set<Int> = []
            for await (index, result) in group {
                switch result {
                case .success(let warnings): found += warnings
                case .failure: failed.insert(index)
                }
            }
            unavailable = failed.sorted().map { covering[$0].name }
        }
        let moment = now()
        // The same warning from two sources (MeteoAlarm carries the national service's) is shown once.
        var seen: Set<String> = []
        let active = found.filter { $0.isActive(at: moment) }.sorted(by: Warning.inDisplayOrder).filter { warning in
            seen.insert("\(warning.event.lowercased())|\(warning.level)|\(warning.expires.timeIntervalSince1970)").inserted
        }
        return .checked(warnings: active, services: covering.map(\.name), unavailable: unavailable)
    }
}

/// What every source shares: its endpoint, the transport, and a `ResponseFetcher` over the program's cache, so a
/// fresh answer (five minutes, or the service's longer `max-age`) costs no request, even in the next run.
package struct WarningRequester: Sendable {
    package let endpoint: WarningEndpoint
    let transport: any HTTPTransport
    let fetcher: ResponseFetcher
    let now: @Sendable () -> Date

    package init(endpoint: WarningEndpoint, transport: any HTTPTransport, cache: ResponseCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.endpoint = endpoint
        self.transport = transport
        fetcher = ResponseFetcher(cache: cache, now: now)
        self.now = now
    }

    /// The decoded answer to `GET BASE+path?query`, from the cache while fresh. `keep`, when given, cuts a new body
    /// down to what is kept before it is cached and decoded (a MeteoAlarm feed to the place's warnings); `variant`
    /// then names what it keeps, in the cache key.
    func fetch<Value: Sendable>(
        _ path: String, query: [(String, String)] = [], accept: String = "application/json",
        maximumBytes: Int = HTTPResponse.defaultMaximumBytes, notFoundMeans: Data? = nil, variant: String? = nil,
        keep: (@Sendable (Data) throws(WeatherError) -> Data)? = nil,
        decode: @escaping @Sendable (Data) throws(WeatherError) -> Value
    ) async throws -> Value {
        let url = try endpoint.url(path, query: query)
        let (endpoint, transport, now) = (endpoint, transport, now)
        let key = "warnings|\(endpoint.name)|\(path)|" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&") + (variant.map { "|" + $0 } ?? "")
        return try await fetcher.fetch(
            key,
            network: { _ in
                let answer = try await endpoint.get(
                    url, transport: transport, now: now(), accept: accept, maximumBytes: maximumBytes, notFoundMeans: notFoundMeans)
                guard let keep, case .body(let body, let validUntil, let lastModified) = answer else { return answer }
                return .body(try keep(body), validUntil: validUntil, lastModified: lastModified)
            },
            decode: decode
        ).value
    }

    /// Latitude or longitude with four decimals (about 10 m), as every request of the program sends it.
    static func coordinate(_ value: Double) -> String { APIRequest.coordinate(value) }

    /// The place's country code, upper case ("US"); nil when its search gave none.
    static func country(_ place: Place) -> String? { place.country?.trimmingWhitespace.uppercased() }
}

/// Reading the JSON every source answers with.
enum WarningJSON {
    static func parse(_ data: Data) throws(WeatherError) -> JSONValue { try ResponseDecoding.parse(data) }

    static let unexpectedShape = WeatherError.badResponse(Phrase("detail.unexpectedShape"))

    /// A moment in ISO 8601 ("2024-07-19T10:00:00-07:00").
    static func date(_ value: JSONValue?) -> Date? { value?.string.flatMap(WireDate.iso8601) }
}

/// A source that covers whole countries, named by its endpoint.
protocol CountryWarningSource: WarningSource {
    /// ISO 3166 codes of the countries it covers.
    static var countries: [String] { get }
    var requester: WarningRequester { get }
}

extension CountryWarningSource {
    package var name: String { requester.endpoint.name }

    package func covers(_ place: Place) -> Bool {
        WarningRequester.country(place).map(Self.countries.contains) ?? false
    }
}
