/// Which certificate authorities an https server's certificate must chain to.
package enum TLSTrust: Sendable, Equatable {
    /// The system's, as OpenSSL's own tools find them: the file `SSL_CERT_FILE` names (it must exist) and every
    /// folder of the colon-separated `SSL_CERT_DIR`. With only `SSL_CERT_DIR`, its folders add to OpenSSL's default
    /// bundle; with neither, OpenSSL's default folder (read lazily), else its default file.
    case system
    /// As `system`, with `SSL_CERT_FILE` and `SSL_CERT_DIR` taken from these variables instead of the process's.
    case environment([String: String])
    /// Only the certificates in this PEM file.
    case certificates(file: String)
}
