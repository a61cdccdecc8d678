import FoundationEssentials
import HTTPKit

/// How every provider's client sends a GET: one deadline for the whole call, transient failures retried while a
/// retry still fits in it. The provider maps the status to `WeatherError` in `check`.
package struct ProviderHTTP: Sendable {
    package let transport: any HTTPTransport
    /// Seconds allowed for a call, retries included.
    package let timeout: Double
    /// Pauses before the second and third tries; a try is made only if it still fits in the timeout.
    let backoff: [Double]
    /// What a URL the transport cannot use is: the provider's base URL, named by its variable.
    let badBaseURL: Phrase

    package init(transport: any HTTPTransport, timeout: Double, backoff: [Double] = [0.25, 0.75], badBaseURL: Phrase) {
        self.transport = transport
        self.timeout = timeout
        self.backoff = backoff
        self.badBaseURL = badBaseURL
    }

    /// The largest answer a place search takes (real ones are under 3 KiB), and current weather (under 1 KiB);
    /// forecasts take the transport's 1 MiB. Smaller caps keep the memory a hostile answer costs small.
    package static let smallAnswerBytes = 256 * 1024

    /// True for a request asked beside the weather (the air, the minutes, OpenWeather's UV index from Open-Meteo),
    /// set around it by whoever asks it (`Beside`, `OpenWeatherService`): its failure is its own, never noted against
    /// its host, neither within the answer nor in the record of failed hosts (`RecentFailures`), so the weather, or a
    /// later request of the same answer on that host, is still sent, and the next answers still ask that host first.
    /// It still skips a host the weather's requests found failed, and noting nothing when it does.
    @TaskLocal package static var besideTheWeather = false

    /// The checked answer: `check` turns a response into a value or a `WeatherError`; transient errors are retried.
    /// A body over `maximumBytes` is refused.
    ///
    /// Within an `Answer`, the deadline is the provider's share of the answer's (`Attempt`), a host that failed
    /// within the answer is not asked again, and on a first pass a host that failed in the last minutes
    /// (`RecentFailures`) is not asked either: its earlier failure is thrown at once, and another provider answers.
    /// A request beside the weather (`besideTheWeather`) notes none of its failures.
    package func get<Value>(
        _ url: URL, headers: [String: String] = [:], maximumBytes: Int = HTTPResponse.defaultMaximumBytes,
        check: (HTTPResponse) throws(WeatherError) -> Value
    ) async throws -> Value {
        let origin = Self.origin(of: url)
        let (answer, attempt, beside) = (Answer.current, Attempt.current, Self.besideTheWeather)
        if let failure = answer?.failure(at: origin) ?? (beside ? attempt?.resting(origin) : attempt?.skip(origin)) { throw failure }
        let deadline = attempt?.deadline ?? ContinuousClock.now + .seconds(timeout)
        let seconds = attempt?.seconds ?? timeout
        var tries = 0
        while true {
            do {
                let response = try await Self.get(url, headers: headers, maximumBytes: maximumBytes, from: transport, before: deadline, timeout: seconds,
                    badBaseURL: badBaseURL)
                attempt?.failures?.recovered(origin)
                return try check(response)
            } catch let error as WeatherError where error.isTransient && tries < backoff.count
                && deadline - ContinuousClock.now > .seconds(backoff[tries]) + .milliseconds(250)
            {
                // Retried only while another try (pause plus a short answer) still fits in the time left.
                try await Task.sleep(for: .seconds(backoff[tries]))
                tries += 1
            } catch let error as WeatherError {
                let error = error.reportingTimeout(seconds)
                if RecentFailures.marksHost(error), !beside {
                    answer?.noteFailure(error, at: origin)
                    attempt?.failures?.note(error, at: origin)
                }
                throw error
            }
        }
    }

    /// False when a GET to `url` would not be sent now: its host failed within the answer, or it failed in the last
    /// minutes and this try skips resting hosts (`get` then throws that failure at once). Nothing is noted.
    package static func wouldAsk(_ url: URL) -> Bool {
        let origin = origin(of: url)
        if Answer.current?.failure(at: origin) != nil { return false }
        if let attempt = Attempt.current, attempt.skipsResting, attempt.failures?.resting(origin) != nil { return false }
        return true
    }

    /// "https://host:port": what fails or answers as one.
    package static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    /// The transport's answer (its `HTTPError` as a `WeatherError`), or `.timedOut` at the deadline (the request is cancelled), whatever the transport's own timer does.
    static func get(
        _ url: URL, headers: [String: String], maximumBytes: Int, from transport: any HTTPTransport,
        before deadline: ContinuousClock.Instant, timeout: Double, badBaseURL: Phrase
    ) async throws -> HTTPResponse {
        try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask {
                let remaining = deadline - ContinuousClock.now
                let seconds = remaining.seconds
                do {
                    return try await transport.get(url, headers: headers, timeout: max(0.05, seconds), maximumBytes: maximumBytes)
                } catch let error as HTTPError {
                    throw WeatherError(error, badBaseURL: badBaseURL)
                }
            }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw WeatherError.timedOut(seconds: timeout)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }
}

extension WeatherError {
    /// A time-out seen on a retry still reports the whole timeout the person set.
    func reportingTimeout(_ seconds: Double) -> WeatherError {
        if case .timedOut = self { return .timedOut(seconds: seconds) }
        return self
    }
}

extension HTTPResponse {
    /// The error for a status no provider gives a meaning of its own: 429 (with `Retry-After` seconds), 5xx, and
    /// anything else unexpected.
    package var statusError: WeatherError {
        switch status {
        // Seconds up to a day; anything else (a date, a negative or absurd figure) is as if not said.
        case 429: .rateLimited(retryAfter: headers["retry-after"].flatMap { Int($0.trimmingWhitespace) }.flatMap { (0...86_400).contains($0) ? $0 : nil })
        case 500..<600: .serverError(status: status)
        default: .unexpectedStatus(status)
        }
    }
}

extension Duration {
    /// The duration in seconds, fractions kept.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
