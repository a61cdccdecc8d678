import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
        guard let first = found else { throw HTTPError.cannotConnect(host: host) }
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
            } catch is HTTPError where next != nil {
                limit.signal.release()
                close(socket)
            } catch {
                limit.signal.release()
                close(socket)
                throw error
            }
        }
        throw HTTPError.cannotConnect(host: host)
    }

    private static func connect(
        _ socket: Int32, to address: addrinfo, host: String, limit: IOLimit, until end: ContinuousClock.Instant
    ) throws {
        if Glibc.connect(socket, address.ai_addr, address.ai_addrlen) == 0 { return }
        guard errno == EINPROGRESS else { throw HTTPError.cannotConnect(host: host) }
        try limit.wait(socket, for: Int16(POLLOUT), until: end)
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
        if failure != 0 {
            if limit.signal.isCancelled { throw CancellationError() }
            throw HTTPError.cannotConnect(host: host)
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
