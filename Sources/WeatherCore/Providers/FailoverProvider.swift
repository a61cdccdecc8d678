import Foundation

/// The chosen provider first; when it fails in a way another provider could get round (no answer, a time-out, a
/// server error, throttling, a refused or missing key), the same request goes to the next keyless provider, and
/// the report says so. A cached answer from the chosen provider younger than an hour is kept rather than failing
/// over; an older one gives way to a fresh answer from the next provider, and is shown only if that fails too.
package struct FailoverProvider: WeatherProviding {
    /// How old a stale copy from the chosen provider may be and still be preferred to another provider's answer.
    package static let staleLimit: TimeInterval = 3600

    /// The chosen provider, then the ones to try in turn.
    let chain: [(id: ProviderID, service: any WeatherProviding)]
    let now: @Sendable () -> Date

    package init(_ chain: [(id: ProviderID, service: any WeatherProviding)], now: @escaping @Sendable () -> Date = Date.init) {
        precondition(!chain.isEmpty, "a failover chain needs a provider")
        self.chain = chain
        self.now = now
    }

    package func places(matching query: LocationQuery) async throws -> [Place] {
        var firstError: (any Error)?
        for link in chain {
            do {
                return try await link.service.places(matching: query)
            } catch let error as WeatherError where error.allowsFailover {
                firstError = firstError ?? error
            }
        }
        throw firstError ?? CancellationError()
    }

    /// The chosen provider's copy: the one `report(for:)` answers with while it is fresh, or refreshes.
    package func cachedReport(for place: Place) async -> WeatherReport? {
        await chain[0].service.cachedReport(for: place)
    }

    package func report(for place: Place) async throws -> WeatherReport {
        let chosen = chain[0]
        var kept: WeatherReport?
        var reason: WeatherError
        do {
            let report = try await chosen.service.report(for: place)
            guard case .stale(let fetchedAt, let staleReason) = report.source,
                now().timeIntervalSince(fetchedAt) >= Self.staleLimit, chain.count > 1
            else { return report }
            kept = report
            reason = staleReason
        } catch let error as WeatherError where error.allowsFailover && chain.count > 1 {
            reason = error
        }
        for link in chain.dropFirst() {
            var report: WeatherReport
            do {
                report = try await link.service.report(for: place)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                continue
            }
            if case .stale = report.source, let kept { return kept }
            report.failover = Failover(from: chosen.id, reason: reason)
            return report
        }
        if let kept { return kept }
        throw reason
    }
}

extension WeatherError {
    /// True for failures another provider could get round; a place that does not exist, or bad input, is not one.
    package var allowsFailover: Bool {
        switch self {
        case .missingAPIKey, .invalidAPIKey, .rateLimited: true
        default: allowsStaleFallback
        }
    }
}
