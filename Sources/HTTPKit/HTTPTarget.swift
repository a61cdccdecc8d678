import Foundation

/// Where a URL's request goes, and the request's bytes.
struct HTTPTarget: Sendable {
    let secure: Bool
    let host: String
    let port: Int
    /// "/path?query": can hold a key, so it is only ever written to the socket.
    private let path: String

    /// "https://host:port", the key of the connection pool.
    var origin: String { "\(secure ? "https" : "http")://\(host):\(port)" }

    init(_ url: URL) throws(HTTPError) {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let named = parts.host, !named.isEmpty
        else { throw .invalidURL }
        secure = scheme == "https"
        host = Self.bare(named)
        port = parts.port ?? (secure ? 443 : 80)
        path = (parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath)
            + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// A host as URLs write it, IPv6 addresses without their brackets ("[::1]" is "::1").
    static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// "host", "host:8080" or "[::1]:8080"; the port is left out when it is the scheme's own, unless asked for.
    func authority(withPort: Bool = false) -> String {
        (host.contains(":") ? "[\(host)]" : host) + (!withPort && port == (secure ? 443 : 80) ? "" : ":\(port)")
    }

    /// The GET and its headers. Through a proxy, a plain request names the whole URL (an https one goes through a
    /// tunnel and looks as if sent directly).
    /// `headers` add to (or, for `User-Agent`, replace) the defaults (`userAgent` and JSON); a header with a line break is left out.
    func request(through proxy: ProxySettings.Proxy?, userAgent: String, headers: [String: String] = [:]) -> [UInt8] {
        var head = "GET \(path) HTTP/1.1\r\n"
        if let proxy, !secure {
            head = "GET http://\(authority())\(path) HTTP/1.1\r\n"
            if let authorization = proxy.authorization { head += "Proxy-Authorization: \(authorization)\r\n" }
        }
        head += "Host: \(authority())\r\n"
        var fields = ["User-Agent": userAgent, "Accept": "application/json"]
        for (name, value) in headers {
            fields.removeValue(forKey: fields.keys.first { $0.lowercased() == name.lowercased() } ?? "")
            fields[name] = value
        }
        for (name, value) in fields.sorted(by: { $0.key < $1.key })
        where !(name + value).unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) && !name.contains(":") {
            head += "\(name): \(value)\r\n"
        }
        return Array((head + "\r\n").utf8)
    }
}
