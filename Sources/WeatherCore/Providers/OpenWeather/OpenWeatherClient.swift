import Foundation

/// Sends one `APIRequest` and maps the status to `WeatherError`, retrying transient failures within the timeout.
package struct OpenWeatherClient: Sendable {
    package let configuration: WeatherConfiguration
    let transport: any HTTPTransport
    /// Pauses before the second and third tries; a try is made only if it still fits in the timeout.
    let backoff: [Double]

    package init(configuration: WeatherConfiguration, transport: any HTTPTransport, backoff: [Double] = [0.25, 0.75]) {
        self.configuration = configuration
        self.transport = transport
        self.backoff = backoff
    }

    /// The body of a successful (2xx) response.
    package func fetch(_ request: APIRequest) async throws -> Data {
        guard let key = configuration.apiKey else { throw WeatherError.missingAPIKey }
        let url = try request.url(configuration: configuration, apiKey: key)
        let deadline = ContinuousClock.now + .seconds(configuration.timeout)
        var attempt = 0
        while true {
            do {
                let response = try await Self.get(url, from: transport, before: deadline, timeout: configuration.timeout)
                return try Self.check(response, request: request)
            } catch let error as WeatherError where error.isTransient && attempt < backoff.count {
                let pause = Duration.seconds(backoff[attempt])
                // Retry only while another try (pause plus a short answer) still fits in the timeout.
                guard deadline - ContinuousClock.now > pause + .milliseconds(250) else {
                    throw error.reportingTimeout(configuration.timeout)
                }
                try await Task.sleep(for: pause)
                attempt += 1
            }
        }
    }

    /// The transport's answer, or `.timedOut` at the deadline (the request is cancelled), whatever the transport's own timer does.
    static func get(
        _ url: URL, from transport: any HTTPTransport, before deadline: ContinuousClock.Instant, timeout: Double
    ) async throws -> HTTPResponse {
        try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask {
                let remaining = deadline - ContinuousClock.now
                let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
                return try await transport.get(url, timeout: max(0.05, seconds))
            }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw WeatherError.timedOut(seconds: timeout)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    static func check(_ response: HTTPResponse, request: APIRequest) throws(WeatherError) -> Data {
        switch response.status {
        case 200..<300:
            return response.body
        case 401:
            throw .invalidAPIKey
        case 404:
            switch request {
            case .direct(let query): throw .placeNotFound(query)
            case .reverse(let lat, let lon), .current(let lat, let lon), .forecast(let lat, let lon):
                throw .placeNotFound(Place.coordinateName(lat, lon))
            }
        case 429:
            throw .rateLimited(retryAfter: response.headers["retry-after"].flatMap { Int($0.trimmingWhitespace) })
        case 400:
            let detail = ResponseDecoding.errorMessage(response.body)?.prefix(120) ?? "bad request"
            throw .invalidInput("OpenWeather could not use that request: \(detail).")
        case 500..<600:
            throw .serverError(status: response.status)
        default:
            throw .unexpectedStatus(response.status)
        }
    }
}

extension WeatherError {
    /// A time-out seen on a retry still reports the whole timeout the person set.
    func reportingTimeout(_ seconds: Double) -> WeatherError {
        if case .timedOut = self { return .timedOut(seconds: seconds) }
        return self
    }
}
