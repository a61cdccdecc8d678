import Foundation
@testable import HTTPKit
import TestSupport
import Testing

/// Proxies from the environment, and requests through a real proxy on 127.0.0.1.
struct ProxyTests {
    typealias Proxy = ProxySettings.Proxy
    static let agent = "httpkit-tests/1"

    @Test func theEnvironmentIsReadAsCurlReadsIt() {
        let settings = ProxySettings(environment: [
            "https_proxy": "http://user:p%40ss@proxy.example:3128/", "http_proxy": "plain.example",
            "no_proxy": "internal.example, .corp.example",
        ])
        let expected = Proxy(host: "proxy.example", port: 3128, authorization: "Basic " + Data("user:p@ss".utf8).base64EncodedString())
        #expect(settings.route(secure: true, host: "api.openweathermap.org") == .proxy(expected))
        #expect(settings.route(secure: false, host: "api.openweathermap.org") == .proxy(Proxy(host: "plain.example", port: 1080)))
        #expect(settings.route(secure: true, host: "internal.example") == .direct)
        #expect(settings.route(secure: true, host: "api.corp.example") == .direct)
        #expect(settings.route(secure: true, host: "notcorp.example") == .proxy(expected))
        #expect(settings.route(secure: true, host: "127.0.0.1") == .direct)
        #expect(settings.route(secure: true, host: "localhost") == .direct)
    }

    @Test func fallbacksAndExclusions() {
        let all = ProxySettings(environment: ["ALL_PROXY": "http://all.example:8080", "HTTP_PROXY": "http://ignored.example"])
        #expect(all.route(secure: true, host: "a.example") == .proxy(Proxy(host: "all.example", port: 8080)))
        #expect(all.route(secure: false, host: "a.example") == .proxy(Proxy(host: "all.example", port: 8080)))
        #expect(ProxySettings(environment: ["https_proxy": "http://p:1", "NO_PROXY": "*"]).route(secure: true, host: "a.example") == .direct)
        #expect(ProxySettings(environment: ["https_proxy": "  "]).route(secure: true, host: "a.example") == .direct)
        #expect(ProxySettings(environment: [:]) == .none)
        #expect(ProxySettings(environment: ["all_proxy": "socks5://p:1080"]).route(secure: true, host: "a.example") == .unusable(variable: "all_proxy"))
    }

    static let tls = Fixtures.folder.appendingPathComponent("tls")
    static let other = LoopbackServer.Identity(
        certificate: tls.appendingPathComponent("other-cert.pem").path, key: tls.appendingPathComponent("other-key.pem").path)

    @Test func httpsGoesThroughATunnelEndToEnd() async throws {
        // The server's certificate is for weather.invalid: only a tunnel that reaches it, with TLS end to end, works.
        let server = try LoopbackServer(identity: Self.other, keepAlive: true) { _ in .json(Fixtures.data("geo_london.json")) }
        defer { server.stop() }
        let proxy = try LoopbackServer { _ in .tunnel(port: server.port) }
        defer { proxy.stop() }
        let transport = SocketTransport(
            userAgent: Self.agent, trust: .certificates(file: Self.other.certificate),
            proxies: ProxySettings(environment: ["https_proxy": "http://me:secret@127.0.0.1:\(proxy.port)"]))
        let url = URL(string: "https://weather.invalid:\(server.port)/geo/1.0/direct?q=London&appid=k")!
        #expect(try await transport.get(url, timeout: 5).body == Fixtures.data("geo_london.json"))
        #expect(try await transport.get(url, timeout: 5).status == 200)  // the tunnel is kept
        let connect = try #require(proxy.requests.first)
        #expect(connect.method == "CONNECT")
        #expect(connect.target == "weather.invalid:\(server.port)")
        #expect(connect.headers["proxy-authorization"] == "Basic " + Data("me:secret".utf8).base64EncodedString())
        #expect(proxy.requests.count == 1)
        #expect(server.requests.map(\.target) == ["/geo/1.0/direct?q=London&appid=k", "/geo/1.0/direct?q=London&appid=k"])
    }

    @Test func plainHTTPNamesTheWholeURLToTheProxy() async throws {
        let proxy = try LoopbackServer { _ in .json("[]") }
        defer { proxy.stop() }
        let transport = SocketTransport(userAgent: Self.agent, proxies: ProxySettings(environment: ["http_proxy": "127.0.0.1:\(proxy.port)"]))
        let response = try await transport.get(URL(string: "http://weather.invalid/data/2.5/weather?lat=1&appid=k")!, timeout: 5)
        #expect(response.body == Data("[]".utf8))
        let request = try #require(proxy.requests.first)
        #expect(request.target == "http://weather.invalid/data/2.5/weather?lat=1&appid=k")
        #expect(request.headers["host"] == "weather.invalid")
    }

    @Test func aRefusingProxyIsNamedWithoutItsPassword() async throws {
        let proxy = try LoopbackServer { _ in .respond(status: 407, body: Data()) }
        defer { proxy.stop() }
        let transport = SocketTransport(
            userAgent: Self.agent, proxies: ProxySettings(environment: ["https_proxy": "http://me:secret@127.0.0.1:\(proxy.port)"]))
        let error = await #expect(throws: HTTPError.self) {
            try await transport.get(URL(string: "https://weather.invalid/x")!, timeout: 5)
        }
        #expect(error == .proxyFailed(proxy: "127.0.0.1:\(proxy.port)", detail: "wants a user name and password (HTTP 407)"))
        #expect(String(describing: error).contains("secret") == false)
    }

    @Test func aProxyAnsweringNonsenseIsAMalformedAnswer() async throws {
        let proxy = try LoopbackServer(greeting: "SSH-2.0-OpenSSH_9.2\r\n\r\n") { _ in .neverRespond }
        defer { proxy.stop() }
        let transport = SocketTransport(userAgent: Self.agent, proxies: ProxySettings(environment: ["https_proxy": proxy.baseURL]))
        await #expect(throws: HTTPError.badResponse(detail: "the server's answer was malformed")) {
            try await transport.get(URL(string: "https://weather.invalid/x")!, timeout: 5)
        }
    }

    @Test func anUnusableProxyIsReportedNotBypassed() async throws {
        let transport = SocketTransport(userAgent: Self.agent, proxies: ProxySettings(environment: ["https_proxy": "socks5://127.0.0.1:1"]))
        await #expect(throws: HTTPError.unusableProxy(variable: "https_proxy")) {
            try await transport.get(URL(string: "https://weather.invalid/x")!, timeout: 5)
        }
    }
}
