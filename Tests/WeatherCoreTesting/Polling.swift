import Foundation

/// Polls until `condition` holds, at most 30 s: a test waits for an event this way, never for a guessed delay.
/// False when it never held.
public nonisolated(nonsending) func until(_ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while await !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
