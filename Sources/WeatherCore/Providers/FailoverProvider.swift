import FoundationEssentials
import Synchronization

/// The chosen provider first; when it fails in a way another provider could get round (no answer, a time-out, a
/// server error, throttling, a refused or missing key), the same request goes to the next keyless provider, and
/// the report says so. A cached answer from the chosen provider younger than an hour is kept rather than failing
/// over; an older one gives way to a fresh answer from the next provider, and is shown only if that fails too.
///
/// With a `budget`, all of it happens within one `Answer`'s time (`--timeout`): a provider gets half the time left
/// while another could still answer, the last one all of it. A provider that needs a host that failed in the last
/// minutes (`RecentFailures`) is skipped at first, asked again only when every other one has failed, and the
/// first report that comes from another provider because of it says so.
///
/// Retry and failover live in the core, in two steps of one layer under the one deadline (`Answer`): here, which
/// provider is asked next and with how much of the time left; in `ProviderHTTP`, below it and used by every
/// provider's client, one request tried again after a pause (transient failures only) while that still fits in the
/// provider's share. Nothing else retries: the providers call `ProviderHTTP`, and HTTPKit makes one try per call
/// within the time it is given (it only sends again, at once, on a fresh connection when a kept one turns out to
/// have been closed while idle, before any answer).
///
/// A provider is built when it is first asked (`init(lazy:)`): a run that answers from the first one, from the
/// cache or not at all never builds the others.
package struct FailoverProvider: WeatherProviding {
    /// How old a stale copy from the chosen provider may be and still be preferred to another provider's answer.
    package static let staleLimit: TimeInterval = 3600

    package typealias Link = (id: ProviderID, service: any WeatherProviding)
    /// A provider and how to build it, when it is first needed.
    package typealias Builder = (id: ProviderID, build: @Sendable () -> any WeatherProviding)
    /// The chosen provider, then the ones to try in turn.
    let chain: [LazyLink]
    let now: @Sendable () -> Date
    /// Seconds for one answer, failover included; nil leaves each provider its own timeout.
    let budget: Double?
    let failures: RecentFailures?

    /// A chain of providers built already.
    package init(
        _ chain: [Link], budget: Double? = nil, failures: RecentFailures? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.init(lazy: chain.map { link in (link.id, { link.service }) }, budget: budget, failures: failures, now: now)
    }

    /// A chain whose providers are built the first time each is asked, once.
    package init(
        lazy chain: [Builder], budget: Double? = nil, failures: RecentFailures? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        precondition(!chain.isEmpty)  // a failover chain needs a provider: the composition's mistake
        self.chain = chain.map { LazyLink(id: $0.id, build: $0.build) }
        self.budget = budget
        self.failures = failures
        self.now = now
    }

    /// One provider of the chain, built on first use.
    final class LazyLink: Sendable {
        let id: ProviderID
        private let build: @Sendable () -> any WeatherProviding
        private let built = Mutex<(any WeatherProviding)?>(nil)

        init(id: ProviderID, build: @escaping @Sendable () -> any WeatherProviding) {
            self.id = id
            self.build = build
        }

        var service: any WeatherProviding {
            built.withLock { built in
                if let built { return built }
                let service = build()
                built = service
                return service
            }
        }
    }

    package func places(matching query: LocationQuery) async throws -> [Place] {
        try await Answer.run {
            // The first failure; an earlier one a skipped provider was skipped for gives way to any failure now.
            var firstError: (error: WeatherError, skipped: Bool)?
            var queue = chain.indices.map { (index: $0, skipsResting: true) }
            var position = 0
            while position < queue.count {
                let (index, skipsResting) = queue[position]
                position += 1
                switch try await attempt(index, others: queue.count - position, skipsResting: skipsResting, tolerant: false, { try await $0.places(matching: query) }) {
                case .answered(let places, _): return places
                case .failed(let error): if firstError?.skipped ?? true { firstError = (error, false) }
                case .skipped(let error):
                    firstError = firstError ?? (error, true)
                    queue.append((index, false))
                }
            }
            throw firstError?.error ?? CancellationError()
        }
    }

    /// The chosen provider's connections, opened ahead.
    package func prepareReport(naming: Bool) {
        chain[0].service.prepareReport(naming: naming)
    }

    /// The chosen provider's copy: the one `report(for:)` answers with while it is fresh, or refreshes.
    package func cachedReport(for place: Place) async -> WeatherReport? {
        await chain[0].service.cachedReport(for: place)
    }

    package func report(for place: Place) async throws -> WeatherReport {
        try await Answer.run {
            var kept: WeatherReport?
            var reason: WeatherError?
            var skipped = false
            var queue = chain.indices.map { (index: $0, skipsResting: true) }
            var position = 0
            while position < queue.count {
                let (index, skipsResting) = queue[position]
                position += 1
                let outcome = try await attempt(
                    index, others: queue.count - position, skipsResting: skipsResting, tolerant: index > 0, { try await $0.report(for: place) })
                switch outcome {
                case .skipped(let error):
                    if index == 0 { (reason, skipped) = (reason ?? error, true) }
                    queue.append((index, false))
                case .failed(let error):
                    // Asked after all, the chosen provider's failure now is the one to name.
                    if index == 0 { (reason, skipped) = (skipped ? error : reason ?? error, false) }
                case .answered(var report, let skippedBecause):
                    if index == 0 {
                        guard case .stale(let fetchedAt, let staleReason) = report.source, chain.count > 1,
                            now().timeIntervalSince(fetchedAt) >= Self.staleLimit
                        else { return report }
                        // Too old to be preferred: the others first, and when it was a copy only because the
                        // provider was skipped, the provider itself after them.
                        (kept, reason) = (report, reason ?? staleReason)
                        if let skippedBecause, skipsResting {
                            (reason, skipped) = (skippedBecause, true)
                            queue.append((index, false))
                        }
                        continue
                    }
                    if case .stale = report.source, let kept { return kept }
                    if let reason {
                        let first = skipped && (failures?.firstNotice(for: chain[0].id) ?? true)
                        report.failover = Failover(from: chain[0].id, reason: reason, skipped: skipped ? (first ? .sayingSo : .saidBefore) : nil)
                    }
                    return report
                }
            }
            if let kept { return kept }
            throw reason ?? CancellationError()
        }
    }

    /// The chosen provider's reports for all the places at once (Open-Meteo's one request, or its reports four at a
    /// time). The places it could not answer for go to the rest of the chain the same way (so to Open-Meteo's one
    /// request when it is next), never back to the chosen one; when the chosen one failed as a whole, their reports
    /// say so (`failover`), as a single place's do.
    package func reports(for places: [Place]) async throws -> [WeatherReport?] {
        var reports = [WeatherReport?](repeating: nil, count: places.count)
        var reason: WeatherError?
        let first = try await Answer.run {
            try await attempt(0, others: chain.count - 1, skipsResting: true, tolerant: false, { try await $0.reports(for: places) })
        }
        switch first {
        case .answered(let answered, _) where answered.count == places.count: reports = answered
        case .answered: break
        case .failed(let error), .skipped(let error):
            if chain.count == 1 { throw error }
            reason = error
        }
        let missing = reports.indices.filter { reports[$0] == nil }
        guard !missing.isEmpty, chain.count > 1 else { return reports }
        let rest = FailoverProvider(
            lazy: chain.dropFirst().map { link in (link.id, { link.service }) }, budget: budget, failures: failures, now: now)
        let retried = try await rest.reports(for: missing.map { places[$0] })
        for (index, report) in zip(missing, retried) {
            guard var report else { continue }
            if let reason, report.failover == nil { report.failover = Failover(from: chain[0].id, reason: reason, skipped: nil) }
            reports[index] = report
        }
        return reports
    }

    /// What one provider's try gave.
    private enum Outcome<Value> {
        /// An answer, and the earlier failure of a host it skipped meanwhile (the answer may be a stale copy then).
        case answered(Value, skipped: WeatherError?)
        case failed(WeatherError)
        /// It needs a host that failed in the last minutes, and was not asked.
        case skipped(WeatherError)
    }

    /// Asks link `index` as one `Attempt`, within its share of the answer's time: half of what is left while
    /// `others` could still answer, else all of it. `tolerant` turns any failure but a cancellation into
    /// `.failed` (a provider standing in); otherwise only those another provider could get round.
    private func attempt<Value>(
        _ index: Int, others: Int, skipsResting: Bool, tolerant: Bool,
        _ ask: @escaping (any WeatherProviding) async throws -> Value
    ) async throws -> Outcome<Value> {
        let service = chain[index].service
        var attempt: Attempt?
        if let budget, let answer = Answer.current {
            let end = answer.deadline(budget: budget)
            let start = ContinuousClock.now
            let deadline = others > 0 ? start + (end - start) / 2 : end
            // A time-out names the seconds this provider was given (half of what was left while another could still
            // answer, or what another left it), not the whole `--timeout`: it was not waited for that long. The one
            // provider asked alone had the whole answer's time.
            let given = (deadline - start).seconds
            let seconds = others == 0 && index == 0 ? budget : max(0.1, (given * 10).rounded() / 10)
            attempt = Attempt(deadline: deadline, seconds: seconds, failures: failures, skipsResting: skipsResting)
        }
        do {
            let value = try await Attempt.$current.withValue(attempt) { try await ask(service) }
            return .answered(value, skipped: attempt?.skippedBecause)
        } catch let error as WeatherError where error.allowsFailover || tolerant {
            if let skipped = attempt?.skippedBecause { return .skipped(skipped) }
            return .failed(error)
        } catch let error where !(error is CancellationError) && tolerant {
            return .failed(.badResponse(Phrase("detail.unexpectedShape")))
        }
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
