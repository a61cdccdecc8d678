import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A connected, non-blocking TCP socket.
enum TCPSocket {
    /// What a connection attempt did, for tests to follow Happy Eyeballs.
    enum Event: Equatable, CustomStringConvertible {
        case started(SocketAddress)
        case failed(SocketAddress)
        case connected(SocketAddress)
        /// Still connecting when another address won (or the request ended): closed.
        case abandoned(SocketAddress)

        var description: String {
            switch self {
            case .started(let address): "start \(address)"
            case .failed(let address): "fail \(address)"
            case .connected(let address): "connect \(address)"
            case .abandoned(let address): "abandon \(address)"
            }
        }
    }

    /// How long an attempt has before the next address is tried alongside it (RFC 8305's recommended 250 ms).
    static let stagger = Duration.milliseconds(250)

    /// Looks `host` up within the deadline (`lookup`), then connects to it with Happy Eyeballs. On return the
    /// request's cancel signal watches the socket.
    static func connect(
        host: String, port: Int, limit: IOLimit, lookup: NameLookup = .system, observe: (Event) -> Void = { _ in }
    ) throws -> Int32 {
        let addresses = try lookup.addresses(host: host, port: port, limit: limit)
        return try connect(to: addresses, host: host, limit: limit, observe: observe)
    }

    /// Happy Eyeballs (RFC 8305): the addresses with the families interleaved, a new attempt every `stagger` (or as
    /// soon as one fails) while earlier ones go on; the first to connect wins and the others are closed.
    static func connect(to addresses: [SocketAddress], host: String, limit: IOLimit, observe: (Event) -> Void = { _ in }) throws -> Int32 {
        // The cancel signal watches a waker while several sockets are in play: a cancel makes it readable.
        guard let waker = Waker() else { throw HTTPError.cannotConnect(host: host) }
        guard limit.signal.watch(waker.readEnd) else { throw CancellationError() }
        let socket: Int32
        do {
            socket = try race(SocketAddress.interleaved(addresses), host: host, limit: limit, waker: waker, observe: observe)
            limit.signal.release()
        } catch {
            limit.signal.release()
            throw error
        }
        guard limit.signal.watch(socket) else {
            close(socket)
            throw CancellationError()
        }
        var yes: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        return socket
    }

    private static func race(
        _ order: [SocketAddress], host: String, limit: IOLimit, waker: Waker, observe: (Event) -> Void
    ) throws -> Int32 {
        var attempts: [(socket: Int32, address: SocketAddress)] = []
        defer {
            for attempt in attempts {
                close(attempt.socket)
                observe(.abandoned(attempt.address))
            }
        }
        var next = 0
        var nextStart = ContinuousClock.now
        while true {
            if limit.signal.isCancelled { throw CancellationError() }
            if next < order.count, attempts.isEmpty || ContinuousClock.now >= nextStart {
                let address = order[next]
                next += 1
                observe(.started(address))
                let socket = Glibc.socket(address.family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
                let result = socket < 0 ? -1 : address.withSockaddr { Glibc.connect(socket, $0, $1) }
                if result == 0 {
                    observe(.connected(address))
                    return socket
                } else if socket >= 0, errno == EINPROGRESS || errno == EINTR {
                    attempts.append((socket, address))
                    nextStart = .now + stagger
                } else {
                    if socket >= 0 { close(socket) }
                    observe(.failed(address))
                }
                continue
            }
            guard !attempts.isEmpty else { throw HTTPError.cannotConnect(host: host) }
            let now = ContinuousClock.now
            guard now < limit.deadline else { throw HTTPError.timedOut(seconds: limit.timeout) }
            let end = next < order.count ? min(nextStart, limit.deadline) : limit.deadline
            var descriptors = attempts.map { pollfd(fd: $0.socket, events: Int16(POLLOUT), revents: 0) }
            descriptors.append(pollfd(fd: waker.readEnd, events: Int16(POLLIN), revents: 0))
            guard poll(&descriptors, nfds_t(descriptors.count), milliseconds(end - now)) > 0 else { continue }
            var winner: SocketAddress?
            var failed: [Int] = []
            for (index, attempt) in attempts.enumerated() where descriptors[index].revents != 0 {
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(attempt.socket, SOL_SOCKET, SO_ERROR, &failure, &length)
                if failure == 0 {
                    winner = attempt.address
                    break
                }
                failed.append(index)
            }
            for index in failed.reversed() {
                let attempt = attempts.remove(at: index)
                close(attempt.socket)
                observe(.failed(attempt.address))
                nextStart = .now
            }
            if let winner, let index = attempts.firstIndex(where: { $0.address == winner }) {
                observe(.connected(winner))
                return attempts.remove(at: index).socket
            }
        }
    }

    /// A poll(2) timeout in whole milliseconds, rounded up so a wait never ends just short of its end.
    static func milliseconds(_ duration: Duration) -> Int32 {
        guard duration > .zero else { return 0 }
        return Int32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// Some bytes into `buffer`; 0 at the end of the stream.
    static func read(_ socket: Int32, into buffer: inout [UInt8], limit: IOLimit) throws -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return count }
            switch errno {
            case EAGAIN, EWOULDBLOCK: try limit.wait(socket, for: Int16(POLLIN))
            case EINTR: continue
            default: throw limit.brokenOff
            }
        }
    }

    /// Writes all of `bytes`.
    static func write(_ socket: Int32, _ bytes: [UInt8], limit: IOLimit) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count >= 0 {
                offset += count
                continue
            }
            switch errno {
            case EAGAIN, EWOULDBLOCK: try limit.wait(socket, for: Int16(POLLOUT))
            case EINTR: continue
            default: throw limit.brokenOff
            }
        }
    }

    /// True for an IPv4 or IPv6 address written out ("127.0.0.1", "::1").
    static func isAddress(_ host: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
    }

    /// True when an idle socket has nothing to say: the server has not closed it and sent nothing unasked.
    static func isQuiet(_ socket: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }
}
