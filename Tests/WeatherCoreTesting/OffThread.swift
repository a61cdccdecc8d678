import Foundation

/// Runs blocking work (waiting for a process, polling a terminal) on a thread of its own, so it never holds one of
/// Swift concurrency's few cooperative threads, which the async tests running alongside need.
public func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

/// The non-throwing form.
public func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}
