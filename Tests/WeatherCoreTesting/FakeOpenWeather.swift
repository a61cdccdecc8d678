import Foundation

/// Routes OpenWeather's four endpoints to fixture files, as the real server would answer them.
///
/// Direct geocoding serves `geo_<first word of q, lowercased, accents removed>.json` (or `[]`); reverse serves Testford;
/// weather serves Daytown's clear afternoon at 20, 20 and Testford's rainy night elsewhere; the forecast is Testford's. A request without `appid` gets the 401 body.
public enum FakeOpenWeather {
    public static func route(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        guard let key = request.value("appid"), !key.isEmpty else {
            return .json(Fixtures.data("error_401.json"), status: 401)
        }
        switch request.path {
        case "/geo/1.0/direct":
            let q = (request.value("q") ?? "").split(separator: ",").first.map(String.init) ?? ""
            let slug = q.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .split(separator: " ").first.map(String.init) ?? ""
            let name = "geo_\(slug).json"
            let exists = FileManager.default.fileExists(atPath: Fixtures.folder.appendingPathComponent(name).path)
            return .json(Fixtures.data(exists && slug.allSatisfy(\.isLetter) ? name : "geo_empty.json"))
        case "/geo/1.0/reverse":
            return .json(Fixtures.data("geo_testford.json"))
        case "/data/2.5/weather":
            // Daytown (20, 20) is a clear afternoon; everywhere else is Testford's rainy night.
            return .json(Fixtures.data(request.value("lat") == "20.0000" ? "current_daytown.json" : "current_testford.json"))
        case "/data/2.5/forecast":
            return .json(Fixtures.data("forecast_testford.json"))
        default:
            return .json(Fixtures.data("error_404.json"), status: 404)
        }
    }

    /// A server answering with `route`.
    public static func start() throws -> LoopbackServer {
        try LoopbackServer(handler: route)
    }
}

/// A folder under the system's temporary directory, removed by `remove()`.
public struct TemporaryFolder: Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("won-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public func path(_ name: String) -> URL { url.appendingPathComponent(name) }

    public func remove() { try? FileManager.default.removeItem(at: url) }
}

extension LoopbackServer.Request {
    /// True for the request OpenWeather's reports send to Open-Meteo for the UV index alone (OpenWeather's free plan
    /// has none), not for Open-Meteo's own forecast.
    public var asksForUVIndexAlone: Bool {
        path == "/v1/forecast" && value("current") == "uv_index" && value("hourly") == "uv_index"
    }
}
