import CTLS
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which certificate authorities an https server's certificate must chain to.
public enum TLSTrust: Sendable, Equatable {
    /// The system's: `SSL_CERT_FILE` or `SSL_CERT_DIR` when set, else OpenSSL's default folder, else its default file.
    case system
    /// Only the certificates in this PEM file.
    case certificates(file: String)
}

/// An OpenSSL client context: TLS 1.2 or newer, peer verification on, the trusted authorities loaded.
///
/// Unchecked Sendable: the context is configured once in `init` and afterwards only used to create sessions,
/// which OpenSSL allows from any thread.
final class TLSContext: @unchecked Sendable {
    let context: OpaquePointer

    /// Why a context could not be made, in words for `WeatherError.secureConnectionFailed`.
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

/// A TLS session over a connected socket; a failed handshake names the reason, never the URL.
final class TLSStream {
    private let session: OpaquePointer
    private let socket: Int32

    init(context: TLSContext, socket: Int32, host: String, limit: IOLimit) throws {
        guard let session = SSL_new(context.context) else {
            throw WeatherError.secureConnectionFailed(host: host, detail: "OpenSSL could not start")
        }
        self.session = session
        self.socket = socket
        SSL_set_fd(session, socket)
        if TCPSocket.isAddress(host) {
            X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(session), host)
        } else {
            _ = ctls_set_server_name(session, host)
            _ = SSL_set1_host(session, host)
        }
        do {
            _ = try drive(limit) { SSL_connect(session) }
        } catch is TLSFailure {
            let verdict = SSL_get_verify_result(session)
            if verdict != X509_V_OK {
                let reason = String(cString: X509_verify_cert_error_string(verdict))
                throw WeatherError.secureConnectionFailed(host: host, detail: "its certificate was not accepted (\(reason))")
            }
            throw WeatherError.secureConnectionFailed(host: host, detail: "the TLS handshake failed")
        }
    }

    deinit { SSL_free(session) }

    /// Some bytes into `buffer`; 0 at the end of the stream.
    func read(into buffer: inout [UInt8], limit: IOLimit) throws -> Int {
        do {
            return try buffer.withUnsafeMutableBytes { bytes in
                try drive(limit) { SSL_read(session, bytes.baseAddress, Int32(bytes.count)) }
            }
        } catch is TLSFailure {
            throw limit.brokenOff
        }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8], limit: IOLimit) throws {
        var offset = 0
        while offset < bytes.count {
            do {
                offset += try bytes[offset...].withUnsafeBytes { chunk in
                    try drive(limit) { SSL_write(session, chunk.baseAddress, Int32(chunk.count)) }
                }
            } catch is TLSFailure {
                throw limit.brokenOff
            }
        }
    }

    /// Says goodbye without waiting for an answer.
    func close() {
        SSL_shutdown(session)
    }

    private struct TLSFailure: Error {}

    /// Runs an OpenSSL call on the non-blocking socket until it completes, waiting whenever it wants to read or write.
    /// Returns its positive result, or 0 when the server closed the session.
    private func drive(_ limit: IOLimit, _ call: () -> Int32) throws -> Int {
        while true {
            ERR_clear_error()
            let result = call()
            if result > 0 { return Int(result) }
            switch SSL_get_error(session, result) {
            case SSL_ERROR_WANT_READ: try limit.wait(socket, for: Int16(POLLIN))
            case SSL_ERROR_WANT_WRITE: try limit.wait(socket, for: Int16(POLLOUT))
            case SSL_ERROR_ZERO_RETURN: return 0
            default:
                ERR_clear_error()
                if limit.signal.isCancelled { throw CancellationError() }
                throw TLSFailure()
            }
        }
    }
}
