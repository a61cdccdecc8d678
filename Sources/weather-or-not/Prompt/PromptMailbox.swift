import WeatherCore
#if canImport(Glibc)
import Glibc
#endif

/// Work for the main actor handed over from other threads (a refresh's outcome), run promptly even while the line
/// editor holds the main thread: each handoff also writes a byte to a pipe that the editor watches beside standard
/// input, and the editor runs the work between keystrokes. While a command runs instead, a main-actor task runs it;
/// whichever comes first finds the work, the other nothing.
final class PromptMailbox: Sendable {
    /// The pipe's read end, for the line editor to watch (non-blocking).
    let wakeDescriptor: Int32
    private let signalDescriptor: Int32
    private let queue: HandoffQueue

    /// Nil when no pipe can be made.
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        wakeDescriptor = ends[0]
        signalDescriptor = ends[1]
        let signal = ends[1]
        queue = HandoffQueue { queue in
            var byte: UInt8 = 1
            _ = write(signal, &byte, 1)  // a full pipe is readable already
            Task { @MainActor in queue.run() }
        }
    }

    deinit {
        close(wakeDescriptor)
        close(signalDescriptor)
    }

    /// How the app model hands work back.
    var handoff: MainActorHandoff { queue.handoff }

    /// Runs what was handed over, in order.
    @MainActor
    func run() { queue.run() }
}
