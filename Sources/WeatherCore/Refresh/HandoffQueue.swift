import Synchronization

/// Work handed to the main actor from any thread, kept until `run()`: the prompt runs it when its line editor wakes.
package final class HandoffQueue: Sendable {
    private let posted = Mutex<[@MainActor @Sendable () -> Void]>([])
    private let onPost: @Sendable (HandoffQueue) -> Void

    /// `onPost` is called with the queue after each handoff, on the thread that made it: how the owner learns there
    /// is work.
    package init(onPost: @escaping @Sendable (HandoffQueue) -> Void = { _ in }) {
        self.onPost = onPost
    }

    /// What view models hand their work over through.
    package var handoff: MainActorHandoff {
        MainActorHandoff { [self] work in
            posted.withLock { $0.append(work) }
            onPost(self)
        }
    }

    /// How much work waits.
    package var count: Int { posted.withLock { $0.count } }

    /// Runs what waits, in the order it was handed over.
    @MainActor
    package func run() {
        let work = posted.withLock { posted in
            defer { posted.removeAll() }
            return posted
        }
        for item in work { item() }
    }
}
