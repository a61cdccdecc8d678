import FoundationEssentials
import WeatherCore

/// Open-Meteo's UV index for a provider that has none (OpenWeather's free plan): one small request per place
/// (`OpenMeteoRequest.uvIndex`), cached like every answer. A failure is no UV index, never a failed report.
package struct OpenMeteoUVSource: Sendable {
    private let client: OpenMeteoClient
    private let fetcher: ResponseFetcher

    package init(client: OpenMeteoClient, cache: ResponseCache, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        fetcher = ResponseFetcher(cache: cache, now: now)
    }

    /// Where its requests go, for a connection opened ahead of them.
    package var url: URL? { try? OpenMeteoRequest.uvIndex(latitude: 0, longitude: 0).url(configuration: client.configuration) }

    private func request(_ place: Place) -> OpenMeteoRequest {
        .uvIndex(latitude: place.latitude, longitude: place.longitude)
    }

    /// The place's UV index, from the cache while fresh, else the network, else a stale copy; nil when none can be had.
    package func uvIndex(for place: Place) async -> OpenMeteoUVIndex? {
        let request = request(place)
        let client = client
        return try? await fetcher.fetch(
            request.cacheKey(language: client.configuration.language),
            network: { _ in .body(try await client.fetch(request)) }, decode: OpenMeteoDecoding.uvIndex
        ).value
    }

    /// From the network as `uvIndex(for:)` does, or, without `network`, the cached copy alone.
    package func uvIndex(for place: Place, network: Bool) async -> OpenMeteoUVIndex? {
        network ? await uvIndex(for: place) : await cachedUVIndex(for: place)
    }

    /// `task`'s index if it comes within `seconds`; else nil, and the task is cancelled (its request given up).
    package static func value(of task: Task<OpenMeteoUVIndex?, Never>, within seconds: Double) async -> OpenMeteoUVIndex? {
        await withTaskGroup(of: OpenMeteoUVIndex??.self) { group in
            group.addTask { await task.value }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return .some(nil)
            }
            // The first to finish: the index (or its failure), else the end of the wait.
            let first = await group.next() ?? nil
            task.cancel()
            group.cancelAll()
            return first ?? nil
        }
    }

    /// The cached copy, fresh or not, with no request.
    package func cachedUVIndex(for place: Place) async -> OpenMeteoUVIndex? {
        await fetcher.peek(request(place).cacheKey(language: client.configuration.language), decode: OpenMeteoDecoding.uvIndex)?.value
    }
}
