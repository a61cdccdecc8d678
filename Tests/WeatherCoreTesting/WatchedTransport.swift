import Foundation
import HTTPKit
import Synchronization
import WeatherCore

/// The socket transport, noting how each request ended ("/data/2.5/weather cancelled").
package final class WatchedTransport: HTTPTransport {
    private let inner = SocketTransport()
    private let log = Mutex<[String]>([])

    package init() {}

    /// How each request that has ended so far ended.
    package var endings: [String] { log.withLock { $0 } }

    package func get(_ url: URL, headers: [String: String], timeout: Double, maximumBytes: Int) async throws -> HTTPResponse {
        do {
            let response = try await inner.get(url, headers: headers, timeout: timeout, maximumBytes: maximumBytes)
            log.withLock { $0.append(url.path + " answered") }
            return response
        } catch is CancellationError {
            log.withLock { $0.append(url.path + " cancelled") }
            throw CancellationError()
        } catch {
            log.withLock { $0.append(url.path + " failed") }
            throw error
        }
    }
}
