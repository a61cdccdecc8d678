import Foundation
import HTTPKit
import WeatherCoreTesting
@testable import WeatherCore
@testable import WeatherProviders

/// Clients and services against `FakeOpenMeteo` (WeatherCoreTesting), which routes Open-Meteo's endpoints to fixtures.
extension FakeOpenMeteo {
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
