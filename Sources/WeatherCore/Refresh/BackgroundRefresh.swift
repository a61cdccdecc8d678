import FoundationEssentials

/// Stale-while-revalidate at the interactive prompt, in one place: a place's cached copy is shown at once (marked with
/// its age when it is not fresh), refreshed in the background, and the outcome reported: the newer weather shown, or
/// why there is none.
///
/// The prompt gives it the one thing it cannot know: how work finished in the background wakes the main thread while
/// the line editor holds it (a `MainActorHandoff`, its mailbox's). Piped and one-shot runs have none: every view
/// waits for its answer.
@MainActor
package struct BackgroundRefresh: Sendable {
    /// How work done in the background reaches the main actor while the prompt waits (names that come after a view,
    /// the warnings that land after it: `WarningsBeside`).
    package let handoff: MainActorHandoff

    package init(wakingThrough handoff: MainActorHandoff) {
        self.handoff = handoff
    }

    /// Shows `place`'s cached copy through `model` with no request, and refreshes it in the background when it is not
    /// fresh. False, with nothing shown, when no copy is cached.
    func showCopy(
        of place: Place, in model: CurrentWeatherViewModel, report: @escaping @MainActor @Sendable (AppEvent) -> Void
    ) async -> Bool {
        guard let copy = await model.showCopy(of: place) else { return false }
        if copy == .stale { refresh(place, in: model, report: report) }
        return true
    }

    /// Fetches `place`'s report off the main actor and returns at once: the answer is shown through `model` unless a
    /// newer request started meanwhile. When it brings nothing newer, `report` gets why: an ordinary failure when no
    /// copy of the place is shown, else the reason with the age of the copy that stays.
    func refresh(_ place: Place, in model: CurrentWeatherViewModel, report: @escaping @MainActor @Sendable (AppEvent) -> Void) {
        let service = model.service
        let now = model.now
        model.runner.runInBackground({ try await service.report(for: place) }, handoff: handoff) { result in
            guard let failure = model.takeRefresh(result, of: place) else { return }
            guard let copyFetchedAt = failure.copyFetchedAt else { return report(.failed(failure.reason)) }
            let age = max(0, Int(saturating: now().timeIntervalSince(copyFetchedAt)))
            report(.refreshFailed(place, reason: failure.reason, copyAge: age))
        }
    }
}
