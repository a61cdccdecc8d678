import FoundationEssentials
import HTTPKit
import WeatherCore

/// Asks an IP geolocation service where this machine is: one `GET /json` (no key, no cookie, nothing about the
/// person but the address the request comes from), only when `:locate` or `--locate` asks. Not cached: the answer
/// becomes a place like any other, which the preferences keep.
package struct IPLocationClient: PlaceLocating {
    package let configuration: IPLocationConfiguration
    private let http: ProviderHTTP

    package init(configuration: IPLocationConfiguration, transport: any HTTPTransport, backoff: [Double] = [0.25, 0.75]) {
        self.configuration = configuration
        http = ProviderHTTP(
            transport: transport, timeout: configuration.timeout, backoff: backoff,
            badBaseURL: IPLocationConfiguration.badBaseURLMessage)
    }

    package var serviceName: String { configuration.serviceName }

    package func locate() async throws -> Place {
        let url = try configuration.url()
        return try await http.get(url, maximumBytes: ProviderHTTP.smallAnswerBytes) { response throws(WeatherError) in
            guard (200..<300).contains(response.status) else { throw response.statusError }
            return try IPLocationAnswer.place(from: response.body)
        }
    }
}
