import Foundation
@testable import HTTPKit
import Synchronization
import WeatherCoreTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Name lookups bounded by the deadline, and Happy Eyeballs, with resolvers that stand in for DNS and real
/// sockets on 127.0.0.1 and ::1: refusing, silent (a full accept queue drops the handshake) and listening.
struct NameLookupTests {
    static let agent = "httpkit-tests/1"

    /// Answers every name with the same addresses, and counts the questions.
    final class FixedResolver: Resolver {
        let answer: [SocketAddress]
        let asked = Atomic<Int>(0)

        init(_ answer: [SocketAddress]) { self.answer = answer }

        func addresses(host: String, port: Int) -> [SocketAddress] {
            asked.add(1, ordering: .relaxed)
            return answer
        }
    }

    /// Never answers until `release()`, as a DNS server that has gone silent; counts the questions.
    final class SilentResolver: Resolver {
        private let gate = DispatchSemaphore(value: 0)
        let asked = Atomic<Int>(0)

        func addresses(host: String, port: Int) -> [SocketAddress] {
            asked.add(1, ordering: .relaxed)
            gate.wait()
            gate.signal()
            return []
        }

        /// Lets every pending and later question end (with no address).
        func release() { gate.signal() }
    }

    /// A loopback socket bound to a port of its own: not listening (connections are refused), or listening with a
    /// full accept queue (connections get no answer at all).
    final class LoopbackPort {
        let address: SocketAddress
        private var descriptors: [Int32] = []

        init(ipv6: Bool, silent: Bool) throws {
            let any = try #require(SocketAddress(address: ipv6 ? "::1" : "127.0.0.1", port: 0))
            let fd = socket(any.family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
            try #require(fd >= 0)
            descriptors.append(fd)
            try #require(any.withSockaddr { bind(fd, $0, $1) } == 0)
            var storage = sockaddr_in6()
            var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            _ = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            address = try #require(SocketAddress(address: ipv6 ? "::1" : "127.0.0.1", port: Int(UInt16(bigEndian: storage.sin6_port))))
            guard silent else { return }
            // A backlog of 0 holds one connection; with it taken and never accepted, the kernel drops new handshakes.
            try #require(listen(fd, 0) == 0)
            let filler = socket(any.family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
            descriptors.append(filler)
            try #require(address.withSockaddr { Glibc.connect(filler, $0, $1) } == 0)
        }

        deinit {
            for fd in descriptors { close(fd) }
        }
    }

    static func limit(seconds: Double = 5) -> IOLimit {
        IOLimit(deadline: .now + .seconds(seconds), timeout: seconds, signal: CancelSignal())
    }

    @Test func aResolverThatNeverAnswersEndsAtTheDeadlineAndIsAskedOncePerHost() async throws {
        let resolver = SilentResolver()
        defer { resolver.release() }
        let transport = SocketTransport(userAgent: Self.agent, resolver: resolver)
        let url = URL(string: "http://weather.invalid/x")!
        await #expect(throws: HTTPError.timedOut(seconds: 0.3)) { try await transport.get(url, timeout: 0.3) }
        // The first lookup is still pending: the next requests for the host wait for it, not for a lookup of their own.
        let later = (0..<2).map { _ in Task { try await transport.get(url, timeout: 0.3) } }
        for request in later {
            await #expect(throws: HTTPError.timedOut(seconds: 0.3)) { try await request.value }
        }
        #expect(resolver.asked.load(ordering: .relaxed) == 1)
    }

    @Test func pendingLookupsAreBounded() async throws {
        let resolver = SilentResolver()
        defer { resolver.release() }
        let transport = SocketTransport(userAgent: Self.agent, resolver: resolver)
        var errors: [HTTPError] = []
        for index in 0..<(NameLookup.maximumPending + 2) {
            do {
                _ = try await transport.get(URL(string: "http://host\(index).weather.invalid/x")!, timeout: 0.1)
            } catch let error as HTTPError {
                errors.append(error)
            }
        }
        #expect(resolver.asked.load(ordering: .relaxed) == NameLookup.maximumPending)
        #expect(errors.prefix(NameLookup.maximumPending).allSatisfy { $0 == .timedOut(seconds: 0.1) })
        let refused = (NameLookup.maximumPending..<(NameLookup.maximumPending + 2)).map { HTTPError.cannotConnect(host: "host\($0).weather.invalid") }
        #expect(Array(errors.suffix(2)) == refused)
    }

    @Test func anAbandonedLookupFreesItsPlaceWhenItEnds() async throws {
        let resolver = SilentResolver()
        let lookup = NameLookup(resolver)
        #expect(throws: HTTPError.timedOut(seconds: 0.1)) {
            try lookup.addresses(host: "weather.invalid", port: 80, limit: Self.limit(seconds: 0.1))
        }
        #expect(lookup.pendingCount == 1)
        resolver.release()
        while lookup.pendingCount > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(throws: HTTPError.cannotConnect(host: "weather.invalid")) {
            try lookup.addresses(host: "weather.invalid", port: 80, limit: Self.limit())
        }
        #expect(resolver.asked.load(ordering: .relaxed) == 2)
    }

    @Test func cancellingEndsAPendingLookup() async throws {
        let resolver = SilentResolver()
        defer { resolver.release() }
        let transport = SocketTransport(userAgent: Self.agent, resolver: resolver)
        let request = Task { try await transport.get(URL(string: "http://weather.invalid/x")!, timeout: 30) }
        while resolver.asked.load(ordering: .relaxed) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
    }

    @Test func addressesNeedNoResolver() async throws {
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        let resolver = FixedResolver([])
        let transport = SocketTransport(userAgent: Self.agent, resolver: resolver)
        #expect(try await transport.get(URL(string: server.baseURL + "/x")!, timeout: 30).status == 200)
        #expect(resolver.asked.load(ordering: .relaxed) == 0)
    }

    @Test func familiesAreInterleavedFromTheResolversFirst() throws {
        let v4 = try (1...2).map { try #require(SocketAddress(address: "127.0.0.1", port: $0)) }
        let v6 = try (1...3).map { try #require(SocketAddress(address: "::1", port: $0)) }
        #expect(SocketAddress.interleaved(v6 + v4) == [v6[0], v4[0], v6[1], v4[1], v6[2]])
        #expect(SocketAddress.interleaved(v4 + v6) == [v4[0], v6[0], v4[1], v6[1], v6[2]])
        #expect(v6[0].description == "[::1]:1" && v4[1].description == "127.0.0.1:2")
    }

    @Test func aRefusedAddressGivesWayToTheNextAtOnce() throws {
        let refusing = try LoopbackPort(ipv6: true, silent: false)
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        let listening = try #require(SocketAddress(address: "127.0.0.1", port: Int(server.port)))
        var events: [String] = []
        let socket = try TCPSocket.connect(to: [refusing.address, listening], host: "weather.invalid", limit: Self.limit()) {
            events.append($0.description)
        }
        close(socket)
        #expect(events == ["start \(refusing.address)", "fail \(refusing.address)", "start \(listening)", "connect \(listening)"])
    }

    @Test func aSilentAddressIsRacedAfterTheStaggerAndClosedWhenAnotherWins() throws {
        let silent = try LoopbackPort(ipv6: false, silent: true)
        let refusing = try LoopbackPort(ipv6: true, silent: false)
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        let listening = try #require(SocketAddress(address: "127.0.0.1", port: Int(server.port)))
        var events: [String] = []
        // Interleaved: 127.0.0.1 (silent), ::1 (refused), 127.0.0.1 (listening); the later two run while the first waits.
        let socket = try TCPSocket.connect(to: [silent.address, listening, refusing.address], host: "weather.invalid", limit: Self.limit()) {
            events.append($0.description)
        }
        close(socket)
        #expect(events == [
            "start \(silent.address)", "start \(refusing.address)", "fail \(refusing.address)", "start \(listening)",
            "connect \(listening)", "abandon \(silent.address)",
        ])
    }

    @Test func noAddressAnsweringEndsAtTheDeadline() throws {
        let silent = try LoopbackPort(ipv6: false, silent: true)
        var events: [String] = []
        #expect(throws: HTTPError.timedOut(seconds: 0.3)) {
            try TCPSocket.connect(to: [silent.address], host: "weather.invalid", limit: Self.limit(seconds: 0.3)) {
                events.append($0.description)
            }
        }
        #expect(events == ["start \(silent.address)", "abandon \(silent.address)"])
    }

    @Test func theTransportRacesTheResolversAddresses() async throws {
        let silent = try LoopbackPort(ipv6: false, silent: true)
        let refusing = try LoopbackPort(ipv6: true, silent: false)
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        let listening = try #require(SocketAddress(address: "127.0.0.1", port: Int(server.port)))
        let resolver = FixedResolver([silent.address, refusing.address, listening])
        let transport = SocketTransport(userAgent: Self.agent, resolver: resolver)
        // Tried one after another (2 s each, as before), the silent address alone would use up the timeout.
        let response = try await transport.get(URL(string: "http://weather.invalid:\(server.port)/x")!, timeout: 1.9)
        #expect(response.status == 200)
        #expect(server.requests.first?.headers["host"] == "weather.invalid:\(server.port)")
        #expect(resolver.asked.load(ordering: .relaxed) == 1)
        #expect(server.connectionsAccepted == 1)
    }
}
