import CTLS
import Foundation
@testable import HTTPKit
import WeatherCoreTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Which authorities the transport trusts, and the name checks it fails closed on, against the loopback server
/// speaking TLS with the test certificates. The environment is passed in (`TLSTrust.environment`), never set on
/// the process, so these run alongside every other test.
struct TLSTrustTests {
    static let tls = Fixtures.folder.appendingPathComponent("tls")
    static let localhost = LoopbackServer.Identity(
        certificate: tls.appendingPathComponent("localhost-cert.pem").path, key: tls.appendingPathComponent("localhost-key.pem").path)
    static let otherCertificate = tls.appendingPathComponent("other-cert.pem").path
    static let agent = "httpkit-tests/1"

    func get(_ transport: SocketTransport, _ url: String) async throws -> HTTPResponse {
        try await transport.get(URL(string: url)!, timeout: 30)
    }

    @Test func everyFolderOfSSLCertDirIsHonouredNotOnlyTheFirst() async throws {
        let server = try LoopbackServer(identity: Self.localhost, keepAlive: true) { _ in .json("[]") }
        defer { server.stop() }
        let empty = TemporaryFolder(), hashed = TemporaryFolder()
        defer { empty.remove(); hashed.remove() }
        try Self.localhost.linkHashed(into: hashed.url)
        let folders = "\(empty.url.path):/nonexistent/weather-or-not-certs:\(hashed.url.path)"
        let transport = SocketTransport(userAgent: Self.agent, trust: .environment(["SSL_CERT_DIR": folders]))
        #expect(try await get(transport, server.baseURL + "/x").status == 200)
        #expect(try await get(transport, "https://localhost:\(server.port)/x").status == 200)
    }

    @Test func sslCertDirAddsToTheFileSSLCertFileNames() async throws {
        let server = try LoopbackServer(identity: Self.localhost) { _ in .json("[]") }
        defer { server.stop() }
        let hashed = TemporaryFolder()
        defer { hashed.remove() }
        try Self.localhost.linkHashed(into: hashed.url)
        let variables = ["SSL_CERT_FILE": Self.otherCertificate, "SSL_CERT_DIR": hashed.url.path]
        #expect(try await get(SocketTransport(userAgent: Self.agent, trust: .environment(variables)), server.baseURL + "/x").status == 200)
        // Without the folder, the file alone does not trust the server.
        let fileOnly = SocketTransport(userAgent: Self.agent, trust: .environment(["SSL_CERT_FILE": Self.otherCertificate]))
        await #expect(throws: HTTPError.secureConnectionFailed(host: "127.0.0.1", detail: "its certificate was not accepted (self-signed certificate)")) {
            try await get(fileOnly, server.baseURL + "/x")
        }
    }

    @Test func sslCertDirAloneKeepsTheDefaultBundle() throws {
        let bundle = String(cString: X509_get_default_cert_file())
        let empty = TemporaryFolder()
        defer { empty.remove() }
        let context = try TLSContext(trust: .environment(["SSL_CERT_DIR": empty.url.path]))
        let loaded = X509_STORE_get0_objects(SSL_CTX_get_cert_store(context.context)).map { Int(OPENSSL_sk_num($0)) } ?? 0
        var bundleCount = 0
        if let file = BIO_new_file(bundle, "r") {
            defer { BIO_free(file) }
            while let x509 = PEM_read_bio_X509(file, nil, nil, nil) {
                X509_free(x509)
                bundleCount += 1
            }
        }
        ERR_clear_error()
        // Every authority of OpenSSL's default bundle (none when this system has no bundle) is trusted too.
        #expect(loaded >= bundleCount)
        #expect(access(bundle, R_OK) != 0 || loaded > 0)
    }

    @Test func aMissingSSLCertFileIsNamed() async throws {
        let server = try LoopbackServer(identity: Self.localhost) { _ in .json("[]") }
        defer { server.stop() }
        let missing = "/nonexistent/weather-or-not/ca.pem"
        let transport = SocketTransport(userAgent: Self.agent, trust: .environment(["SSL_CERT_FILE": missing]))
        await #expect(throws: HTTPError.secureConnectionFailed(host: "127.0.0.1", detail: "SSL_CERT_FILE names \(missing), which does not exist")) {
            try await get(transport, server.baseURL + "/x")
        }
        #expect(server.requests.isEmpty)
    }

    @Test func anSSLCertFileWithoutCertificatesIsNamed() async throws {
        let server = try LoopbackServer(identity: Self.localhost) { _ in .json("[]") }
        defer { server.stop() }
        let transport = SocketTransport(userAgent: Self.agent, trust: .environment(["SSL_CERT_FILE": Self.localhost.key]))
        await #expect(
            throws: HTTPError.secureConnectionFailed(
                host: "127.0.0.1", detail: "SSL_CERT_FILE names \(Self.localhost.key), which holds no certificate OpenSSL can read")
        ) {
            try await get(transport, server.baseURL + "/x")
        }
    }

    // MARK: Name checks fail closed

    /// A TLS handshake with the loopback server, the certificate checked against `host`, then a request and the
    /// first bytes of its answer (so the server has seen the whole handshake).
    func handshake(with server: LoopbackServer, as host: String) throws {
        let limit = IOLimit(deadline: .now + .seconds(30), timeout: 30, signal: CancelSignal())
        let socket = try TCPSocket.connect(host: "127.0.0.1", port: Int(server.port), limit: limit)
        defer { close(socket) }
        let context = try TLSContext(trust: .certificates(file: Self.localhost.certificate))
        let stream = try TLSStream(context: context, socket: socket, host: host, port: Int(server.port), limit: limit)
        try stream.write(Array("GET /x HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8), limit: limit)
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(try stream.read(into: &buffer, limit: limit) > 0)
    }

    @Test func theCertificatesNamesAreCheckedAsGiven() throws {
        let server = try LoopbackServer(identity: Self.localhost) { _ in .json("[]") }
        defer { server.stop() }
        try handshake(with: server, as: "localhost")
        try handshake(with: server, as: "127.0.0.1")
        #expect(server.tlsServerNames == ["localhost", ""])  // SNI for a name, none for an address
    }

    @Test func aNameOpenSSLWouldCutShortIsRefusedNotCheckedInPart() throws {
        let server = try LoopbackServer(identity: Self.localhost) { _ in .json("[]") }
        defer { server.stop() }
        // As a C string, "localhost": the certificate's name. Checked as that, the handshake would succeed.
        #expect(throws: HTTPError.secureConnectionFailed(host: "localhost\0.weather.invalid", detail: "the host name cannot be checked against a certificate")) {
            try handshake(with: server, as: "localhost\0.weather.invalid")
        }
        #expect(throws: HTTPError.secureConnectionFailed(host: "127.0.0.1\0.weather.invalid", detail: "the host name cannot be checked against a certificate")) {
            try handshake(with: server, as: "127.0.0.1\0.weather.invalid")
        }
        #expect(throws: HTTPError.secureConnectionFailed(host: "", detail: "the host name cannot be checked against a certificate")) {
            try handshake(with: server, as: "")
        }
    }

    @Test func aNameTooLongForSNIIsRefused() throws {
        let server = try LoopbackServer(identity: Self.localhost) { _ in .json("[]") }
        defer { server.stop() }
        let long = String(repeating: "a", count: 250) + ".localhost"
        #expect(throws: HTTPError.secureConnectionFailed(host: long, detail: "the host name cannot be sent in the handshake (SNI)")) {
            try handshake(with: server, as: long)
        }
    }
}
