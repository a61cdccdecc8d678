import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport: URLSession, no URL cache, errors mapped to `WeatherError` without the URL.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["User-Agent": "weather-or-not"]
        session = URLSession(configuration: configuration)
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let host = url.host ?? "the server"
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            throw Self.map(error, host: host, timeout: timeout)
        }
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
