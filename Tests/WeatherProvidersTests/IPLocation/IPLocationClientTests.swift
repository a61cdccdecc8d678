import Foundation
import HTTPKit
import Testing
import WeatherCoreTesting
@testable import WeatherCore
@testable import WeatherProviders

/// The IP geolocation client against a loopback server answering as ipinfo.io does: one `GET /json`, read into a
/// place; a base URL it must not use refused before any connection.
struct IPLocationClientTests {
    static func client(_ base: String, timeout: Double = 30) -> IPLocationClient {
        IPLocationClient(
            configuration: IPLocationConfiguration(baseURL: base, timeout: timeout),
            transport: SocketTransport(userAgent: "weather-or-not-tests"), backoff: [])
    }

    @Test func oneRequestForThePlace() async throws {
        let server = try LoopbackServer { _ in .json(Fixtures.data("ipgeo/ipinfo_testford.json")) }
        defer { server.stop() }
        let place = try await Self.client(server.baseURL + "/").locate()
        #expect(place == Place(name: "Porto", state: "Porto", country: "PT", latitude: 41.1496, longitude: -8.611, timeZone: "Europe/Lisbon"))
        #expect(place.displayName == "Porto, PT")
        #expect(server.requests.map(\.target) == ["/json"])
        // Nothing about the person but the request itself: no key, no cookie, no query.
        let headers = try #require(server.requests.first?.headers).keys.map { $0.lowercased() }
        #expect(!headers.contains("cookie") && !headers.contains("authorization"))
    }

    @Test func answersWithoutALocation() async throws {
        for body in [Fixtures.data("ipgeo/ipinfo_bogon.json"), Data(#"{"loc": "91,0"}"#.utf8), Data(#"{"loc": "north"}"#.utf8)] {
            let server = try LoopbackServer { _ in .json(body) }
            defer { server.stop() }
            await #expect(throws: WeatherError.badResponse(Phrase("detail.noLocation"))) { try await Self.client(server.baseURL).locate() }
        }
        let html = try LoopbackServer { _ in .respond(status: 200, body: Data("<html>".utf8)) }
        defer { html.stop() }
        await #expect(throws: WeatherError.badResponse(Phrase("detail.notJSON"))) { try await Self.client(html.baseURL).locate() }
    }

    @Test func statuses() async throws {
        let server = try LoopbackServer { _ in .json("{}", status: 429) }
        defer { server.stop() }
        await #expect(throws: WeatherError.rateLimited(retryAfter: nil)) { try await Self.client(server.baseURL).locate() }
    }

    /// Plain http only to this machine: where the person is must not cross a network unencrypted. Nothing is
    /// connected to for a base URL refused.
    @Test func baseURLs() async throws {
        let refused: [(String, Phrase)] = [
            ("http://ipinfo.example", IPLocationConfiguration.plainHTTPMessage),
            ("http://10.0.0.1:8080", IPLocationConfiguration.plainHTTPMessage),
            ("ftp://127.0.0.1", IPLocationConfiguration.badBaseURLMessage),
            ("ipinfo.io", IPLocationConfiguration.badBaseURLMessage),
            ("https://127.0.0.1%0d%0aX-Injected%3a%201", IPLocationConfiguration.badBaseURLMessage),
        ]
        for (base, message) in refused {
            await #expect(throws: WeatherError.badConfiguration(message), "\(base)") { try await Self.client(base).locate() }
        }
        #expect(IPLocationConfiguration.isLoopback("127.0.0.1") && IPLocationConfiguration.isLoopback("127.1.2.3"))
        #expect(IPLocationConfiguration.isLoopback("::1") && IPLocationConfiguration.isLoopback("localhost"))
        #expect(!IPLocationConfiguration.isLoopback("127.0.0.1.example") && !IPLocationConfiguration.isLoopback("128.0.0.1"))
        #expect(IPLocationConfiguration.fromEnvironment([:]).baseURL == "https://ipinfo.io")
        #expect(IPLocationConfiguration.fromEnvironment(["IPGEO_BASE_URL": " "]).baseURL == "https://ipinfo.io")
        #expect(IPLocationConfiguration().serviceName == "ipinfo.io")
        #expect(try IPLocationConfiguration().url().absoluteString == "https://ipinfo.io/json")
    }
}
