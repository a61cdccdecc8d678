import FoundationEssentials

/// How the outcome of work done in the background reaches the main actor.
///
/// The interactive prompt holds the main thread while libedit waits for a keystroke, so a task waiting for the
/// main actor would wait for the person to press Enter. The prompt's handoff (a `HandoffQueue`) wakes the line
/// editor instead, which runs the work between keystrokes.
package struct MainActorHandoff: Sendable {
    private let post: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void

    /// `post` runs the work it is given on the main actor, once, from whatever thread calls it.
    package init(_ post: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void) {
        self.post = post
    }

    /// Hands `work` to the main actor.
    package func callAsFunction(_ work: @escaping @MainActor @Sendable () -> Void) {
        post(work)
    }
}
