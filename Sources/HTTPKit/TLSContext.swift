import CTLS
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An OpenSSL client context: TLS 1.2 or newer, peer verification on, the trusted authorities loaded.
///
/// Unchecked Sendable: the context is configured once in `init` and afterwards only used to create sessions,
/// which OpenSSL allows from any thread.
final class TLSContext: @unchecked Sendable {
    let context: OpaquePointer

    /// Why a context could not be made, in words for `HTTPError.secureConnectionFailed`.
    struct SetupFailure: Error { let detail: String }

    init(trust: TLSTrust) throws(SetupFailure) {
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw SetupFailure(detail: "OpenSSL could not start") }
        self.context = context
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        _ = ctls_configure_context(context)
        let loaded: Int32
        switch trust {
        case .certificates(let file):
            loaded = SSL_CTX_load_verify_file(context, file)
        case .system:
            // The folder of hashed names is read lazily, one authority per connection; the single-file bundle is
            // parsed whole, about 30 ms, so it is used only when asked for or when there is no such folder.
            if getenv(X509_get_default_cert_file_env()) == nil, Self.hasHashedCertificates() {
                loaded = SSL_CTX_set_default_verify_dir(context)
            } else {
                loaded = SSL_CTX_set_default_verify_file(context)
            }
        }
        if loaded != 1 {
            ERR_clear_error()
            throw SetupFailure(detail: "the trusted certificates could not be loaded")
        }
    }

    deinit { SSL_CTX_free(context) }

    /// True when `SSL_CERT_DIR`, or OpenSSL's default folder, holds certificates under hashed names ("5ad8a5d6.0").
    private static func hasHashedCertificates() -> Bool {
        let folder = getenv(X509_get_default_cert_dir_env()).map { String(cString: $0) }
            ?? String(cString: X509_get_default_cert_dir())
        guard let directory = opendir(folder.split(separator: ":").first.map(String.init) ?? folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.count == 10, name.hasSuffix(".0") { return true }
        }
        return false
    }
}
