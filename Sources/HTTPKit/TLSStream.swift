import CTLS
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A TLS session over a connected socket; a failed handshake names the reason, never the URL. A session the same
/// host and port handed out earlier is offered again (resumption); the name checks and SNI are set either way.
final class TLSStream {
    private let session: OpaquePointer
    private let socket: Int32
    /// Where this connection's new sessions are kept; its address is the `SSL`'s application data.
    private let slot: TLSContext.SessionSlot

    init(context: TLSContext, socket: Int32, host: String, port: Int, limit: IOLimit) throws {
        guard let session = SSL_new(context.context) else {
            throw HTTPError.secureConnectionFailed(host: host, detail: "OpenSSL could not start")
        }
        self.session = session
        self.socket = socket
        slot = TLSContext.SessionSlot(context: context, key: .init(host: host, port: port))
        guard SSL_set_ex_data(session, 0, Unmanaged.passUnretained(slot).toOpaque()) == 1, SSL_set_fd(session, socket) == 1 else {
            throw HTTPError.secureConnectionFailed(host: host, detail: "OpenSSL could not start")
        }
        try Self.name(session, host)
        if let earlier = context.takeSession(for: slot.key) {
            // A session OpenSSL will not take is no failure: the handshake is then a full one.
            _ = SSL_set_session(session, earlier)
            SSL_SESSION_free(earlier)
        }
        do {
            _ = try drive(limit) { SSL_connect(session) }
        } catch is TLSFailure {
            context.forgetSessions(for: slot.key)
            let verdict = SSL_get_verify_result(session)
            if verdict != X509_V_OK {
                let reason = String(cString: X509_verify_cert_error_string(verdict))
                throw HTTPError.secureConnectionFailed(host: host, detail: "its certificate was not accepted (\(reason))")
            }
            throw HTTPError.secureConnectionFailed(host: host, detail: "the TLS handshake failed")
        }
        if SSL_session_reused(session) == 1 { context.countResumed() }
    }

    /// What the certificate must name, and SNI: an address is checked as one (no SNI); a name is checked whole, its
    /// length given so that an embedded NUL is refused rather than cutting the name short (as `SSL_set1_host` would).
    /// Fails closed: a name OpenSSL will not check or send is an error, never a connection without the check.
    private static func name(_ session: OpaquePointer, _ host: String) throws {
        let parameters = SSL_get0_param(session)
        if !host.utf8.contains(0), TCPSocket.isAddress(host) {
            guard X509_VERIFY_PARAM_set1_ip_asc(parameters, host) == 1 else {
                ERR_clear_error()
                throw HTTPError.secureConnectionFailed(host: host, detail: "the address cannot be checked against a certificate")
            }
            return
        }
        guard !host.isEmpty, X509_VERIFY_PARAM_set1_host(parameters, host, host.utf8.count) == 1 else {
            ERR_clear_error()
            throw HTTPError.secureConnectionFailed(host: host, detail: "the host name cannot be checked against a certificate")
        }
        guard ctls_set_server_name(session, host) == 1 else {
            ERR_clear_error()
            throw HTTPError.secureConnectionFailed(host: host, detail: "the host name cannot be sent in the handshake (SNI)")
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

    /// True when the idle connection has nothing to say: the server has not closed it and sent no data unasked.
    /// TLS 1.3 servers send session tickets after the handshake; those are read here, and are no reason to drop it.
    func isQuiet() -> Bool {
        var byte: UInt8 = 0
        // A few records at most (tickets come in ones and twos); a server that keeps sending is not quiet.
        for _ in 0..<8 {
            if TCPSocket.isQuiet(socket) { return true }
            ERR_clear_error()
            let result = SSL_read(session, &byte, 1)
            guard result <= 0, SSL_get_error(session, result) == SSL_ERROR_WANT_READ else {
                ERR_clear_error()
                return false
            }
        }
        return false
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
