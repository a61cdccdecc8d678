import FoundationEssentials
import Synchronization

/// The warnings asked beside the weather: asked when the weather's request for a place leaves, not when its answer
/// lands, so they add no round trip; nothing of the weather ever waits for them. One place at a time: asking for
/// another cancels the one on the wire; asking again for the same place while its warnings are on the wire asks
/// nothing, and the last outcome stays readable (`outcome(for:language:)`) until a newer one lands.
///
/// When they land, `landed` is called on the main actor: through `handoff` when one is set (the prompt, whose line
/// editor holds the main thread), else in a main-actor task.
package final class WarningsBeside: Sendable {
    private struct State {
        var place: Place?
        var language: Language = .english
        var asking: Task<WarningOutcome?, Never>?
        var outcome: WarningOutcome?
        var generation = 0
        var handoff: MainActorHandoff?
    }

    private let service: any WarningProviding
    private let landed: @MainActor @Sendable (Place, WarningOutcome) -> Void
    private let state = Mutex(State())

    package init(service: any WarningProviding, landed: @escaping @MainActor @Sendable (Place, WarningOutcome) -> Void) {
        self.service = service
        self.landed = landed
    }

    /// How a landing reaches the main actor: the prompt's mailbox, or nil for a main-actor task.
    package func handOff(through handoff: MainActorHandoff?) {
        state.withLock { $0.handoff = handoff }
    }

    /// Asks for `place`'s warnings in `language`, unless they are on the wire already.
    package func ask(_ place: Place, language: Language) {
        let service = service
        state.withLock { state in
            let same = state.place.map { $0.isSameLocation(as: place) } ?? false && state.language == language
            if same, state.asking != nil { return }
            if !same {
                state.asking?.cancel()
                state.outcome = nil
            }
            state.generation += 1
            (state.place, state.language) = (place, language)
            let generation = state.generation
            state.asking = Task.detached { [weak self] in
                let outcome = await service.warnings(for: place, language: language)
                guard !Task.isCancelled, let self else { return nil }
                self.land(outcome, generation: generation, place: place)
                return outcome
            }
        }
    }

    private func land(_ outcome: WarningOutcome, generation: Int, place: Place) {
        let handoff: MainActorHandoff?? = state.withLock { state in
            guard state.generation == generation else { return .none }
            state.outcome = outcome
            state.asking = nil
            return .some(state.handoff)
        }
        guard case .some(let handoff) = handoff else { return }
        let landed = landed
        if let handoff {
            handoff { landed(place, outcome) }
        } else {
            Task { @MainActor in landed(place, outcome) }
        }
    }

    /// What the services said for `place` in `language`, once in; nil while they are on the wire or not asked.
    package func outcome(for place: Place, language: Language) -> WarningOutcome? {
        state.withLock { state in
            guard let asked = state.place, asked.isSameLocation(as: place), state.language == language else { return nil }
            return state.outcome
        }
    }

    /// True while `place`'s warnings are on the wire.
    package func isAsking(for place: Place) -> Bool {
        state.withLock { state in
            state.asking != nil && state.place.map { $0.isSameLocation(as: place) } == true
        }
    }

    /// Waits for the warnings on the wire, if any, and returns them with their place (those that landed last when
    /// none are on the wire); nil when none were asked, or they were cancelled.
    package func landing() async -> (Place, WarningOutcome)? {
        let (task, place, outcome) = state.withLock { ($0.asking, $0.place, $0.outcome) }
        guard let place else { return nil }
        guard let task else { return outcome.map { (place, $0) } }
        return await task.value.map { (place, $0) }
    }

    /// Stops asking: what is on the wire is cancelled, and nothing lands.
    package func cancel() {
        state.withLock { state in
            state.asking?.cancel()
            state.asking = nil
            state.generation += 1
        }
    }
}
