import Foundation
@testable import HTTPKit
import WeatherCoreTesting
import Testing

/// Hosts and ports checked before any lookup or connection: a percent-encoded NUL or line break in a URL's host
/// (from OPENWEATHER_BASE_URL or a proxy variable) never reaches a socket, a Host header or a CONNECT line.
struct HostValidationTests {
    static let agent = "httpkit-tests/1"

    @Test func aNULInTheHostNeverConnects() async throws {
        // Before: "127.0.0.1\0.example" reached 127.0.0.1 (C strings end at the NUL) with a forged Host header.
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        await #expect(throws: HTTPError.invalidURL) {
            try await SocketTransport(userAgent: Self.agent).get(URL(string: "http://127.0.0.1%00.example:\(server.port)/x")!, timeout: 2)
        }
        #expect(server.connectionsAccepted == 0)
    }

    @Test func aLineBreakInTheHostNeverReachesTheConnectLine() async throws {
        let proxy = try LoopbackServer { _ in .respond(status: 502, body: Data()) }
        defer { proxy.stop() }
        let transport = SocketTransport(userAgent: Self.agent, proxies: ProxySettings(environment: ["https_proxy": proxy.baseURL]))
        await #expect(throws: HTTPError.invalidURL) {
            try await transport.get(URL(string: "https://weather.invalid%0d%0aX-Injected%3a%20yes%0d%0aY%3a:443/x")!, timeout: 2)
        }
        #expect(proxy.connectionsAccepted == 0)
        #expect(proxy.requests.isEmpty)
    }

    @Test func aLineBreakInAProxysHostIsReportedBeforeAnyConnection() async throws {
        let proxy = try LoopbackServer { _ in .respond(status: 502, body: Data()) }
        defer { proxy.stop() }
        for written in ["http://127.0.0.1%00.example:\(proxy.port)", "127.0.0.1%0d%0aX:\(proxy.port)", "http://127.0.0.1:70000"] {
            let transport = SocketTransport(userAgent: Self.agent, proxies: ProxySettings(environment: ["https_proxy": written]))
            await #expect(throws: HTTPError.invalidProxy(variable: "https_proxy")) {
                try await transport.get(URL(string: "https://weather.invalid/x")!, timeout: 2)
            }
        }
        #expect(proxy.connectionsAccepted == 0)
    }

    @Test(arguments: ["70000", "65536", "0", "99999999999999999999"])
    func aPortOutsideTheRangeIsABadURL(port: String) async throws {
        // Before: "cannot reach 127.0.0.1" (and the 20-digit port was read as no port at all: port 80).
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/x"))
        await #expect(throws: HTTPError.invalidURL) { try await SocketTransport(userAgent: Self.agent).get(url, timeout: 2) }
    }

    @Test func validHostsAndPorts() throws {
        for host in ["api.openweathermap.org", "localhost", "127.0.0.1", "weather.invalid.", "a_b-c.example", "[::1]"] {
            #expect(HTTPTarget.validHost(host) == HTTPTarget.bare(host), "\(host)")
        }
        let long = String(repeating: "a", count: 64)
        for host in ["", "a b", "a\0b", "a\r\nb", "münchen.example", "a..b", ".a", "\(long).example", "[127.0.0.1]", "::1", "[::1%lo]", "a/b"] {
            #expect(HTTPTarget.validHost(host) == nil, "\(host.debugDescription)")
        }
        #expect(HTTPTarget.port(writtenIn: "http://127.0.0.1/x", default: 80) == 80)
        #expect(HTTPTarget.port(writtenIn: "http://127.0.0.1:/x", default: 80) == 80)
        #expect(HTTPTarget.port(writtenIn: "https://u:p@[::1]:8443/x?a=b:c", default: 443) == 8443)
        #expect(HTTPTarget.port(writtenIn: "https://[::1]/x:9", default: 443) == 443)
        #expect(HTTPTarget.port(writtenIn: "http://127.0.0.1:65535", default: 80) == 65535)
        #expect(HTTPTarget.port(writtenIn: "http://127.0.0.1:65536", default: 80) == nil)
        let target = try HTTPTarget(URL(string: "http://[::1]:8080/x")!)
        #expect(target.host == "::1" && target.port == 8080)
    }
}
