import Foundation
import Synchronization

// Values that tests and the servers' handlers (on their own threads) share: a counter, a flag.

/// A thread-safe counter for handlers.
public final class Counter: Sendable {
    private let value = Mutex(0)
    public init() {}
    public func next() -> Int { value.withLock { v in defer { v += 1 }; return v } }
}

/// A flag a test flips while the server's handler, on another thread, reads it.
public final class LockedFlag: Sendable {
    private let state: Mutex<Bool>
    public init(_ value: Bool) { state = Mutex(value) }
    public var value: Bool {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

/// Requests in flight on a server, counted by its handler (on the servers' threads): the most there ever were at once.
public final class InFlightCounter: Sendable {
    private let state = Mutex((now: 0, peak: 0))
    public init() {}
    public func enter() { state.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) } }
    public func leave() { state.withLock { $0.now -= 1 } }
    public var peak: Int { state.withLock { $0.peak } }
}
