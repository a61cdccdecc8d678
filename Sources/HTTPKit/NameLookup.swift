import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Looks a host name up: the system's resolver (`SystemResolver`), or one a test gives. It may block for as long as it
/// likes; `NameLookup` calls it on a thread of its own and stops waiting at the request's deadline.
package protocol Resolver: Sendable {
    /// The addresses of `host` with `port`, best first (as `getaddrinfo` sorts them); none when the name is unknown.
    func addresses(host: String, port: Int) -> [SocketAddress]
}

/// An IPv4 or IPv6 address and port, as `connect(2)` takes it.
package struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    let family: Int32
    private let bytes: [UInt8]

    /// "127.0.0.1" or "::1" and a port; nil for anything else (a name, or an address with a zone).
    package init?(address: String, port: Int) {
        guard (0...65535).contains(port), !address.utf8.contains(0) else { return nil }
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            self.init(family: AF_INET, raw: v4)
        } else if inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            self.init(family: AF_INET6, raw: v6)
        } else {
            return nil
        }
    }

    private init<Raw>(family: Int32, raw: Raw) {
        self.family = family
        bytes = withUnsafeBytes(of: raw) { Array($0) }
    }

    /// An address `getaddrinfo` gave; nil for a family other than IPv4 and IPv6.
    init?(_ info: addrinfo) {
        guard let address = info.ai_addr, info.ai_family == AF_INET || info.ai_family == AF_INET6 else { return nil }
        family = info.ai_family
        bytes = Array(UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
    }

    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        // `bytes` is never empty (a sockaddr_in or sockaddr_in6), so its buffer always has an address.
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { preconditionFailure("an empty socket address") }
            return body(base.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
    }

    /// "127.0.0.1:443" or "[::1]:443".
    package var description: String {
        bytes.withUnsafeBytes { raw in
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if family == AF_INET {
                var address = raw.loadUnaligned(as: sockaddr_in.self)
                inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count))
                return "\(Self.text(text)):\(UInt16(bigEndian: address.sin_port))"
            }
            var address = raw.loadUnaligned(as: sockaddr_in6.self)
            inet_ntop(AF_INET6, &address.sin6_addr, &text, socklen_t(text.count))
            return "[\(Self.text(text))]:\(UInt16(bigEndian: address.sin6_port))"
        }
    }

    /// The text of a NUL-terminated C string in a buffer.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// RFC 8305's order: the resolver's first address, then the other family's first, alternating while both last.
    static func interleaved(_ addresses: [SocketAddress]) -> [SocketAddress] {
        guard let first = addresses.first else { return [] }
        var preferred = addresses.filter { $0.family == first.family }[...]
        var other = addresses.filter { $0.family != first.family }[...]
        var order: [SocketAddress] = []
        while !preferred.isEmpty || !other.isEmpty {
            if let next = preferred.popFirst() { order.append(next) }
            if let next = other.popFirst() { order.append(next) }
        }
        return order
    }
}

/// `getaddrinfo`, called once, for both families (an IPv6 address on a machine without IPv6 fails at once, and
/// Happy Eyeballs moves on to the next address).
package struct SystemResolver: Resolver {
    package init() {}

    package func addresses(host: String, port: Int) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next?.pointee {
            if let address = SocketAddress(info), !addresses.contains(address) { addresses.append(address) }
            next = info.ai_next
        }
        return addresses
    }
}

/// Name lookups bounded by the request's deadline and its cancellation.
///
/// The resolver runs on a thread of its own; a request stops waiting for it at its deadline, and the thread is
/// abandoned until the resolver returns. So that a resolver that never answers cannot pile threads up, a request
/// for a host and port whose lookup is still pending waits for that same lookup, and at most `maximumPending`
/// lookups are pending at once (beyond that a request fails at once, as if the name were unknown).
final class NameLookup: Sendable {
    static let system = NameLookup(SystemResolver())
    static let maximumPending = 8

    private let resolver: any Resolver
    private let pending = Mutex<[String: Lookup]>([:])

    init(_ resolver: any Resolver) {
        self.resolver = resolver
    }

    /// Lookups running now, abandoned ones included.
    var pendingCount: Int { pending.withLock { $0.count } }

    /// The addresses of `host` (an address is its own answer), or `HTTPError.cannotConnect`; `HTTPError.timedOut` at
    /// the deadline and `CancellationError` on a cancel, however long the resolver takes.
    func addresses(host: String, port: Int, limit: IOLimit) throws -> [SocketAddress] {
        if let address = SocketAddress(address: host, port: port) { return [address] }
        guard let waker = Waker() else { throw HTTPError.cannotConnect(host: host) }
        let key = "\(host) \(port)"
        let (lookup, isNew) = pending.withLock { table -> (Lookup?, Bool) in
            if let running = table[key] { return (running, false) }
            guard table.count < Self.maximumPending else { return (nil, false) }
            let lookup = Lookup()
            table[key] = lookup
            return (lookup, true)
        }
        guard let lookup else { throw HTTPError.cannotConnect(host: host) }
        lookup.add(waker)
        defer { lookup.remove(waker) }
        if isNew {
            let resolver = resolver
            DetachedThread.start { [self] in
                let found = resolver.addresses(host: host, port: port)
                pending.withLock { $0[key] = nil }
                lookup.finish(found)
            }
        }
        guard limit.signal.watch(waker.readEnd) else { throw CancellationError() }
        defer { limit.signal.release() }
        while true {
            if let found = lookup.answer {
                guard !found.isEmpty else { throw HTTPError.cannotConnect(host: host) }
                return found
            }
            try limit.wait(waker.readEnd, for: Int16(POLLIN))
            if limit.signal.isCancelled { throw CancellationError() }
        }
    }

    /// One pending lookup and the requests waiting for it.
    private final class Lookup: Sendable {
        private let state = Mutex<(answer: [SocketAddress]?, waiting: [Waker])>((nil, []))

        var answer: [SocketAddress]? { state.withLock { $0.answer } }

        func add(_ waker: Waker) {
            state.withLock { state in
                state.waiting.append(waker)
                if state.answer != nil { waker.wake() }
            }
        }

        func remove(_ waker: Waker) {
            state.withLock { $0.waiting.removeAll { $0 === waker } }
        }

        func finish(_ answer: [SocketAddress]) {
            state.withLock { state in
                state.answer = answer
                for waker in state.waiting { waker.wake() }
            }
        }
    }
}

/// A socket pair that a waiting request polls: `wake()` makes it readable, and so does a cancel, which shuts the
/// read end down (`CancelSignal` shuts down whatever socket it watches). Closed when the last holder lets go, so a
/// late `wake()` never writes to a descriptor number that has been reused.
final class Waker: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    /// Nil when the process has no descriptors left.
    init?() {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0, &pair) == 0
        else { return nil }
        readEnd = pair[0]
        writeEnd = pair[1]
    }

    func wake() {
        var byte: UInt8 = 1
        _ = send(writeEnd, &byte, 1, Int32(MSG_NOSIGNAL))
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
