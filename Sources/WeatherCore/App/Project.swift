import HTTPKit

/// The program as servers see it.
package enum Project {
    package static let version = "0.1.0"
    /// The day this version was made: the man page's date (set with the version).
    package static let releaseDate = "2026-11-23"
    /// Sent with every request: MET Norway's terms ask each client to name itself.
    package static let userAgent = "weather-or-not/\(version)"
}

extension SocketTransport {
    /// The live transport, naming the program in every request (`Project.userAgent`).
    package convenience init(trust: TLSTrust = .system, proxies: ProxySettings = .none) {
        self.init(userAgent: Project.userAgent, trust: trust, proxies: proxies)
    }
}
