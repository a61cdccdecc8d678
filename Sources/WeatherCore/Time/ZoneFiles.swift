import FoundationEssentials
import Synchronization

/// The system's time-zone files: `$TZDIR` when set, else `/usr/share/zoneinfo` (Debian's `tzdata`). A zone is
/// read once per process and kept; a name that is not a plain `Area/Location` path, a missing file, one over
/// `TZif.maximumSize` or malformed data makes the zone unknown (nil), never an error.
package struct ZoneFiles: Sendable {
    /// The folder the zone files are under.
    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    /// The folder `environment` names in `TZDIR`, else the system's.
    package init(environment: [String: String]) {
        let given = environment["TZDIR"] ?? ""
        self.init(directory: given.isEmpty ? "/usr/share/zoneinfo" : given)
    }

    /// The process's own: read once, from its environment.
    package static let system = ZoneFiles(environment: ProcessInfo.processInfo.environment)

    /// Zones read so far, by file path (nil: tried, unknown).
    private static let loaded = Mutex<[String: ZoneRules?]>([:])

    /// The zone `name` names ("America/St_Johns"); nil when it is not a plain name or its file is missing or bad.
    package func rules(_ name: String) -> ZoneRules? {
        guard Self.isPlainName(name) else { return nil }
        let path = directory + "/" + name
        if let known = Self.loaded.withLock({ $0[path] }) { return known }
        let rules = Self.read(path).flatMap { TZif.rules(name: name, bytes: $0) }
        Self.loaded.withLock { $0[path] = rules }
        return rules
    }

    /// One to three parts of letters, digits, `_`, `+` and `-`, separated by `/`, each starting with a letter:
    /// "UTC", "Europe/Lisbon", "America/Argentina/Buenos_Aires", "Etc/GMT+5". No `..`, no absolute path.
    package static func isPlainName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return false }
        return parts.allSatisfy { part in
            guard let first = part.utf8.first, (1...32).contains(part.utf8.count), first.isASCIILetter else { return false }
            return part.utf8.allSatisfy {
                $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
            }
        }
    }

    /// The file's bytes; nil when it cannot be read or is over the cap.
    private static func read(_ path: String) -> [UInt8]? {
        (try? BoundedFile.read(URL(fileURLWithPath: path), limit: TZif.maximumSize)).map { [UInt8]($0) }
    }
}
