import Synchronization

/// What an owner of shared requests of different types needs to know about each.
package protocol SharedWork: AnyObject, Sendable {
    /// True once the answer is in or every waiter has given up: nobody can use the request any more.
    var isSettled: Bool { get }
    /// How many callers are waiting for the answer now.
    var waiterCount: Int { get }
}

/// One piece of work (a request on the wire) shared by everyone waiting for its answer.
///
/// A waiter that is cancelled stops only its own wait, at once; the work itself is cancelled only when every waiter
/// has given up. From then on the request is abandoned: `join()` refuses newcomers, who start a request of their own.
package final class SharedRequest<Value: Sendable>: SharedWork {
    /// One caller's place among the waiters.
    package struct Waiter: Sendable {
        /// The request waited for.
        package let request: SharedRequest<Value>
        fileprivate let id: Int

        /// The shared answer; `CancellationError` as soon as this caller's task is cancelled, whoever else still waits.
        package func value() async throws -> Value {
            try await request.wait(as: id)
        }
    }

    private struct State {
        /// Waiters still interested, by id: nil until the waiter suspends, then how to resume it.
        var members: [Int: CheckedContinuation<Value, any Error>?] = [:]
        var nextID = 0
        var outcome: Result<Value, any Error>?
        var abandoned = false
        var work: Task<Void, Never>?

        /// Adds a waiter that has not suspended yet; returns its id.
        mutating func admit() -> Int {
            nextID += 1
            members[nextID] = .some(nil)
            return nextID
        }
    }

    private let state = Mutex(State())

    private init() {}

    /// Starts `operation` and returns its first waiter.
    package static func start(_ operation: @escaping @Sendable () async throws -> Value) -> Waiter {
        let request = SharedRequest()
        let first = request.state.withLock { $0.admit() }
        let work = Task {
            do {
                request.finish(.success(try await operation()))
            } catch {
                request.finish(.failure(error))
            }
        }
        request.state.withLock { state in if state.outcome == nil { state.work = work } }
        return Waiter(request: request, id: first)
    }

    /// A new waiter, or nil when it is too late to join: every earlier waiter gave up and the work was cancelled.
    package func join() -> Waiter? {
        let id = state.withLock { state -> Int? in state.abandoned ? nil : state.admit() }
        return id.map { Waiter(request: self, id: $0) }
    }

    package var isSettled: Bool {
        state.withLock { $0.outcome != nil || $0.abandoned }
    }

    package var waiterCount: Int {
        state.withLock { $0.outcome == nil ? $0.members.count : 0 }
    }

    private func wait(as id: Int) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let ready = state.withLock { state -> Result<Value, any Error>? in
                    if let outcome = state.outcome { return outcome }
                    // Gone already: the task was cancelled before it got here.
                    guard state.members.keys.contains(id) else { return .failure(CancellationError()) }
                    state.members[id] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            leave(id)
        }
    }

    /// Ends one waiter's wait with `CancellationError`; the last one to leave cancels the work.
    private func leave(_ id: Int) {
        let (continuation, work) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?) in
            // Once the answer is in, every waiter is resumed with it.
            guard state.outcome == nil, let waiting = state.members.removeValue(forKey: id) else { return (nil, nil) }
            if state.members.isEmpty { state.abandoned = true }
            return (waiting, state.abandoned ? state.work : nil)
        }
        continuation?.resume(throwing: CancellationError())
        work?.cancel()
    }

    private func finish(_ outcome: Result<Value, any Error>) {
        let waiting = state.withLock { state in
            state.outcome = outcome
            state.work = nil
            defer { state.members.removeAll() }
            return state.members.values.compactMap { $0 }
        }
        for continuation in waiting { continuation.resume(with: outcome) }
    }
}
