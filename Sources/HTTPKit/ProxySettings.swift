import Foundation

/// The HTTP proxy to use, read from the environment as curl reads it: `https_proxy` (or `HTTPS_PROXY`) for https,
/// `http_proxy` for http, else `all_proxy` (or `ALL_PROXY`); `no_proxy` (or `NO_PROXY`) lists hosts, with their
/// subdomains, reached directly, `*` meaning all. Loopback addresses are always reached directly.
package struct ProxySettings: Sendable, Equatable {
    /// An http:// proxy.
    package struct Proxy: Sendable, Equatable {
        package var host: String
        package var port: Int
        /// "Basic …" from the URL's user and password; sent to the proxy, never printed.
        var authorization: String?

        /// "host:port": how messages name the proxy, credentials left out.
        package var name: String { "\(host):\(port)" }
    }

    /// How a request reaches its server.
    enum Route: Equatable {
        case direct
        case proxy(Proxy)
        /// The variable names a proxy this client cannot use (socks, https://, or not a URL).
        case unusable(variable: String)
    }

    private var secure: Route
    private var plain: Route
    private var exclusions: [String]

    /// No proxy at all.
    package static let none = ProxySettings(secure: .direct, plain: .direct, exclusions: [])

    private init(secure: Route, plain: Route, exclusions: [String]) {
        self.secure = secure
        self.plain = plain
        self.exclusions = exclusions
    }

    package init(environment: [String: String]) {
        func route(_ names: [String]) -> Route {
            guard let (name, value) = names.lazy.compactMap({ name in environment[name].map { (name, $0) } })
                .first(where: { !$0.1.trimmed.isEmpty })
            else { return .direct }
            return Self.parse(value.trimmed).map(Route.proxy) ?? .unusable(variable: name)
        }
        secure = route(["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"])
        // Not HTTP_PROXY: a CGI program gets the request's "Proxy:" header under that name.
        plain = route(["http_proxy", "all_proxy", "ALL_PROXY"])
        exclusions = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
            .split(separator: ",").map { $0.trimmed.lowercased() }
            .map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
    }

    func route(secure isSecure: Bool, host: String) -> Route {
        let host = host.lowercased()
        if ["localhost", "::1"].contains(host) || host.hasPrefix("127.") { return .direct }
        if exclusions.contains(where: { $0 == "*" || host == $0 || host.hasSuffix("." + $0) }) { return .direct }
        return isSecure ? secure : plain
    }

    /// "http://user:password@host:port/" or "host:port"; nil unless it is an http:// proxy with a host.
    static func parse(_ text: String) -> Proxy? {
        let url = text.contains("://") ? text : "http://" + text
        guard let parts = URLComponents(string: url), parts.scheme?.lowercased() == "http",
            let host = parts.host, !host.isEmpty
        else { return nil }
        var authorization: String?
        if let user = parts.user {
            let credentials = user + ":" + (parts.password ?? "")
            authorization = "Basic " + Data(credentials.utf8).base64EncodedString()
        }
        return Proxy(host: HTTPTarget.bare(host), port: parts.port ?? 1080, authorization: authorization)
    }
}
