import Foundation
import Synchronization
import WeatherCore

/// A provider in memory: places by name, the Testford report for any place, every call counted. No sockets.
package final class FakeProvider: WeatherProviding {
    package let places: [String: [Place]]
    private let calls = Mutex<[String]>([])

    package init(places: [String: [Place]]) { self.places = places }

    package var requests: [String] { calls.withLock { $0 } }

    package func places(matching query: LocationQuery) async throws -> [Place] {
        guard case .name(let name) = query else { return [] }
        calls.withLock { $0.append("places \(name)") }
        guard let found = places[name.lowercased()], !found.isEmpty else { throw WeatherError.placeNotFound(name) }
        return found
    }

    package func report(for place: Place) async throws -> WeatherReport {
        calls.withLock { $0.append("report \(place.name)") }
        var report = try TestData.report()
        report.place = place
        return report
    }

    package func cachedReport(for place: Place) async -> WeatherReport? { nil }
}

/// A provider in memory that answers with a set outcome and counts its calls.
package final class ScriptedProvider: WeatherProviding {
    package enum Outcome: Sendable {
        case live
        case stale(age: TimeInterval, reason: WeatherError)
        case failure(WeatherError)
    }

    /// The moment a scripted answer is fetched at, unless the test says otherwise.
    package static let defaultNow = Date(timeIntervalSince1970: 1_699_918_300)

    package let id: ProviderID
    package let outcome: Outcome
    package let now: Date
    private let count = Mutex(0)

    package init(_ id: ProviderID, _ outcome: Outcome, now: Date = ScriptedProvider.defaultNow) {
        self.id = id
        self.outcome = outcome
        self.now = now
    }

    package var calls: Int { count.withLock { $0 } }

    package func places(matching query: LocationQuery) async throws -> [Place] {
        count.withLock { $0 += 1 }
        if case .failure(let error) = outcome { throw error }
        return [TestData.place]
    }

    package func report(for place: Place) async throws -> WeatherReport {
        count.withLock { $0 += 1 }
        var report = try TestData.report()
        report.provider = id
        switch outcome {
        case .live: report.source = .live(fetchedAt: now)
        case .stale(let age, let reason): report.source = .stale(fetchedAt: now.addingTimeInterval(-age), reason: reason)
        case .failure(let error): throw error
        }
        return report
    }

    /// A live outcome's copy is fresh, a stale one's older; a failing provider has none.
    package func cachedReport(for place: Place) async -> WeatherReport? {
        var report = try? TestData.report()
        report?.provider = id
        switch outcome {
        case .live: report?.source = .live(fetchedAt: now)
        case .stale(let age, _): report?.source = .refreshing(fetchedAt: now.addingTimeInterval(-age))
        case .failure: return nil
        }
        return report
    }
}
