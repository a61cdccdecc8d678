import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Connections by origin: idle ones kept for the next request (at most four each), and ones still opening ahead
/// of a request (`preconnect`), which the next request to that origin takes over instead of opening its own.
///
/// Each is kept for a priority (`RequestPriority`): what it was opened for, then its last request's. A foreground
/// request (a view's) takes any, its own first; a background one (asked beside a view) only its own, and otherwise
/// opens a connection, so that it never holds one a view's request would have taken.
///
/// An idle connection is dropped once the server has closed it (seen without sending anything), and closed before
/// the server would close it: a second before the `Keep-Alive: timeout=` it announced, and after 30 seconds at most.
final class ConnectionPool: Sendable {
    static let maximumIdle = Duration.seconds(30)
    private struct State {
        var idle: [String: [HTTPConnection]] = [:]
        /// Still opening, not yet taken by a request.
        var opening: [String: [PendingConnection]] = [:]
        /// Still opening, taken by a request that waits for it: a connection kept meanwhile goes to that request.
        var waiting: [String: [PendingConnection]] = [:]
    }
    private let state = Mutex(State())
    private let openedCount = Atomic<Int>(0)

    var opened: Int { openedCount.load(ordering: .relaxed) }

    func countOpened() { openedCount.add(1, ordering: .relaxed) }

    /// What a request can use: a kept connection, or one still opening that is now the request's alone.
    enum Taken {
        case idle(HTTPConnection)
        case opening(PendingConnection)
    }

    /// A connection for a request of `priority` to `origin`: kept, else opening; its priority's first, and for a
    /// background request only those (nil: the request opens its own).
    func take(_ origin: String, priority: RequestPriority = .foreground) -> Taken? {
        closeExpired()
        let order: [RequestPriority] = priority == .background ? [.background] : [.foreground, .background]
        return state.withLock { state -> Taken? in
            var (idle, opening) = (state.idle[origin] ?? [], state.opening[origin] ?? [])
            for kind in order {
                if let index = idle.lastIndex(where: { $0.priority == kind }) {
                    let connection = idle.remove(at: index)
                    state.idle[origin] = idle.isEmpty ? nil : idle
                    return .idle(connection)
                }
            }
            for kind in order {
                if let index = opening.firstIndex(where: { $0.priority == kind }) {
                    let pending = opening.remove(at: index)
                    state.opening[origin] = opening
                    pending.priority = priority
                    state.waiting[origin, default: []].append(pending)
                    return .opening(pending)
                }
            }
            return nil
        }
    }

    /// Keeps `connection` for the next request of `priority` to `origin`, or hands it at once to a request waiting
    /// there for a connection still opening (a kept connection carries its request in one round trip, where the
    /// opening one still has its handshakes ahead): a foreground one first, a background one only a connection kept
    /// for the background. The one opening is then kept when it is ready.
    func put(_ connection: HTTPConnection, for origin: String, priority: RequestPriority = .foreground) {
        connection.idleSince = .now
        connection.priority = priority
        guard connection.keepAlive > .zero else {
            connection.close()
            return
        }
        while let waiter = state.withLock({ state -> PendingConnection? in
            let index =
                state.waiting[origin]?.firstIndex { $0.priority == .foreground }
                ?? (priority == .background ? state.waiting[origin]?.indices.first : nil)
            guard let index else { return nil }
            return state.waiting[origin]?.remove(at: index)
        }) {
            if waiter.deliver(.success(connection), kept: true) { return }
        }
        let evicted = state.withLock { state -> HTTPConnection? in
            var idle = state.idle[origin, default: []]
            idle.append(connection)
            let evicted = idle.count > 4 ? idle.removeFirst() : nil
            state.idle[origin] = idle
            return evicted
        }
        evicted?.close()
    }

    /// Connections a request of `priority` to `origin` could start on without opening one, kept for that priority:
    /// idle, or opening and not yet taken.
    func ready(_ origin: String, priority: RequestPriority = .foreground) -> Int {
        closeExpired()
        return state.withLock { state in
            (state.idle[origin]?.count { $0.priority == priority } ?? 0) + (state.opening[origin]?.count { $0.priority == priority } ?? 0)
        }
    }

    /// Registers a connection being opened for `origin`, for the next request there of its priority to take (or a
    /// foreground one).
    func opening(_ pending: PendingConnection, for origin: String) {
        state.withLock { $0.opening[origin, default: []].append(pending) }
    }

    /// A connection opened ahead of a request, or its failure: handed to the request that took it meanwhile, else
    /// kept idle (a failure with no request waiting is dropped: the request will open its own and say why).
    func settle(_ pending: PendingConnection, for origin: String, _ result: Result<HTTPConnection, any Error>) {
        let (untaken, priority) = state.withLock { state -> (Bool, RequestPriority) in
            state.waiting[origin]?.removeAll { $0 === pending }
            guard let index = state.opening[origin]?.firstIndex(where: { $0 === pending }) else { return (false, pending.priority) }
            state.opening[origin]?.remove(at: index)
            return (true, pending.priority)
        }
        if untaken {
            if case .success(let connection) = result { put(connection, for: origin, priority: priority) }
        } else if !pending.deliver(result), case .success(let connection) = result {
            // The request that took it has given up meanwhile (cancelled, or out of time), or was handed a kept
            // connection (`put`): keep it for the next.
            put(connection, for: origin, priority: priority)
        }
    }

    /// Closes idle connections the server has closed, or would close before they could carry a request.
    private func closeExpired() {
        let now = ContinuousClock.now
        let expired = state.withLock { state -> [HTTPConnection] in
            var expired: [HTTPConnection] = []
            for (origin, connections) in state.idle {
                let (keep, drop) = connections.reduce(into: ([HTTPConnection](), [HTTPConnection]())) { sorted, connection in
                    if now - connection.idleSince < connection.keepAlive, connection.isQuiet {
                        sorted.0.append(connection)
                    } else {
                        sorted.1.append(connection)
                    }
                }
                state.idle[origin] = keep.isEmpty ? nil : keep
                expired += drop
            }
            return expired
        }
        expired.forEach { $0.close() }
    }
}

/// A connection being opened on a thread of its own ahead of a request; the request that takes it waits here, and
/// takes a kept connection instead when one comes back to the pool first (`ConnectionPool.put`).
final class PendingConnection: @unchecked Sendable {
    /// What it is opened for, then the priority of the request that took it. Read and written under the pool's lock.
    var priority: RequestPriority
    private let condition = Condition()
    private var result: Result<HTTPConnection, any Error>?
    /// True when `result` is a kept connection rather than the one opened here.
    private var kept = false
    /// True once the waiting request has given up: a late connection then goes back to the pool.
    private var abandoned = false

    init(for priority: RequestPriority = .foreground) {
        self.priority = priority
    }

    /// Hands over the outcome (`kept`: a connection kept from an earlier request); false when nobody will take it:
    /// the request gave up, or was handed another connection first (the caller keeps the connection).
    func deliver(_ outcome: Result<HTTPConnection, any Error>, kept: Bool = false) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !abandoned, result == nil else { return false }
        result = outcome
        self.kept = kept
        condition.broadcast()
        return true
    }

    /// The connection once open, or a kept one handed over first (`reused`), within the request's deadline and until
    /// it is cancelled.
    func wait(limit: IOLimit) throws -> (connection: HTTPConnection, reused: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result { return (try result.get(), kept) }
            if limit.signal.isCancelled || ContinuousClock.now >= limit.deadline {
                abandoned = true
                if limit.signal.isCancelled { throw CancellationError() }
                throw HTTPError.timedOut(seconds: limit.timeout)
            }
            // A cancel has no socket to shut down here: look again at least every 50 ms.
            condition.wait(seconds: 0.05)
        }
    }
}
