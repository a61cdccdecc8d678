import Foundation
import TestSupport
@testable import WeatherCore

/// Routes Open-Meteo's endpoints to the fixtures in `Tests/Fixtures/openmeteo`, as the real servers would answer.
///
/// A search for "London" (in any case) finds `geocoding_london.json` (whatever the country asked for: the filtering is the
/// client's); any other name finds nothing. The forecast is Kolkata's at 22.5726, Kathmandu's at 27.7017, and
/// Testford's elsewhere. A request carrying a key is refused: Open-Meteo must never be sent one.
enum FakeOpenMeteo {
    static func fixture(_ name: String) -> Data { Fixtures.data("openmeteo/\(name)") }

    static func route(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        if request.query.contains(where: { ["appid", "apikey", "key"].contains($0.0.lowercased()) }) {
            return .json("{\"error\":true,\"reason\":\"No key was expected\"}", status: 401)
        }
        switch request.path {
        case "/v1/search":
            return .json(fixture(request.value("name")?.lowercased() == "london" ? "geocoding_london.json" : "geocoding_empty.json"))
        case "/v1/forecast":
            switch request.value("latitude") {
            case "22.5726": return .json(fixture("forecast_kolkata.json"))
            case "27.7017": return .json(fixture("forecast_kathmandu.json"))
            default: return .json(fixture("forecast_testford.json"))
            }
        default:
            return .json("{\"error\":true,\"reason\":\"Not found\"}", status: 404)
        }
    }

    static func start() throws -> LoopbackServer {
        try LoopbackServer(handler: route)
    }

    static func client(_ server: LoopbackServer, timeout: Double = 5, backoff: [Double] = [0.05]) -> OpenMeteoClient {
        OpenMeteoClient(
            configuration: OpenMeteoConfiguration(baseURL: server.baseURL, timeout: timeout), transport: SocketTransport(),
            backoff: backoff)
    }

    static func service(
        _ server: LoopbackServer, cache: ResponseCache = ResponseCache(directory: nil), clock: TestClock = TestClock()
    ) -> OpenMeteoService {
        OpenMeteoService(client: client(server), cache: cache, now: clock.function)
    }

    static let testford = Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12)
    static let kolkata = Place(name: "Kolkata", state: "West Bengal", country: "IN", latitude: 22.5726, longitude: 88.3639)
    static let kathmandu = Place(name: "Kathmandu", state: "Bagmati", country: "NP", latitude: 27.7017, longitude: 85.3206)
}
