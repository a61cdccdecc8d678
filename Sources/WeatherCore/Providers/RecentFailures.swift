import FoundationEssentials
import HTTPKit
import Synchronization

/// Hosts that failed (no answer in time, no connection) in the last few minutes, kept in memory and in a
/// small JSON file in the state directory, so that the next runs too ask a provider that needs one last, as
/// SwiftPM's HTTP client's circuit breaker does. A host that answers again is forgotten at once.
///
/// The file is a hint: one that is missing, unreadable, too large or of another shape counts as empty, and a
/// time in it more than a minute ahead or older than the window is ignored.
package final class RecentFailures: Sendable {
    /// How long a failed host is skipped at first.
    package static let window: TimeInterval = 300
    /// The largest file read; a real one holds a few hosts in a few hundred bytes.
    static let maximumBytes = 64 * 1024

    private struct State {
        var hosts: [String: (at: Date, error: WeatherError)] = [:]
        /// Providers whose skipping this run has said so already.
        var announced: Set<ProviderID> = []
    }

    private let file: URL?
    private let now: @Sendable () -> Date
    private let state: Mutex<State>

    /// `file` nil remembers within this run only.
    package init(file: URL?, now: @escaping @Sendable () -> Date = Date.init) {
        self.file = file
        self.now = now
        state = Mutex(State(hosts: file.map { Self.read($0, now: now()) } ?? [:]))
    }

    /// How `origin` failed, when that was less than `window` ago; nil when it has not.
    func resting(_ origin: String) -> WeatherError? {
        let now = now()
        return state.withLock { state in
            guard let failure = state.hosts[origin], now.timeIntervalSince(failure.at) < Self.window else { return nil }
            return failure.error
        }
    }

    /// Notes that `origin` failed now (a time-out, no connection); other errors are the host answering (a server
    /// error may concern one endpoint only) and are not noted.
    func note(_ error: WeatherError, at origin: String) {
        guard Self.marksHost(error) else { return }
        let now = now()
        let hosts = state.withLock { state in
            state.hosts[origin] = (now, error)
            return state.hosts
        }
        save(hosts, now: now)
    }

    /// Forgets `origin`: it answered.
    func recovered(_ origin: String) {
        guard let hosts = state.withLock({ state in state.hosts.removeValue(forKey: origin).map { _ in state.hosts } }) else { return }
        save(hosts, now: now())
    }

    /// True the first time in this run it is asked for `provider`: skipping it is said once.
    func firstNotice(for provider: ProviderID) -> Bool {
        state.withLock { $0.announced.insert(provider).inserted }
    }

    /// The failures that say the host itself is out of reach.
    static func marksHost(_ error: WeatherError) -> Bool {
        switch error {
        case .timedOut, .cannotConnect: true
        default: false
        }
    }

    // MARK: The file

    private static func read(_ url: URL, now: Date) -> [String: (at: Date, error: WeatherError)] {
        guard let data = try? BoundedFile.read(url, limit: maximumBytes),
            let hosts = (try? JSONValue.parse(data))?["hosts"]?.object
        else { return [:] }
        var read: [String: (at: Date, error: WeatherError)] = [:]
        for (origin, entry) in hosts {
            guard let seconds = entry["at"]?.double, seconds.isFinite, let error = error(entry) else { continue }
            let at = Date(timeIntervalSince1970: seconds)
            // A time ahead of the clock (a clock set back, or an edited file) is not trusted to hold for long.
            guard now.timeIntervalSince(at) < window, at.timeIntervalSince(now) < 60 else { continue }
            read[origin] = (at, error)
        }
        return read
    }

    private static func error(_ entry: JSONValue) -> WeatherError? {
        switch entry["failure"]?.string {
        case "timedOut":
            guard let seconds = entry["seconds"]?.double, (0.1...300).contains(seconds) else { return nil }
            return .timedOut(seconds: seconds)
        case "cannotConnect":
            guard let host = entry["host"]?.string, host.count <= 253 else { return nil }
            return .cannotConnect(host: host)
        default:
            return nil
        }
    }

    private static func json(_ error: WeatherError, at: Date) -> JSONValue? {
        var members: [String: JSONValue] = ["at": .number(at.timeIntervalSince1970.rounded())]
        switch error {
        case .timedOut(let seconds): members.merge(["failure": .string("timedOut"), "seconds": .number(seconds)]) { $1 }
        case .cannotConnect(let host): members.merge(["failure": .string("cannotConnect"), "host": .string(host)]) { $1 }
        default: return nil
        }
        return .object(members)
    }

    /// Writes the hosts still within the window, atomically; a failure to write only loses the hint.
    private func save(_ hosts: [String: (at: Date, error: WeatherError)], now: Date) {
        guard let file else { return }
        let members = hosts.filter { now.timeIntervalSince($0.value.at) < Self.window }.compactMapValues { Self.json($0.error, at: $0.at) }
        try? AtomicFile.write(Data((JSONValue.object(["hosts": .object(members)]).prettyPrinted + "\n").utf8), to: file, durable: false)
    }
}
