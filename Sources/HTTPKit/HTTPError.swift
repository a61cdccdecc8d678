/// Why a request got no usable answer. No case carries a URL or a body (a query can hold a key); the caller words
/// these for people.
package enum HTTPError: Error, Equatable, Sendable {
    /// No answer within the timeout, in seconds.
    case timedOut(seconds: Double)
    /// No connection: the name did not resolve, or no address accepted one.
    case cannotConnect(host: String)
    /// TLS failed: the certificate was not accepted (the reason is OpenSSL's), the trusted certificates could not
    /// be loaded, or the handshake broke down.
    case secureConnectionFailed(host: String, detail: String)
    /// The proxy, named "host:port", refused the tunnel or closed the connection.
    case proxyFailed(proxy: String, detail: String)
    /// The variable names a proxy this client cannot use (socks, https://, or not a URL).
    case unusableProxy(variable: String)
    /// The variable's proxy URL has a host or port that cannot be: control characters, not a host name, or a port
    /// outside 1–65535.
    case invalidProxy(variable: String)
    /// The connection broke off before the answer was complete: worth another try.
    case truncated
    /// The answer cannot be read as HTTP: malformed, too large, or in an encoding this client does not read.
    case badResponse(BadAnswer)
    /// Not an http or https URL with a valid host (a name or an address, without control characters) and a port,
    /// if written, from 1 to 65535.
    case invalidURL
}

/// What was wrong with an answer that could not be read as HTTP; the raw value says it in English (the caller words
/// it for people, in their language).
package enum BadAnswer: String, Equatable, Sendable {
    case tooLarge = "the answer was too large"
    case unsupportedCoding = "the answer came in an encoding this client does not read"
    case notGzip = "the answer said it was gzip-compressed and was not"
    case malformed = "the server's answer was malformed"
}
