import Foundation

/// How a view-model request ended.
package enum RequestOutcome: Equatable, Sendable {
    case updated
    case failed(WeatherError)
    /// Cancelled, or overtaken by a newer request.
    case cancelled
}

/// Anything `RequestRunner` can cancel: its tasks, whatever they return.
protocol Cancellable {
    func cancel()
}

extension Task: Cancellable {}

/// Runs one request at a time for a view model: a newer one cancels the older, and only the newest may publish.
@MainActor
final class RequestRunner {
    var onError: ((WeatherError) -> Void)?
    var onLoadingChanged: ((Bool) -> Void)?
    private var running: (any Cancellable)?
    private var generation = 0

    /// Fetches, then applies the result only if no newer request has started meanwhile. Loading ends (false) before
    /// the result or the error is published, so a view can clear its progress line first.
    func run<Value: Sendable>(
        _ fetch: @escaping @MainActor () async throws -> Value, apply: @escaping @MainActor (Value) -> Void
    ) async -> RequestOutcome {
        running?.cancel()
        generation += 1
        let mine = generation
        onLoadingChanged?(true)
        let task = Task { @MainActor () -> Result<Value, any Error> in
            do {
                return .success(try await fetch())
            } catch {
                return .failure(error)
            }
        }
        running = task
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        // Overtaken by a newer request, or cancelled: publish nothing, and leave loading to the newest one.
        guard mine == generation else { return .cancelled }
        running = nil
        onLoadingChanged?(false)
        if task.isCancelled { return .cancelled }
        switch result {
        case .success(let value):
            apply(value)
            return .updated
        case .failure(let error as WeatherError):
            onError?(error)
            return .failed(error)
        case .failure:
            return .cancelled
        }
    }

    /// Cancels the request in flight, if any.
    func cancel() {
        running?.cancel()
    }
}
