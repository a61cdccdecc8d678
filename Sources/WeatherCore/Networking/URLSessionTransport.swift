import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The data task of one request, so a cancellation that comes before or after it starts still reaches it.
private final class RunningTask: Sendable {
    private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        // Cancelled before it started: resumed first, so its completion handler runs and answers the continuation.
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}

/// The live transport: URLSession, no URL cache, errors mapped to `WeatherError` without the URL.
public final class URLSessionTransport: HTTPTransport {
    /// Made on the first request (about 1.5 ms), so runs the cache answers never pay for it.
    private let lazySession = Mutex<URLSession?>(nil)

    public init() {}

    private var session: URLSession {
        lazySession.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.httpAdditionalHeaders = ["User-Agent": "weather-or-not"]
            let made = URLSession(configuration: configuration)
            session = made
            return made
        }
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let host = url.host ?? "the server"
        let (data, response) = try await fetch(request, host: host, timeout: timeout)
        try Task.checkCancellation()
        guard let http = response as? HTTPURLResponse else { throw WeatherError.badResponse("not an HTTP answer") }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        if let declared = headers["content-length"].flatMap(Int.init), declared > data.count {
            throw WeatherError.badResponse(WeatherError.truncatedDetail)
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// A data task bridged to async. Cancellation is sent to the task asynchronously: on Linux, URLSessionTask.cancel()
    /// waits on the session's queue, which deadlocks if called inside the cancellation handler while the answer is
    /// being delivered (seen with URLSession's own async `data(for:)`).
    private func fetch(_ request: URLRequest, host: String, timeout: Double) async throws -> (Data, URLResponse) {
        let running = RunningTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error = error as? URLError {
                        continuation.resume(throwing: Self.map(error, host: host, timeout: timeout))
                    } else if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: WeatherError.badResponse("not an HTTP answer"))
                    }
                }
                running.start(task)
            }
        } onCancel: {
            DispatchQueue.global().async { running.cancel() }
        }
    }

    static func map(_ error: URLError, host: String, timeout: Double) -> any Error {
        switch error.code {
        case .cancelled: CancellationError()
        case .timedOut: WeatherError.timedOut(seconds: timeout)
        // curl's "partial file" and a reset mid-answer arrive as .unknown on Linux.
        case .networkConnectionLost, .unknown: WeatherError.badResponse(WeatherError.truncatedDetail)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
            .zeroByteResource:
            WeatherError.badResponse("the server's answer was malformed")
        default: WeatherError.cannotConnect(host: host)
        }
    }
}
