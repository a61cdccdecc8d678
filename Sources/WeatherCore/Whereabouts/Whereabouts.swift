import FoundationEssentials
import Synchronization

/// How the app finds where the person is when they have not said: the machine's time zone (no network), and an
/// IP geolocation service asked only when they ask.
package struct Whereabouts: Sendable {
    /// The machine's zone, as `TZ` or the localtime link names it (`LocalZone`); nil when neither names one.
    package var zone: String?
    /// The IP geolocation service `:locate` and `--locate` ask; nil where there is none.
    package var locator: (any PlaceLocating)?
    /// The guess from `zone`, made on first use (it reads the gazetteer).
    private let guessed: @Sendable (String?) -> PlaceGuess?
    /// The `:locate` request in flight, for Ctrl-C to cancel.
    private let inFlight = InFlight()

    /// `guess` makes the guess from a zone (tests hand in their own).
    package init(
        zone: String? = nil, locator: (any PlaceLocating)? = nil,
        guess: @escaping @Sendable (String?) -> PlaceGuess? = { PlaceGuess.guess(zone: $0) }
    ) {
        self.zone = zone
        self.locator = locator
        guessed = guess
    }

    /// The place guessed from the time zone; nil when the zone names no place, or there is none.
    package func guess() -> PlaceGuess? { guessed(zone) }

    /// The place `locator` gives, asked in a task `cancel()` can stop; throws its `WeatherError`, or
    /// `CancellationError` when cancelled.
    func locate(with locator: any PlaceLocating) async throws -> Place {
        let task = Task { try await locator.locate() }
        inFlight.task.withLock { $0 = task }
        defer { inFlight.task.withLock { $0 = nil } }
        return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
    }

    /// Cancels a `:locate` in flight (Ctrl-C).
    package func cancel() {
        inFlight.task.withLock { $0?.cancel() }
    }

    /// The one request that may be in flight.
    private final class InFlight: Sendable {
        let task = Mutex<Task<Place, any Error>?>(nil)
    }
}
