/// Which certificate authorities an https server's certificate must chain to.
package enum TLSTrust: Sendable, Equatable {
    /// The system's: `SSL_CERT_FILE` or `SSL_CERT_DIR` when set, else OpenSSL's default folder, else its default file.
    case system
    /// Only the certificates in this PEM file.
    case certificates(file: String)
}
