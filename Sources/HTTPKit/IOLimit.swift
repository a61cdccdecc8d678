import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The bounds of one request's I/O: a deadline, the timeout to name when it passes, and its cancellation.
struct IOLimit {
    let deadline: ContinuousClock.Instant
    let timeout: Double
    let signal: CancelSignal

    /// Waits until `socket` is ready for `events`, the deadline (`HTTPError.timedOut`) or a cancel.
    func wait(_ socket: Int32, for events: Int16, until end: ContinuousClock.Instant? = nil) throws {
        let end = end ?? deadline
        while true {
            if signal.isCancelled { throw CancellationError() }
            let left = end - .now
            guard left > .zero else { throw HTTPError.timedOut(seconds: timeout) }
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(clamping: milliseconds))
            if ready > 0 {
                if signal.isCancelled { throw CancellationError() }
                return
            }
            if ready < 0, errno != EINTR { throw HTTPError.truncated }
        }
    }

    /// A connection that failed mid-exchange: a cancel when it was one, else a broken-off answer.
    var brokenOff: any Error {
        signal.isCancelled ? CancellationError() : HTTPError.truncated
    }
}
