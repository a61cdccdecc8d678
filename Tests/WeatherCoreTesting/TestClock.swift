import Foundation
import Synchronization

/// A clock tests can move.
public final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_699_918_500))
    public init() {}
    public var now: Date { time.withLock { $0 } }
    public func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    public var function: @Sendable () -> Date { { self.now } }
}
