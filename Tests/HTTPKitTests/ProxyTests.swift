import Foundation
@testable import HTTPKit
import WeatherCoreTesting
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
        #expect(settings.route(secure: true, host: "api.openweathermap.org", port: 443) == .proxy(expected))
        #expect(settings.route(secure: false, host: "api.openweathermap.org", port: 443) == .proxy(Proxy(host: "plain.example", port: 1080)))
        #expect(settings.route(secure: true, host: "internal.example", port: 443) == .direct)
        #expect(settings.route(secure: true, host: "api.corp.example", port: 443) == .direct)
        #expect(settings.route(secure: true, host: "notcorp.example", port: 443) == .proxy(expected))
        #expect(settings.route(secure: true, host: "127.0.0.1", port: 443) == .direct)
        #expect(settings.route(secure: true, host: "localhost", port: 443) == .direct)
    }

    @Test func fallbacksAndExclusions() {
        let all = ProxySettings(environment: ["ALL_PROXY": "http://all.example:8080", "HTTP_PROXY": "http://ignored.example"])
        #expect(all.route(secure: true, host: "a.example", port: 443) == .proxy(Proxy(host: "all.example", port: 8080)))
        #expect(all.route(secure: false, host: "a.example", port: 443) == .proxy(Proxy(host: "all.example", port: 8080)))
        #expect(ProxySettings(environment: ["https_proxy": "http://p:1", "NO_PROXY": "*"]).route(secure: true, host: "a.example", port: 443) == .direct)
        #expect(ProxySettings(environment: ["https_proxy": "  "]).route(secure: true, host: "a.example", port: 443) == .direct)
        #expect(ProxySettings(environment: [:]) == .none)
        #expect(ProxySettings(environment: ["all_proxy": "socks5://p:1080"]).route(secure: true, host: "a.example", port: 443) == .unusable(variable: "all_proxy"))
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
        #expect(try await transport.get(url, timeout: 30).body == Fixtures.data("geo_london.json"))
        #expect(try await transport.get(url, timeout: 30).status == 200)  // the tunnel is kept
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
        let response = try await transport.get(URL(string: "http://weather.invalid/data/2.5/weather?lat=1&appid=k")!, timeout: 30)
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
            try await transport.get(URL(string: "https://weather.invalid/x")!, timeout: 30)
        }
        // Credentials were sent: they were refused (before: "wants a user name and password", as if none were).
        #expect(error == .proxyFailed(proxy: "127.0.0.1:\(proxy.port)", detail: "refused the user name and password (HTTP 407)"))
        #expect(String(describing: error).contains("secret") == false)
    }

    /// A proxy that is not running, or that never answers the CONNECT, is named as the proxy (host and port, never
    /// its password), not as the server the request was for.
    @Test func aProxyThatCannotBeReachedOrNeverAnswersIsNamedAsTheProxy() async throws {
        let closed = try ClosedPort()
        for (variable, url) in [("https_proxy", "https://weather.invalid/x"), ("http_proxy", "http://weather.invalid/x")] {
            let transport = SocketTransport(
                userAgent: Self.agent, proxies: ProxySettings(environment: [variable: "http://me:secret@127.0.0.1:\(closed.port)"]))
            await #expect(
                throws: HTTPError.proxyFailed(proxy: "127.0.0.1:\(closed.port)", detail: "cannot be reached: it is not running, or the network is down")
            ) {
                _ = try await transport.get(URL(string: url)!, timeout: 30)
            }
        }
        let silent = try LoopbackServer { _ in .neverRespond }
        defer { silent.stop() }
        let transport = SocketTransport(userAgent: Self.agent, proxies: ProxySettings(environment: ["https_proxy": "127.0.0.1:\(silent.port)"]))
        await #expect(throws: HTTPError.proxyFailed(proxy: "127.0.0.1:\(silent.port)", detail: "did not answer in time")) {
            _ = try await transport.get(URL(string: "https://weather.invalid/x")!, timeout: 1)
        }
    }

    @Test func a407WithoutCredentialsAsksForThem() async throws {
        let proxy = try LoopbackServer { _ in .respond(status: 407, body: Data()) }
        defer { proxy.stop() }
        let transport = SocketTransport(userAgent: Self.agent, proxies: ProxySettings(environment: ["https_proxy": proxy.baseURL]))
        await #expect(throws: HTTPError.proxyFailed(proxy: "127.0.0.1:\(proxy.port)", detail: "wants a user name and password (HTTP 407)")) {
            try await transport.get(URL(string: "https://weather.invalid/x")!, timeout: 30)
        }
    }

    @Test func aPlainRequestsProxyRefusingCredentialsSaysSo() async throws {
        let proxy = try LoopbackServer { _ in .respond(status: 407, body: Data("denied".utf8)) }
        defer { proxy.stop() }
        let transport = SocketTransport(
            userAgent: Self.agent, proxies: ProxySettings(environment: ["http_proxy": "http://me:secret@127.0.0.1:\(proxy.port)"]))
        await #expect(throws: HTTPError.proxyFailed(proxy: "127.0.0.1:\(proxy.port)", detail: "refused the user name and password (HTTP 407)")) {
            try await transport.get(URL(string: "http://weather.invalid/x")!, timeout: 30)
        }
    }

    @Test func anEmptyNoProxyDoesNotHideNO_PROXY() {
        let settings = ProxySettings(environment: ["https_proxy": "http://127.0.0.1:3128", "no_proxy": " ", "NO_PROXY": "weather.invalid"])
        #expect(settings.route(secure: true, host: "weather.invalid", port: 443) == .direct)
        #expect(settings.route(secure: true, host: "other.invalid", port: 443) == .proxy(Proxy(host: "127.0.0.1", port: 3128)))
        // A set no_proxy still comes first.
        let both = ProxySettings(environment: ["https_proxy": "http://127.0.0.1:3128", "no_proxy": "other.invalid", "NO_PROXY": "weather.invalid"])
        #expect(both.route(secure: true, host: "weather.invalid", port: 443) != .direct)
    }

    @Test func noProxyTakesNetworksAndPortsAsCurlDoes() {
        let networks = NoProxy("127.0.0.0/8, ::1/128")
        #expect(networks.contains(host: "127.0.0.1", port: 443))
        #expect(networks.contains(host: "::1", port: 443))
        #expect(!NoProxy("::1/128").contains(host: "127.0.0.1", port: 443))
        #expect(!NoProxy("127.0.0.0/8").contains(host: "::1", port: 443))
        #expect(NoProxy("127.0.0.1").contains(host: "127.0.0.1", port: 80))
        #expect(NoProxy("127.0.0.1/32").contains(host: "127.0.0.1", port: 80))
        #expect(NoProxy("::1/127").contains(host: "::1", port: 80))
        // An address is matched as an address: not by the tail of its text, and a network never matches a name.
        #expect(!NoProxy("0.0.1").contains(host: "127.0.0.1", port: 443))
        #expect(!NoProxy("127.0.0.0/8").contains(host: "127.weather.invalid", port: 443))
        // Nonsense is ignored, not matched.
        #expect(NoProxy("127.0.0.0/33, ::1/129, 127.0.0.1/x, weather.invalid:0, weather.invalid:http").entries.isEmpty)
        // host:port, [IPv6]:port and address:port match that port only.
        let ports = NoProxy("weather.invalid:8443, [::1]:8443, 127.0.0.1:8443")
        #expect(ports.contains(host: "weather.invalid", port: 8443))
        #expect(ports.contains(host: "api.weather.invalid", port: 8443))
        #expect(!ports.contains(host: "weather.invalid", port: 443))
        #expect(ports.contains(host: "::1", port: 8443) && !ports.contains(host: "::1", port: 443))
        #expect(ports.contains(host: "127.0.0.1", port: 8443) && !ports.contains(host: "127.0.0.1", port: 443))
        // Blanks separate as commas do; leading and trailing dots are ignored.
        #expect(NoProxy(".weather.invalid. other.invalid").contains(host: "other.invalid.", port: 443))
        let settings = ProxySettings(environment: ["https_proxy": "http://127.0.0.1:3128", "no_proxy": "weather.invalid:8443"])
        #expect(settings.route(secure: true, host: "weather.invalid", port: 8443) == .direct)
        #expect(settings.route(secure: true, host: "weather.invalid", port: 443) == .proxy(Proxy(host: "127.0.0.1", port: 3128)))
    }

    @Test func onlyLoopbackAddressesAndLocalhostAreLoopback() {
        let settings = ProxySettings(environment: ["https_proxy": "http://127.0.0.1:3128"])
        for host in [
            "127.0.0.1", "::1", "localhost", "LOCALHOST.", "127.1", "127.0.1", "127.255.255.254", "127.9.8.7", "2130706433", "0x7f.1",
            "::ffff:127.0.0.1", "::FFFF:7f00:1", "::ffff:127.1.2.3",
        ] {
            #expect(settings.route(secure: true, host: host, port: 443) == .direct, "\(host)")
        }
        for host in ["127.example.com", "127.0.0.1.example", "localhost.example", "128.0.0.1", "126.255.255.255", "::2", "::ffff:128.0.0.1", "0x80.1"] {
            #expect(settings.route(secure: true, host: host, port: 443) == .proxy(Proxy(host: "127.0.0.1", port: 3128)), "\(host)")
        }
        let plain = ProxySettings(environment: ["http_proxy": "http://127.0.0.1:3128"])
        for host in ["127.1", "::ffff:127.0.0.1", "127.3.2.1"] {
            #expect(plain.route(secure: false, host: host, port: 80) == .direct, "\(host)")
        }
    }

    /// However an address is written, in `no_proxy` or in the URL, the same host matches.
    @Test func noProxyMatchesAnAddressHoweverItIsWritten() {
        #expect(NoProxy("127.0.0.0/8").contains(host: "::ffff:127.0.0.1", port: 443))
        #expect(NoProxy("127.0.0.1").contains(host: "127.1", port: 443))
        #expect(NoProxy("127.1").contains(host: "127.0.0.1", port: 443))
        #expect(NoProxy("::ffff:10.0.0.0/104").contains(host: "10.1.2.3", port: 443))
        #expect(NoProxy("10.0.0.0/8").contains(host: "::ffff:10.9.9.9", port: 443))
        #expect(!NoProxy("10.0.0.0/8").contains(host: "::ffff:11.0.0.1", port: 443))
        #expect(!NoProxy("127.1").contains(host: "127.0.0.2", port: 443))
    }

    /// A loopback server named "127.1" is reached directly, never through the proxy, as curl does.
    @Test func aLoopbackAddressWrittenShortIsReachedDirectly() async throws {
        let proxy = try LoopbackServer { _ in .json("\"proxy\"") }
        defer { proxy.stop() }
        let server = try LoopbackServer { _ in .json("\"direct\"") }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent, proxies: ProxySettings(environment: ["http_proxy": "127.0.0.1:\(proxy.port)"]))
        let response = try await transport.get(URL(string: "http://127.1:\(server.port)/x")!, timeout: 30)
        #expect(response.body == Data("\"direct\"".utf8))
        #expect(proxy.requests.isEmpty)
        #expect(server.requests.count == 1)
    }

    @Test func aProxyWithAnInvalidHostOrPortIsInvalidNotUnusable() {
        for written in ["http://127.0.0.1%00.example:3128", "http://127.0.0.1:0", "http://127.0.0.1:65536", "127.0.0.1%0d%0a:3128"] {
            #expect(ProxySettings(environment: ["https_proxy": written]).route(secure: true, host: "weather.invalid", port: 443)
                == .invalid(variable: "https_proxy"), "\(written)")
        }
        #expect(ProxySettings(environment: ["http_proxy": "[::1]:3128"]).route(secure: false, host: "weather.invalid", port: 80)
            == .proxy(Proxy(host: "::1", port: 3128)))
    }

    @Test func aProxyAnsweringNonsenseIsAMalformedAnswer() async throws {
        let proxy = try LoopbackServer(greeting: "SSH-2.0-OpenSSH_9.2\r\n\r\n") { _ in .neverRespond }
        defer { proxy.stop() }
        let transport = SocketTransport(userAgent: Self.agent, proxies: ProxySettings(environment: ["https_proxy": proxy.baseURL]))
        await #expect(throws: HTTPError.badResponse(.malformed)) {
            try await transport.get(URL(string: "https://weather.invalid/x")!, timeout: 30)
        }
    }

    @Test func anUnusableProxyIsReportedNotBypassed() async throws {
        let transport = SocketTransport(userAgent: Self.agent, proxies: ProxySettings(environment: ["https_proxy": "socks5://127.0.0.1:1"]))
        await #expect(throws: HTTPError.unusableProxy(variable: "https_proxy")) {
            try await transport.get(URL(string: "https://weather.invalid/x")!, timeout: 30)
        }
    }
}
