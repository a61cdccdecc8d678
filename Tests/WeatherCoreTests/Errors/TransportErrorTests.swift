import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// The transport's errors as this app words them, and the transport as the app builds it.
struct TransportErrorTests {
    @Test(arguments: [
        (HTTPError.timedOut(seconds: 3), WeatherError.timedOut(seconds: 3)),
        (.cannotConnect(host: "::1"), .cannotConnect(host: "::1")),
        (.secureConnectionFailed(host: "h", detail: "the TLS handshake failed"),
            .secureConnectionFailed(host: "h", detail: "the TLS handshake failed")),
        (.proxyFailed(proxy: "p:1", detail: "wants a user name and password (HTTP 407)"),
            .proxyFailed(proxy: "p:1", detail: "wants a user name and password (HTTP 407)")),
        (.unusableProxy(variable: "https_proxy"), .unusableProxy(variable: "https_proxy")),
        (.invalidProxy(variable: "https_proxy"), .invalidProxy(variable: "https_proxy")),
        (.truncated, .badResponse(WeatherError.truncatedDetail)),
        (.badResponse(.malformed), .badResponse(Phrase("detail.malformed"))),
        (.invalidURL, .badConfiguration(METNorwayConfiguration.badBaseURLMessage)),
    ])
    func eachTransportErrorHasItsWeatherError(_ error: HTTPError, _ expected: WeatherError) {
        #expect(WeatherError(error, badBaseURL: METNorwayConfiguration.badBaseURLMessage) == expected)
    }

    @Test func aBrokenOffAnswerIsWorthAnotherTry() {
        let bad = WeatherConfiguration.badBaseURLMessage
        #expect(WeatherError(.truncated, badBaseURL: bad).isTransient)
        #expect(WeatherError(.timedOut(seconds: 1), badBaseURL: bad).isTransient)
        #expect(!WeatherError(.badResponse(.tooLarge), badBaseURL: bad).isTransient)
    }

    @Test func theAppsTransportNamesTheProgram() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        _ = try await SocketTransport().get(URL(string: server.baseURL + "/x")!, timeout: 30)
        #expect(server.requests.first?.headers["user-agent"] == Project.userAgent)
    }
}
