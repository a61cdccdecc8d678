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
        guard ctls_configure_context(context) == 1 else {
            ERR_clear_error()
            throw SetupFailure(detail: "OpenSSL would not require TLS 1.2 or newer")
        }
        switch trust {
        case .certificates(let file):
            guard SSL_CTX_load_verify_file(context, file) == 1 else {
                ERR_clear_error()
                throw SetupFailure(detail: "the trusted certificates could not be loaded")
            }
        case .system:
            try loadSystemTrust { getenv($0).map { String(cString: $0) } }
        case .environment(let variables):
            try loadSystemTrust { variables[$0] }
        }
        ERR_clear_error()
    }

    deinit { SSL_CTX_free(context) }

    /// The system's authorities as OpenSSL's own tools find them (`SSL_CTX_set_default_verify_paths`), with
    /// `variable` for the environment: the file `SSL_CERT_FILE` names, which must load, and every folder of the
    /// colon-separated `SSL_CERT_DIR`; with only folders, OpenSSL's default bundle as well. With neither, the
    /// default folder of hashed names, which is read lazily, one authority per connection; the default bundle is
    /// parsed whole (about 30 ms), so it is used without a folder only when there is no such folder.
    private func loadSystemTrust(_ variable: (String) -> String?) throws(SetupFailure) {
        let fileVariable = String(cString: X509_get_default_cert_file_env())
        let folderVariable = String(cString: X509_get_default_cert_dir_env())
        let file = variable(fileVariable).flatMap { $0.isEmpty ? nil : $0 }
        let folders = (variable(folderVariable) ?? "").split(separator: ":").map(String.init)
        if let file {
            guard SSL_CTX_load_verify_file(context, file) == 1 else {
                ERR_clear_error()
                throw SetupFailure(detail: "\(fileVariable) names \(file), \(Self.whyNotLoaded(file))")
            }
        } else if folders.isEmpty {
            let folder = String(cString: X509_get_default_cert_dir())
            let loaded = Self.hasHashedCertificates(folder)
                ? SSL_CTX_load_verify_dir(context, folder) : SSL_CTX_load_verify_file(context, X509_get_default_cert_file())
            guard loaded == 1 else {
                ERR_clear_error()
                throw SetupFailure(detail: "the trusted certificates could not be loaded")
            }
        } else if SSL_CTX_load_verify_file(context, X509_get_default_cert_file()) != 1 {
            // No default bundle on this system: the folders alone, as OpenSSL's tools do.
            ERR_clear_error()
        }
        for folder in folders where SSL_CTX_load_verify_dir(context, folder) != 1 {
            ERR_clear_error()
            throw SetupFailure(detail: "\(folderVariable) names \(folder), which OpenSSL could not use")
        }
    }

    /// The end of "SSL_CERT_FILE names FILE, …".
    private static func whyNotLoaded(_ file: String) -> String {
        if access(file, F_OK) != 0 { return "which does not exist" }
        if access(file, R_OK) != 0 { return "which cannot be read" }
        return "which holds no certificate OpenSSL can read"
    }

    /// True when `folder` holds certificates under hashed names ("5ad8a5d6.0").
    private static func hasHashedCertificates(_ folder: String) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.count == 10, name.hasSuffix(".0") { return true }
        }
        return false
    }
}
