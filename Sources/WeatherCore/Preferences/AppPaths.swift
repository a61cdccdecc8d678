import FoundationEssentials
import Glibc

/// Where weather-or-not keeps its files, following the XDG base directories.
package struct AppPaths: Sendable {
    package var preferences: URL
    package var cacheDirectory: URL
    package var historyFile: URL
    /// Hosts that failed in the last minutes (`RecentFailures`).
    package var failedHosts: URL

    /// `$XDG_CONFIG_HOME`, `$XDG_CACHE_HOME` and `$XDG_STATE_HOME`, falling back to `~/.config`, `~/.cache`, `~/.local/state`.
    package init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.passwordHome
        func base(_ variable: String, _ fallback: String) -> URL {
            // XDG says relative paths are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return URL(fileURLWithPath: home).appendingPathComponent(fallback)
        }
        let name = "weather-or-not"
        preferences = base("XDG_CONFIG_HOME", ".config").appendingPathComponent(name).appendingPathComponent("preferences.json")
        cacheDirectory = base("XDG_CACHE_HOME", ".cache").appendingPathComponent(name)
        let state = base("XDG_STATE_HOME", ".local/state").appendingPathComponent(name)
        historyFile = state.appendingPathComponent("history")
        failedHosts = state.appendingPathComponent("failed-hosts.json")
    }

    /// The user's home folder from the password database, for when `HOME` is unset (Foundation's
    /// `NSHomeDirectory()` did the same, but its part of Foundation pulls ICU into the binary); "/" when it has none.
    private static var passwordHome: String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }
}
