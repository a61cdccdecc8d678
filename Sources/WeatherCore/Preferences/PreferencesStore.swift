import Foundation

/// Reads and writes the preferences file: atomically, tolerantly, never losing what was saved.
package final class PreferencesStore: Sendable {
    package let url: URL
    /// False when an existing file could be neither read nor moved aside: it must not be written over.
    private let writable: Bool

    /// The result of opening the store: the preferences and, when the file was unusable, one line saying so.
    package struct Loaded: Sendable {
        package var preferences: Preferences
        package var warning: String?
    }

    private init(url: URL, writable: Bool) {
        self.url = url
        self.writable = writable
    }

    /// Loads the file. A corrupt or unreadable one is moved aside (kept), reported, and replaced by defaults.
    package static func open(at url: URL, now: Date = Date()) -> (PreferencesStore, Loaded) {
        let manager = FileManager.default
        removeAbandonedTemporaries(beside: url, now: now)
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return (PreferencesStore(url: url, writable: true), Loaded(preferences: Preferences(), warning: nil))
        }
        let problem: String
        if !isDirectory.boolValue, let data = try? Data(contentsOf: url) {
            if let preferences = try? Preferences(data: data) {
                return (PreferencesStore(url: url, writable: true), Loaded(preferences: preferences, warning: nil))
            }
            problem = "was not valid preferences"
        } else {
            problem = isDirectory.boolValue ? "is a directory" : "could not be read"
        }
        let aside = url.appendingPathExtension("corrupt-\(Int(now.timeIntervalSince1970))")
        if (try? manager.moveItem(at: url, to: aside)) != nil {
            return (
                PreferencesStore(url: url, writable: true),
                Loaded(preferences: Preferences(), warning: "Preferences at \(url.path) \(problem); kept as \(aside.lastPathComponent), using defaults.")
            )
        }
        return (
            PreferencesStore(url: url, writable: false),
            Loaded(preferences: Preferences(), warning: "Preferences at \(url.path) \(problem); using defaults for this session, the file is left untouched.")
        )
    }

    /// The preferences as saved, for a reader that changes nothing (a bad file is not moved aside): defaults when
    /// there is none or it cannot be read.
    package static func peek(at url: URL) -> Preferences {
        (try? Data(contentsOf: url)).flatMap { try? Preferences(data: $0) } ?? Preferences()
    }

    /// Deletes temporary files a killed writer left behind (over a minute old, so no live write is touched).
    static func removeAbandonedTemporaries(beside url: URL, now: Date) {
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let path = folder.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: path.path))?[.modificationDate] as? Date
            if let modified, now.timeIntervalSince(modified) > 60 { try? FileManager.default.removeItem(at: path) }
        }
    }

    /// Writes the preferences atomically; throws when the disk or folder refuses.
    package func save(_ preferences: Preferences) throws {
        guard writable else { throw CocoaError(.fileWriteNoPermission) }
        try AtomicFile.write(preferences.data, to: url)
    }
}
