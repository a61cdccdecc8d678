import Foundation

/// A status, headers and body, as received.
package struct HTTPResponse: Sendable {
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
    /// Fetches `url` with extra request `headers` (a `User-Agent` here replaces the default one), failing with
    /// `WeatherError.timedOut` or `.cannotConnect` (never with a text holding the URL), or `CancellationError`
    /// when the task is cancelled.
    func get(_ url: URL, headers: [String: String], timeout: Double) async throws -> HTTPResponse
}

extension HTTPTransport {
    package func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        try await get(url, headers: [:], timeout: timeout)
    }
}

/// The program as servers see it.
package enum Project {
    package static let version = "0.1.0"
    /// Sent with every request: MET Norway's terms ask each client to name itself.
    package static let userAgent = "weather-or-not/\(version)"
}
