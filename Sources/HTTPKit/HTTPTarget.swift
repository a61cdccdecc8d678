import FoundationEssentials

/// Where a URL's request goes, and the request's bytes.
struct HTTPTarget: Sendable {
    let secure: Bool
    let host: String
    let port: Int
    /// "/path?query": can hold a key, so it is only ever written to the socket.
    private let path: String

    /// "https://host:port", the key of the connection pool.
    var origin: String { "\(secure ? "https" : "http")://\(host):\(port)" }

    /// Fails for anything but an http or https URL whose host is a host name or an address (never one with control
    /// characters, spaces or other bytes a name cannot have, percent-encoded or not) and whose port, if written, is
    /// 1–65535: checked before any lookup or connection, so a host can never smuggle a header into a request.
    init(_ url: URL) throws(HTTPError) {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = parts.host.flatMap(Self.validHost),
            let port = Self.port(writtenIn: url.absoluteString, default: scheme == "https" ? 443 : 80)
        else { throw .invalidURL }
        secure = scheme == "https"
        self.host = host
        self.port = port
        path = (parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath)
            + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// A host as URLs write it, IPv6 addresses without their brackets ("[::1]" is "::1").
    static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The host without brackets when it is an address ("127.0.0.1", "[::1]") or a DNS name: ASCII letters, digits,
    /// "-" and "_" in dot-separated labels of 1–63 characters, 253 in all, a final dot allowed; else nil.
    static func validHost(_ written: String) -> String? {
        let host = bare(written)
        if SocketAddress(address: host, port: 0) != nil { return host.contains(":") == written.hasPrefix("[") ? host : nil }
        guard host == written else { return nil }
        let name = host.hasSuffix(".") ? host.utf8.dropLast() : host.utf8[...]
        let labels = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let allowed = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        guard (1...253).contains(name.count), labels.allSatisfy({ (1...63).contains($0.count) && $0.allSatisfy(allowed) }) else {
            return nil
        }
        return host
    }

    /// The port written after the host in `text` ("scheme://user@host:port/…"), or `default` when none is; nil
    /// when it is not a number from 1 to 65535.
    static func port(writtenIn text: String, default: Int) -> Int? {
        guard let schemeEnd = text.firstRange(of: "://") else { return nil }
        var authority = text[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") { authority = authority[close...] }
        guard let colon = authority.firstIndex(of: ":"), authority.index(after: colon) != authority.endIndex else { return `default` }
        let digits = authority[authority.index(after: colon)...]
        guard digits.count <= 5, digits.allSatisfy({ ("0"..."9").contains($0) }), let port = Int(digits), (1...65535).contains(port) else { return nil }
        return port
    }

    /// "host", "host:8080" or "[::1]:8080"; the port is left out when it is the scheme's own, unless asked for.
    func authority(withPort: Bool = false) -> String {
        (host.contains(":") ? "[\(host)]" : host) + (!withPort && port == (secure ? 443 : 80) ? "" : ":\(port)")
    }

    /// The GET and its headers. Through a proxy, a plain request names the whole URL (an https one goes through a
    /// tunnel and looks as if sent directly).
    /// `headers` add to (or replace) the defaults (`userAgent`, JSON, gzip); a header with a line break is left out.
    func request(through proxy: ProxySettings.Proxy?, userAgent: String, headers: [String: String] = [:]) -> [UInt8] {
        var head = "GET \(path) HTTP/1.1\r\n"
        if let proxy, !secure {
            head = "GET http://\(authority())\(path) HTTP/1.1\r\n"
            if let authorization = proxy.authorization { head += "Proxy-Authorization: \(authorization)\r\n" }
        }
        head += "Host: \(authority())\r\n"
        var fields = ["User-Agent": userAgent, "Accept": "application/json", "Accept-Encoding": "gzip"]
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
