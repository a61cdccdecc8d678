import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Lets a request's cancellation reach the thread doing its I/O: `cancel()` shuts the watched socket down,
/// which ends any wait on it at once.
final class CancelSignal: Sendable {
    private let state = Mutex<(socket: Int32, cancelled: Bool)>((-1, false))

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if state.socket >= 0 { shutdown(state.socket, Int32(SHUT_RDWR)) }
        }
    }

    /// Watches `socket` until `release()`; false, watching nothing, when the request is already cancelled.
    func watch(_ socket: Int32) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.socket = socket
            return true
        }
    }

    /// Stops watching; called before the socket is closed or pooled, so a late cancel never reaches another request.
    func release() {
        state.withLock { $0.socket = -1 }
    }
}

/// The bounds of one request's I/O: a deadline, the timeout to name when it passes, and its cancellation.
struct IOLimit {
    let deadline: ContinuousClock.Instant
    let timeout: Double
    let signal: CancelSignal

    /// Waits until `socket` is ready for `events`, the deadline (`WeatherError.timedOut`) or a cancel.
    func wait(_ socket: Int32, for events: Int16, until end: ContinuousClock.Instant? = nil) throws {
        let end = end ?? deadline
        while true {
            if signal.isCancelled { throw CancellationError() }
            let left = end - .now
            guard left > .zero else { throw WeatherError.timedOut(seconds: timeout) }
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(clamping: milliseconds))
            if ready > 0 {
                if signal.isCancelled { throw CancellationError() }
                return
            }
            if ready < 0, errno != EINTR { throw WeatherError.badResponse(WeatherError.truncatedDetail) }
        }
    }
}

/// A connected, non-blocking TCP socket.
enum TCPSocket {
    /// Resolves `host` and connects to the first address that answers. Every address but the last gets at most
    /// 2 seconds, so a silent IPv6 route does not use up the whole timeout.
    static func connect(host: String, port: Int, limit: IOLimit) throws -> Int32 {
        var found: UnsafeMutablePointer<addrinfo>?
        // An address needs no lookup; a name is looked up for the address families this machine has, then for
        // any (a machine whose only addresses are loopback has "none" by AI_ADDRCONFIG's count).
        let flags = isAddress(host) ? [AI_NUMERICHOST] : [AI_ADDRCONFIG, 0]
        for flag in flags where found == nil {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            hints.ai_flags = flag | AI_NUMERICSERV
            if getaddrinfo(host, String(port), &hints, &found) != 0 { found = nil }
        }
        guard let first = found else { throw WeatherError.cannotConnect(host: host) }
        defer { freeaddrinfo(first) }
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next?.pointee {
            next = address.ai_next
            let attemptEnd = next == nil ? limit.deadline : min(limit.deadline, .now + .seconds(2))
            let socket = Glibc.socket(address.ai_family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { continue }
            guard limit.signal.watch(socket) else {
                close(socket)
                throw CancellationError()
            }
            do {
                try connect(socket, to: address, host: host, limit: limit, until: attemptEnd)
                var yes: Int32 = 1
                setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
                return socket
            } catch is WeatherError where next != nil {
                limit.signal.release()
                close(socket)
            } catch {
                limit.signal.release()
                close(socket)
                throw error
            }
        }
        throw WeatherError.cannotConnect(host: host)
    }

    private static func connect(
        _ socket: Int32, to address: addrinfo, host: String, limit: IOLimit, until end: ContinuousClock.Instant
    ) throws {
        if Glibc.connect(socket, address.ai_addr, address.ai_addrlen) == 0 { return }
        guard errno == EINPROGRESS else { throw WeatherError.cannotConnect(host: host) }
        try limit.wait(socket, for: Int16(POLLOUT), until: end)
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
        if failure != 0 {
            if limit.signal.isCancelled { throw CancellationError() }
            throw WeatherError.cannotConnect(host: host)
        }
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

extension IOLimit {
    /// A connection that failed mid-exchange: a cancel when it was one, else a broken-off answer.
    var brokenOff: any Error {
        signal.isCancelled ? CancellationError() : WeatherError.badResponse(WeatherError.truncatedDetail)
    }
}
