import FoundationEssentials

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
    /// The generation of the request running in the background, until it is handed back or cancelled.
    private var background: Int?
    /// True from a request's start until the newest one ends (what `onLoadingChanged` last said).
    private var loading = false

    /// Fetches, then applies the result only if no newer request has started meanwhile. Loading ends (false) before
    /// the result or the error is published, so a view can clear its progress line first.
    func run<Value: Sendable>(
        _ fetch: @escaping @MainActor () async throws -> Value, apply: @escaping @MainActor (Value) -> Void
    ) async -> RequestOutcome {
        running?.cancel()
        generation += 1
        let mine = generation
        setLoading(true)
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
        setLoading(false)
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

    /// Fetches off the main actor and returns at once: the prompt goes on reading lines meanwhile. `handoff` brings
    /// the outcome back to `apply`, unless a newer request started or this one was cancelled meanwhile. No loading
    /// state is published (there is nothing to wait for), and a cancelled fetch applies nothing.
    func runInBackground<Value: Sendable>(
        _ fetch: @escaping @Sendable () async throws -> Value, handoff: MainActorHandoff,
        apply: @escaping @MainActor @Sendable (Result<Value, WeatherError>) -> Void
    ) {
        supersede()
        let mine = generation
        background = mine
        running = Task.detached { [weak self] in
            let result: Result<Value, any Error>
            do {
                result = .success(try await fetch())
            } catch {
                result = .failure(error)
            }
            handoff {
                guard let self, self.background == mine, self.generation == mine else { return }
                self.background = nil
                self.running = nil
                switch result {
                case .success(let value): apply(.success(value))
                case .failure(let error as WeatherError): apply(.failure(error))
                case .failure: break
                }
            }
        }
    }

    /// Cancels the request in flight and keeps anything older from publishing, with no request of its own: what a
    /// view shown from the cache does first.
    func supersede() {
        running?.cancel()
        running = nil
        background = nil
        generation += 1
        setLoading(false)  // an overtaken request leaves loading to the newest
    }

    private func setLoading(_ on: Bool) {
        guard on != loading else { return }
        loading = on
        onLoadingChanged?(on)
    }

    /// Cancels the request in flight, if any; one in the background publishes nothing after.
    func cancel() {
        running?.cancel()
        background = nil
    }
}
