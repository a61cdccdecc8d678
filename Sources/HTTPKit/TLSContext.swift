import CTLS
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An OpenSSL client context: TLS 1.2 or newer, peer verification on, the trusted authorities loaded, and the
/// sessions servers hand out kept for the next connection to the same host and port.
///
/// Unchecked Sendable: the context is configured once in `init` and afterwards only used to create sessions,
/// which OpenSSL allows from any thread; the kept sessions are behind a lock.
final class TLSContext: @unchecked Sendable {
    let context: OpaquePointer

    /// Why a context could not be made, in words for `HTTPError.secureConnectionFailed`.
    struct SetupFailure: Error { let detail: String }

    /// Where a session may be resumed: only with the host name (or address) and port it was verified for.
    struct SessionKey: Hashable, Sendable {
        let host: String
        let port: Int
    }

    /// Sessions to resume, newest last, by host and port. Each holds one reference, freed when it leaves.
    private let sessions = Mutex<[SessionKey: [SessionHandle]]>([:])
    private let resumed = Atomic<Int>(0)

    /// At most this many sessions a host, and hosts: a TLS 1.3 ticket is used once, and a server sends two a handshake.
    private static let sessionsPerHost = 4
    private static let hostsKept = 32

    /// OpenSSL started once, before its first use, with no exit handler (`ctls_start_without_exit_cleanup`): the
    /// threads of requests still in flight when the process exits keep a working OpenSSL until the kernel ends them.
    private static let started: Bool = ctls_start_without_exit_cleanup() == 1

    init(trust: TLSTrust) throws(SetupFailure) {
        guard Self.started, let context = SSL_CTX_new(TLS_client_method()) else { throw SetupFailure(detail: "OpenSSL could not start") }
        self.context = context
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        guard ctls_configure_context(context) == 1 else {
            ERR_clear_error()
            throw SetupFailure(detail: "OpenSSL would not require TLS 1.2 or newer")
        }
        ctls_cache_client_sessions(context, Self.sessionArrived)
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

    deinit {
        sessions.withLock { $0.values.joined().forEach { SSL_SESSION_free($0.pointer) } }
        SSL_CTX_free(context)
    }

    /// Handshakes so far that resumed an earlier session.
    var sessionsResumed: Int { resumed.load(ordering: .relaxed) }

    func countResumed() { resumed.add(1, ordering: .relaxed) }

    // MARK: Trust

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

    // MARK: Sessions

    /// An `SSL_SESSION` pointer; its reference is owned by whoever holds the handle.
    private struct SessionHandle: @unchecked Sendable {
        let pointer: OpaquePointer

        var isTLS13: Bool { SSL_SESSION_get_protocol_version(pointer) >= TLS1_3_VERSION }

        /// Still worth offering: resumable, and within the lifetime the server gave it.
        func isUsable(at now: Int) -> Bool {
            SSL_SESSION_is_resumable(pointer) == 1 && Int(SSL_SESSION_get_time(pointer)) + Int(SSL_SESSION_get_timeout(pointer)) > now
        }
    }

    /// What a connection's `SSL` carries (as its application data) for the new-session callback: where its
    /// sessions belong. The connection keeps it alive as long as its `SSL`.
    final class SessionSlot {
        let context: TLSContext
        let key: SessionKey

        init(context: TLSContext, key: SessionKey) {
            self.context = context
            self.key = key
        }
    }

    /// OpenSSL's new-session callback: a session (with TLS 1.3 a ticket, after the handshake) from a verified
    /// server, kept for `key`. Returns 1: the reference is the store's from now on.
    private static let sessionArrived: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32 = { ssl, session in
        guard let ssl, let session, let data = SSL_get_ex_data(ssl, 0) else { return 0 }
        let slot = Unmanaged<SessionSlot>.fromOpaque(data).takeUnretainedValue()
        guard SSL_get_verify_result(ssl) == X509_V_OK, SSL_get0_peer_certificate(ssl) != nil else { return 0 }
        slot.context.keep(SessionHandle(pointer: session), for: slot.key)
        return 1
    }

    private func keep(_ session: SessionHandle, for key: SessionKey) {
        sessions.withLock { store in
            var kept = store[key] ?? []
            if !session.isTLS13 {
                // A TLS 1.2 session serves any number of connections: the newest replaces the others.
                kept.forEach { SSL_SESSION_free($0.pointer) }
                kept.removeAll()
            }
            kept.append(session)
            if kept.count > Self.sessionsPerHost { SSL_SESSION_free(kept.removeFirst().pointer) }
            store[key] = kept
            if store.count > Self.hostsKept, let other = store.keys.first(where: { $0 != key }) {
                store.removeValue(forKey: other)?.forEach { SSL_SESSION_free($0.pointer) }
            }
        }
    }

    /// A session to offer for `key`, with a reference the caller frees after `SSL_set_session`; nil when none
    /// is kept. A TLS 1.3 ticket is handed out once (RFC 8446 C.4: a ticket reused would link the connections).
    func takeSession(for key: SessionKey) -> OpaquePointer? {
        sessions.withLock { store -> OpaquePointer? in
            let now = time(nil)
            var kept = store[key] ?? []
            kept.removeAll { session in
                if session.isUsable(at: now) { return false }
                SSL_SESSION_free(session.pointer)
                return true
            }
            guard let newest = kept.last else {
                store[key] = nil
                return nil
            }
            if newest.isTLS13 { kept.removeLast() } else { SSL_SESSION_up_ref(newest.pointer) }
            store[key] = kept.isEmpty ? nil : kept
            return newest.pointer
        }
    }

    /// Drops the sessions kept for `key`, after a handshake with that server failed.
    func forgetSessions(for key: SessionKey) {
        sessions.withLock { $0.removeValue(forKey: key)?.forEach { SSL_SESSION_free($0.pointer) } }
    }
}
