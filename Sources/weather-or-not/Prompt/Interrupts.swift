import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C, caught: a flag the prompt and the request watcher read, so SIGINT never ends the program.
enum Interrupts {
    static let pending = Atomic<Bool>(false)

    /// Installs the SIGINT handler without SA_RESTART, so a blocked read (libedit's included) returns at once.
    static func install() {
        pending.store(false, ordering: .relaxed)  // initialise the global before the handler can touch it
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interrupts.pending.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    /// True once per Ctrl-C.
    static func take() -> Bool {
        pending.exchange(false, ordering: .relaxed)
    }
}
