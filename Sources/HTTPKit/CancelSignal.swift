import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Lets a request's cancellation reach the thread doing its I/O: `cancel()` shuts the watched socket down,
/// which ends any wait on it at once.
final class CancelSignal: Sendable {
    private let state = Mutex<(socket: Int32, cancelled: Bool)>((-1, false))

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if state.socket >= 0 { shutdown(state.socket, Int32(SHUT_RDWR)) }
        }
    }

    /// Watches `socket` until `release()`; false, watching nothing, when the request is already cancelled.
    func watch(_ socket: Int32) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.socket = socket
            return true
        }
    }

    /// Stops watching; called before the socket is closed or pooled, so a late cancel never reaches another request.
    func release() {
        state.withLock { $0.socket = -1 }
    }
}
