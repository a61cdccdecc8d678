import FoundationEssentials

/// The weather of several places at once (`:places`): each place's report, in the order asked, with no more than
/// `concurrency` requests in flight. A provider that can answer for many places in one request (Open-Meteo) does so
/// in its own `reports(for:)`; the others answer through this, one report a place, each from the cache while fresh.
package enum ManyPlaces {
    /// The most places fetched at the same time by a provider that asks for one place a request.
    package static let concurrency = 4

    /// `fetch` for each place, at most `limit` at a time, in the order of `places`; nil for a place whose report
    /// failed. Throws when every place failed (the first place's failure) or when cancelled.
    package static func reports(
        _ places: [Place], limit: Int = concurrency, _ fetch: @escaping @Sendable (Place) async throws -> WeatherReport
    ) async throws -> [WeatherReport?] {
        var results = [Result<WeatherReport, any Error>?](repeating: nil, count: places.count)
        await withTaskGroup(of: (Int, Result<WeatherReport, any Error>).self) { group in
            var next = 0
            while next < places.count {
                if next >= max(1, limit), let (index, result) = await group.next() { results[index] = result }
                let index = next
                let place = places[index]
                group.addTask {
                    do { return (index, .success(try await fetch(place))) } catch { return (index, .failure(error)) }
                }
                next += 1
            }
            for await (index, result) in group { results[index] = result }
        }
        try Task.checkCancellation()
        let reports = results.map { try? $0?.get() }
        if !places.isEmpty, reports.allSatisfy({ $0 == nil }) {
            for case .failure(let error)? in results { throw error }
        }
        return reports
    }
}

extension WeatherProviding {
    /// One report a place, at most `ManyPlaces.concurrency` at a time, each from the cache while it is fresh.
    package func reports(for places: [Place]) async throws -> [WeatherReport?] {
        try await ManyPlaces.reports(places) { try await report(for: $0) }
    }
}
