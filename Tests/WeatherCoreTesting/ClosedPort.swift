import Foundation
import Glibc

/// A loopback port that refuses connections and that no other test can take while this is alive: a socket bound to
/// it and never listening. (A stopped server's port can be handed to a server another test starts meanwhile.)
public final class ClosedPort: Sendable {
    private let descriptor: Int32
    public let port: UInt16

    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard descriptor >= 0, bound else {
            if descriptor >= 0 { close(descriptor) }
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    deinit { close(descriptor) }
}
