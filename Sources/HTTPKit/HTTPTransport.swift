import FoundationEssentials

/// A status, headers and body, as received.
package struct HTTPResponse: Sendable {
    /// The largest body taken unless a request says otherwise, as sent and as inflated (1 MiB).
    package static let defaultMaximumBytes = 1024 * 1024

    package var status: Int
    /// Header names in lower case.
    package var headers: [String: String]
    package var body: Data

    package init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends a GET and returns the response; how the client reaches a server, or the sample data.
package protocol HTTPTransport: Sendable {
    /// Fetches `url` with extra request `headers` (a `User-Agent` here replaces the default one), failing with an
    /// `HTTPError` (never with a text holding the URL), or `CancellationError` when the task is cancelled. A body
    /// over `maximumBytes` (as sent, or as inflated) is refused without being read further.
    func get(_ url: URL, headers: [String: String], timeout: Double, maximumBytes: Int) async throws -> HTTPResponse

    /// Gets connections ready for requests about to go to `urls` together (one each), and for background requests
    /// (`RequestPriority`) to `beside`, without waiting for them: a request made meanwhile uses one instead of opening
    /// its own. Transports without connections do nothing.
    func preconnect(_ urls: [URL], beside: [URL], timeout: Double)
}

extension HTTPTransport {
    package func preconnect(_ urls: [URL], beside: [URL], timeout: Double) {}

    package func preconnect(_ urls: [URL], timeout: Double) {
        preconnect(urls, beside: [], timeout: timeout)
    }

    package func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        try await get(url, headers: [:], timeout: timeout)
    }

    package func get(_ url: URL, headers: [String: String], timeout: Double) async throws -> HTTPResponse {
        try await get(url, headers: headers, timeout: timeout, maximumBytes: HTTPResponse.defaultMaximumBytes)
    }
}
