import FoundationEssentials
import Synchronization

/// One answer to a person: a search (its places and its report), a comparison (both places), a view's report.
/// Every request made for it shares one deadline, `--timeout` from its first request (geocoding and failover
/// included), and a host that fails within it is not asked again within it.
///
/// It travels down to `ProviderHTTP` as a task-local value: whoever marks an answer (`Answer.run`, a view model)
/// need not know the timeout, and nothing in between hands it on.
package final class Answer: Sendable {
    @TaskLocal package static var current: Answer?

    /// When the answer's time runs out: set by the first provider call that knows the budget.
    private let end = Mutex<ContinuousClock.Instant?>(nil)
    /// Hosts ("https://host:port") that failed within this answer, and how.
    private let failed = Mutex<[String: WeatherError]>([:])

    /// False when the answer shows current conditions alone (a `--format` without forecast placeholders): a
    /// provider that fetches the forecast apart (OpenWeather) then makes one request, not two.
    package let wantsForecast: Bool
    /// False when the answer shows no UV index (a `--format` without `%u` or `%U`): a provider that has it from
    /// another (OpenWeather, from Open-Meteo) then does not ask for it.
    package let wantsUVIndex: Bool
    /// False when the answer shows no air quality (a `--format` without `%a` or `%A`): the air source, asked beside
    /// the weather, is then not asked.
    package let wantsAirQuality: Bool
    /// False when the answer shows no rain sentence (a `--format` status line, `--hourly`): the nowcast source, asked
    /// beside the weather, is then not asked.
    package let wantsNowcast: Bool
    /// True when the answer is nothing without its air (a `--format` status line with `%a` or `%A`): the air, asked
    /// beside the weather, is then waited for within the answer's deadline, as such a line waits for the warnings,
    /// rather than taken only if it is in with the weather.
    package let waitsForAirQuality: Bool

    private init(wantsForecast: Bool, wantsUVIndex: Bool, wantsAirQuality: Bool, wantsNowcast: Bool, waitsForAirQuality: Bool) {
        self.wantsForecast = wantsForecast
        self.wantsUVIndex = wantsUVIndex
        self.wantsAirQuality = wantsAirQuality
        self.wantsNowcast = wantsNowcast
        self.waitsForAirQuality = waitsForAirQuality
    }

    /// Runs `work` as one answer, or as part of the answer already running.
    package static func run<T>(
        wantsForecast: Bool = true, wantsUVIndex: Bool = true, wantsAirQuality: Bool = true, wantsNowcast: Bool = true,
        waitsForAirQuality: Bool = false, isolation: isolated (any Actor)? = #isolation, _ work: () async throws -> T
    ) async rethrows -> T {
        if current != nil { return try await work() }
        let answer = Answer(
            wantsForecast: wantsForecast, wantsUVIndex: wantsUVIndex, wantsAirQuality: wantsAirQuality, wantsNowcast: wantsNowcast,
            waitsForAirQuality: waitsForAirQuality)
        return try await $current.withValue(answer, operation: work)
    }

    /// The answer's deadline, `seconds` from the first call that asks.
    func deadline(budget seconds: Double) -> ContinuousClock.Instant {
        end.withLock { end in
            if let end { return end }
            let deadline = ContinuousClock.now + .seconds(seconds)
            end = deadline
            return deadline
        }
    }

    /// How `origin` failed within this answer; nil when it has not.
    func failure(at origin: String) -> WeatherError? {
        failed.withLock { $0[origin] }
    }

    func noteFailure(_ error: WeatherError, at origin: String) {
        failed.withLock { $0[origin] = $0[origin] ?? error }
    }
}

/// One provider's try within an answer (`FailoverProvider`): its share of the time left, and whether hosts that
/// failed in the last minutes (`RecentFailures`) are skipped, and were.
final class Attempt: Sendable {
    @TaskLocal static var current: Attempt?

    let deadline: ContinuousClock.Instant
    /// The seconds this try was given (`--timeout` for a provider asked alone, its share when another could still
    /// answer), named when they run out.
    let seconds: Double
    /// Hosts that failed in the last minutes, remembered across runs; nil remembers nothing.
    let failures: RecentFailures?
    /// True on the first pass: a resting host is not asked, and the provider gives way to the next.
    let skipsResting: Bool
    private let skipped = Mutex<WeatherError?>(nil)

    init(deadline: ContinuousClock.Instant, seconds: Double, failures: RecentFailures?, skipsResting: Bool) {
        self.deadline = deadline
        self.seconds = seconds
        self.failures = failures
        self.skipsResting = skipsResting
    }

    /// Why a resting host was skipped during this try; nil when none was.
    var skippedBecause: WeatherError? { skipped.withLock { $0 } }

    /// The earlier failure of `origin`, when this try skips it: it is noted as skipped.
    func skip(_ origin: String) -> WeatherError? {
        guard let failure = resting(origin) else { return nil }
        skipped.withLock { $0 = $0 ?? failure }
        return failure
    }

    /// The earlier failure of `origin`, when this try skips it, noting nothing: a request beside the weather skips
    /// the host, and the weather's try is not said to have skipped one.
    func resting(_ origin: String) -> WeatherError? {
        guard skipsResting else { return nil }
        return failures?.resting(origin)
    }
}
