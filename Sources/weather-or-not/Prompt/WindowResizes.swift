import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// SIGWINCH, caught: each resize of the terminal writes a byte to a pipe the line editor's read function watches,
/// so a line being typed is drawn again at the new width at once. (libedit without `EL_SIGNAL` never notices a
/// resize; with it, it learns the width but draws nothing.)
enum WindowResizes {
    /// The pipe's write end, for the handler: an atomic, set before the handler is installed (a lazily made global
    /// must not be first touched in a signal handler).
    private static let writeEnd = Atomic<Int32>(-1)

    /// Installs the handler; returns the pipe's read end to watch, or nil when no pipe could be made (resizes are
    /// then not caught at all, as before).
    static func install() -> Int32? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        writeEnd.store(ends[1], ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let saved = errno
            var byte: UInt8 = 1
            _ = write(WindowResizes.writeEnd.load(ordering: .relaxed), &byte, 1)  // a full pipe already says so
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        // Restarted where the system can (reads and writes elsewhere); poll is never restarted, and the read
        // function takes its EINTR for what it is.
        action.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &action, nil)
        return ends[0]
    }

    /// True when the terminal was resized since the last call; empties the pipe.
    static func take(_ descriptor: Int32) -> Bool {
        var sink = [UInt8](repeating: 0, count: 64)
        var resized = false
        while read(descriptor, &sink, sink.count) > 0 { resized = true }
        return resized
    }
}
