import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Idle connections by origin, at most four each, dropped after 30 seconds or once the server has closed them.
final class ConnectionPool: Sendable {
    private static let maximumIdle = Duration.seconds(30)
    private let idle = Mutex<[String: [HTTPConnection]]>([:])
    private let openedCount = Atomic<Int>(0)

    var opened: Int { openedCount.load(ordering: .relaxed) }

    func countOpened() { openedCount.add(1, ordering: .relaxed) }

    func take(_ origin: String) -> HTTPConnection? {
        while let connection = idle.withLock({ $0[origin]?.popLast() }) {
            if ContinuousClock.now - connection.idleSince < Self.maximumIdle, TCPSocket.isQuiet(connection.socket) {
                return connection
            }
            connection.close()
        }
        return nil
    }

    func put(_ connection: HTTPConnection, for origin: String) {
        connection.idleSince = .now
        let evicted = idle.withLock { idle -> HTTPConnection? in
            idle[origin, default: []].append(connection)
            return idle[origin]!.count > 4 ? idle[origin]!.removeFirst() : nil
        }
        evicted?.close()
    }
}
