import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP proxy to use, read from the environment as curl reads it: `https_proxy` (or `HTTPS_PROXY`) for https,
/// `http_proxy` for http, else `all_proxy` (or `ALL_PROXY`); `no_proxy` (or, when that is unset or empty,
/// `NO_PROXY`) lists what is reached directly (`NoProxy`). Loopback (localhost, 127.0.0.0/8, ::1) is always reached
/// directly.
package struct ProxySettings: Sendable, Equatable {
    /// An http:// proxy.
    package struct Proxy: Sendable, Equatable {
        package var host: String
        package var port: Int
        /// "Basic …" from the URL's user and password; sent to the proxy, never printed.
        var authorization: String?

        /// "host:port": how messages name the proxy, credentials left out.
        package var name: String { "\(host):\(port)" }

        /// A failure to reach or hear from the proxy itself, named as the proxy's (`cannotConnect` and `timedOut`
        /// would name the server, or the provider); any other failure as it is.
        func failure(_ error: HTTPError) -> HTTPError {
            switch error {
            case .cannotConnect: .proxyFailed(proxy: name, detail: "cannot be reached: it is not running, or the network is down")
            case .timedOut: .proxyFailed(proxy: name, detail: "did not answer in time")
            default: error
            }
        }

        /// The proxy's refusal (`status`, not 2xx) to reach `host`: a 407 says whether credentials were sent.
        func refusal(status: Int, host: String) -> HTTPError {
            let detail = switch (status, authorization) {
            case (407, nil): "wants a user name and password (HTTP 407)"
            case (407, _): "refused the user name and password (HTTP 407)"
            default: "refused the connection to \(host) (HTTP \(status))"
            }
            return .proxyFailed(proxy: name, detail: detail)
        }
    }

    /// How a request reaches its server.
    enum Route: Equatable {
        case direct
        case proxy(Proxy)
        /// The variable names a proxy this client cannot use (socks, https://, or not a URL).
        case unusable(variable: String)
        /// The variable's proxy URL has a host or port that cannot be (control characters, not a name, port 0).
        case invalid(variable: String)
    }

    private var secure: Route
    private var plain: Route
    private var exclusions: NoProxy

    /// No proxy at all.
    package static let none = ProxySettings(secure: .direct, plain: .direct, exclusions: NoProxy(""))

    private init(secure: Route, plain: Route, exclusions: NoProxy) {
        self.secure = secure
        self.plain = plain
        self.exclusions = exclusions
    }

    package init(environment: [String: String]) {
        func first(_ names: [String]) -> (name: String, value: String)? {
            names.lazy.compactMap { name in environment[name].map { (name, $0.trimmed) } }.first { !$0.1.isEmpty }
        }
        func route(_ names: [String]) -> Route {
            guard let (name, value) = first(names) else { return .direct }
            return Self.parse(value).map { $0.map(Route.proxy) ?? .invalid(variable: name) } ?? .unusable(variable: name)
        }
        secure = route(["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"])
        // Not HTTP_PROXY: a CGI program gets the request's "Proxy:" header under that name.
        plain = route(["http_proxy", "all_proxy", "ALL_PROXY"])
        exclusions = NoProxy(first(["no_proxy", "NO_PROXY"])?.value ?? "")
    }

    func route(secure isSecure: Bool, host: String, port: Int) -> Route {
        if Self.isLoopback(host) || exclusions.contains(host: host, port: port) { return .direct }
        return isSecure ? secure : plain
    }

    /// "localhost", or an address in 127.0.0.0/8 (however written: "127.1", "::ffff:127.0.0.1") or ::1; a name such as
    /// "127.example.com" is not.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "localhost." { return true }
        guard let address = NoProxy.Network(host) else { return false }
        return loopback.contains { $0.contains(address) }
    }

    /// 127.0.0.0/8 and ::1 (both parse: ProxyTests reach each loopback spelling directly).
    private static let loopback = ["127.0.0.0/8", "::1"].compactMap { NoProxy.Network($0) }

    /// "http://user:password@host:port/" or "host:port": nil unless it is an http:// proxy with a host, `.some(nil)`
    /// when that host or port is not valid (control characters, not a host name, a port outside 1–65535).
    static func parse(_ text: String) -> Proxy?? {
        let url = text.contains("://") ? text : "http://" + text
        guard let parts = URLComponents(string: url), parts.scheme?.lowercased() == "http",
            let written = parts.host, !written.isEmpty
        else { return nil }
        guard let host = HTTPTarget.validHost(written), let port = HTTPTarget.port(writtenIn: url, default: 1080) else {
            return .some(nil)
        }
        var authorization: String?
        if let user = parts.user {
            let credentials = user + ":" + (parts.password ?? "")
            authorization = "Basic " + Data(credentials.utf8).base64EncodedString()
        }
        return Proxy(host: host, port: port, authorization: authorization)
    }
}

/// The hosts `no_proxy` names, matched as curl matches them: `*` for all; a name for itself and its subdomains
/// (a leading or trailing dot ignored); an address, or a network in CIDR notation ("127.0.0.0/8", "::1/128"), for
/// hosts written as addresses in it; any of these with ":port" (IPv6 in brackets, "[::1]:8080") for that port only.
struct NoProxy: Sendable, Equatable {
    enum Entry: Sendable, Equatable {
        case all
        case domain(String, port: Int?)
        case network(Network, port: Int?)
    }

    /// An IPv4 or IPv6 address and the number of leading bits that must match.
    struct Network: Sendable, Equatable {
        let bytes: [UInt8]
        let bits: Int

        /// "127.0.0.1", "::1", "127.0.0.0/8" or "::1/128"; nil for anything else. An IPv4 address may be written in
        /// any form the system's resolver connects to ("127.1", "2130706433", "0x7f.1"), and one mapped into IPv6
        /// ("::ffff:127.0.0.1") is that IPv4 address: whatever the spelling, the same host matches the same way.
        init?(_ text: some StringProtocol) {
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            let address = String(parts[0])
            var v4 = in_addr()
            var v6 = in6_addr()
            var bytes: [UInt8]
            // inet_aton reads what getaddrinfo reads as an address; only hex digits, "x" and dots are shown to it (it
            // would stop at a space and take the rest for nothing).
            if !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == "x" || $0 == "X" }),
                inet_aton(address, &v4) != 0
            {
                bytes = withUnsafeBytes(of: v4) { Array($0) }
            } else if inet_pton(AF_INET6, address, &v6) == 1 {
                bytes = withUnsafeBytes(of: v6) { Array($0) }
            } else {
                return nil
            }
            var bits = bytes.count * 8
            if parts.count == 2 {
                guard let written = Int(parts[1]), parts[1].allSatisfy(\.isNumber), (0...bits).contains(written) else { return nil }
                bits = written
            }
            // ::ffff:a.b.c.d is a.b.c.d (and ::ffff:0:0/104 is 0.0.0.0/8).
            if bytes.count == 16, bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF, bits >= 96 {
                bytes = Array(bytes.suffix(4))
                bits -= 96
            }
            self.bytes = bytes
            self.bits = bits
        }

        /// True when `address` (a whole address) is of the same family and its first `bits` bits are this one's.
        func contains(_ address: Network) -> Bool {
            guard address.bytes.count == bytes.count else { return false }
            let whole = bits / 8
            guard address.bytes.prefix(whole) == bytes.prefix(whole) else { return false }
            let rest = bits % 8
            guard rest > 0 else { return true }
            let mask = UInt8(0xFF) << (8 - rest)
            return address.bytes[whole] & mask == bytes[whole] & mask
        }
    }

    let entries: [Entry]

    init(_ list: String) {
        entries = list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).compactMap { Self.entry($0.lowercased()) }
    }

    static func entry(_ text: String) -> Entry? {
        if text == "*" { return .all }
        var body = Substring(text)
        var port: Int?
        // A port: after "]" for a bracketed IPv6 address, else after the only colon (an IPv6 address has several).
        if body.hasPrefix("["), let close = body.firstIndex(of: "]") {
            let after = body[body.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = Int(after.dropFirst()), (1...65535).contains(number) else { return nil }
                port = number
            }
            body = body[body.index(after: body.startIndex)..<close]
        } else if body.filter({ $0 == ":" }).count == 1, let colon = body.firstIndex(of: ":") {
            guard let number = Int(body[body.index(after: colon)...]), (1...65535).contains(number) else { return nil }
            port = number
            body = body[..<colon]
        }
        if let network = Network(body) { return .network(network, port: port) }
        while body.hasPrefix(".") { body = body.dropFirst() }
        while body.hasSuffix(".") { body = body.dropLast() }
        return body.isEmpty || body.contains("/") ? nil : .domain(String(body), port: port)
    }

    /// True when `host` (without brackets) on `port` is to be reached directly.
    func contains(host: String, port: Int) -> Bool {
        let host = host.lowercased()
        let address = Network(host)
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        return entries.contains { entry in
            switch entry {
            case .all:
                return true
            case .domain(let domain, let only):
                return address == nil && (only ?? port) == port && (name == domain || name.hasSuffix("." + domain))
            case .network(let network, let only):
                return (only ?? port) == port && address.map(network.contains) == true
            }
        }
    }
}
