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
        // Each child hands back a reference, not the report: a task group whose children returned a value as large as
        // a report (kilobytes inline) read a corrupted index back in release builds (Swift 6.3.1: "Index out of range"
        // here, 1 `:places` in 2 with MET Norway, OpenWeather or offline). Only optimised code showed it: .ci/run takes
        // the release build through every view.
        await withTaskGroup(of: Fetched.self) { group in
            var next = 0
            while next < places.count {
                if next >= max(1, limit), let fetched = await group.next() { results[fetched.index] = fetched.result }
                let index = next
                let place = places[index]
                group.addTask {
                    do { return Fetched(index: index, result: .success(try await fetch(place))) } catch {
                        return Fetched(index: index, result: .failure(error))
                    }
                }
                next += 1
            }
            for await fetched in group { results[fetched.index] = fetched.result }
        }
        try Task.checkCancellation()
        let reports = results.map { try? $0?.get() }
        if !places.isEmpty, reports.allSatisfy({ $0 == nil }) {
            for case .failure(let error)? in results { throw error }
        }
        return reports
    }

    /// One place's outcome, by reference (see `reports`).
    private final class Fetched: Sendable {
        let index: Int
        let result: Result<WeatherReport, any Error>

        init(index: Int, result: Result<WeatherReport, any Error>) {
            self.index = index
            self.result = result
        }
    }
}

extension WeatherProviding {
    /// One report a place, at most `ManyPlaces.concurrency` at a time, each from the cache while it is fresh.
    package func reports(for places: [Place]) async throws -> [WeatherReport?] {
        try await ManyPlaces.reports(places) { try await report(for: $0) }
    }
}
