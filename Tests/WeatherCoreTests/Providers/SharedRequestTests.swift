import Synchronization
import WeatherCoreTesting
import Testing
@testable import WeatherCore

struct SharedRequestTests {
    /// Work that runs until `open()` or until it is cancelled, and says which happened.
    final class Work: Sendable {
        private let release: AsyncStream<Void>.Continuation
        private let released: AsyncStream<Void>
        private let ending: AsyncStream<String>.Continuation
        /// "answered" or "cancelled", once the work ends.
        let ended: AsyncStream<String>
        private let runs = Atomic(0)

        init() {
            (released, release) = AsyncStream.makeStream()
            (ended, ending) = AsyncStream.makeStream()
        }

        var operation: @Sendable () async throws -> Int {
            { [self] in
                runs.add(1, ordering: .relaxed)
                for await _ in released { break }
                guard !Task.isCancelled else {
                    ending.yield("cancelled")
                    throw CancellationError()
                }
                ending.yield("answered")
                return 42
            }
        }

        var started: Int { runs.load(ordering: .relaxed) }

        func open() { release.yield() }

        func end() async -> String? {
            for await event in ended { return event }
            return nil
        }
    }

    @Test func aCancelledWaiterLeavesAtOnceAndTheOthersGetTheAnswer() async throws {
        let work = Work()
        let first = SharedRequest.start(work.operation)
        let second = try #require(first.request.join())
        let a = Task { try await first.value() }
        let b = Task { try await second.value() }
        a.cancel()
        // The work has not been let go: the cancelled waiter did not wait for it.
        await #expect(throws: CancellationError.self) { try await a.value }
        #expect(first.request.waiterCount == 1)
        #expect(!first.request.isSettled)
        work.open()
        #expect(try await b.value == 42)
        #expect(await work.end() == "answered")
        #expect(work.started == 1)
        #expect(first.request.isSettled)
    }

    @Test func theWorkIsCancelledWhenEveryWaiterHasGivenUp() async throws {
        let work = Work()
        let first = SharedRequest.start(work.operation)
        let second = try #require(first.request.join())
        let a = Task { try await first.value() }
        let b = Task { try await second.value() }
        a.cancel()
        await #expect(throws: CancellationError.self) { try await a.value }
        b.cancel()
        await #expect(throws: CancellationError.self) { try await b.value }
        #expect(await work.end() == "cancelled")
        #expect(first.request.isSettled)
        #expect(first.request.join() == nil)  // too late: a newcomer starts a request of its own
    }

    @Test func aWaiterCancelledBeforeItWaitsNeverSuspends() async throws {
        let work = Work()
        let first = SharedRequest.start(work.operation)
        let second = try #require(first.request.join())
        let b = Task { try await second.value() }
        let a = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await first.value()
        }
        await #expect(throws: CancellationError.self) { try await a.value }
        #expect(await until { first.request.waiterCount == 1 })
        work.open()
        #expect(try await b.value == 42)
    }

    @Test func aLateWaiterGetsTheAnswerAlreadyIn() async throws {
        let work = Work()
        let first = SharedRequest.start(work.operation)
        work.open()
        #expect(try await first.value() == 42)
        let late = try #require(first.request.join())
        #expect(try await late.value() == 42)
        #expect(work.started == 1)
    }

    @Test func aFailureReachesEveryWaiter() async throws {
        let first = SharedRequest<Int>.start { throw WeatherError.serverError(status: 503) }
        let second = try #require(first.request.join())
        await #expect(throws: WeatherError.serverError(status: 503)) { try await first.value() }
        await #expect(throws: WeatherError.serverError(status: 503)) { try await second.value() }
    }
}
