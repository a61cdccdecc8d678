import Foundation

/// How a view-model request ended.
public enum RequestOutcome: Equatable, Sendable {
    case updated
    case failed(WeatherError)
    /// Cancelled, or overtaken by a newer request.
    case cancelled
}

/// Runs one request at a time for a view model: a newer one cancels the older, and only the newest may publish.
@MainActor
final class RequestRunner {
    var onError: ((WeatherError) -> Void)?
    var onLoadingChanged: ((Bool) -> Void)?
    private var running: Task<Void, Never>?
    private var generation = 0

    /// Fetches, then applies the result only if no newer request has started meanwhile.
    func run<Value: Sendable>(
        _ fetch: @escaping @MainActor () async throws -> Value, apply: @escaping @MainActor (Value) -> Void
    ) async -> RequestOutcome {
        running?.cancel()
        generation += 1
        let mine = generation
        onLoadingChanged?(true)
        var outcome = RequestOutcome.cancelled
        let task = Task { @MainActor in
            do {
                let value = try await fetch()
                guard !Task.isCancelled, mine == self.generation else { return }
                apply(value)
                outcome = .updated
            } catch let error as WeatherError {
                guard !Task.isCancelled, mine == self.generation else { return }
                outcome = .failed(error)
            } catch {
                outcome = .cancelled
            }
        }
        running = task
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if mine == generation {
            running = nil
            onLoadingChanged?(false)
            if case .failed(let error) = outcome { onError?(error) }
        }
        return outcome
    }

    /// Cancels the request in flight, if any.
    func cancel() {
        running?.cancel()
    }
}
