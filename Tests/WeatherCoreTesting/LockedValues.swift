import Foundation
import Synchronization

// Values that tests and the servers' handlers (on their own threads) share: a clock, a counter, a flag.

/// A clock tests can move.
public final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_699_918_500))
    public init() {}
    public var now: Date { time.withLock { $0 } }
    public func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    public var function: @Sendable () -> Date { { self.now } }
}

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
