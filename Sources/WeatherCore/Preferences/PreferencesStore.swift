import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes the preferences file: atomically, tolerantly, never losing what was saved, and merged with what
/// other running instances saved meanwhile (never last writer wins).
package final class PreferencesStore: Sendable {
    /// The largest preferences file read (20 recent places take about 6 KiB).
    package static let maximumBytes = 1 << 20

    package let url: URL
    /// False when an existing file could be neither read nor moved aside: it must not be written over.
    private let writable: Bool
    /// How long a save waits for another instance's (a save holds the lock for a few milliseconds; one stopped with
    /// Ctrl-Z in the middle of its save must not hang every other window).
    private let lockWait: Duration

    /// The result of opening the store: the preferences and, when the file was unusable, one line saying so.
    package struct Loaded: Sendable {
        package var preferences: Preferences
        package var warning: Phrase?
    }

    private init(url: URL, writable: Bool, lockWait: Duration) {
        self.url = url
        self.writable = writable
        self.lockWait = lockWait
    }

    /// Loads the file. A corrupt or unreadable one is moved aside (kept), reported, and replaced by defaults; one over
    /// `maximumBytes` is left where it is, unread and never written over, and the session runs on defaults.
    package static func open(at url: URL, now: Date = Date(), lockWait: Duration = .seconds(5)) -> (PreferencesStore, Loaded) {
        let store = { (writable: Bool) in PreferencesStore(url: url, writable: writable, lockWait: lockWait) }
        // Through a symbolic link, what is moved aside or written is the file it leads to: the link stays.
        let file = (try? target(of: url)) ?? url
        removeAbandonedTemporaries(beside: file, now: now)
        let problem: String
        do throws(BoundedFile.Failure) {
            let data = try BoundedFile.read(url, limit: maximumBytes)
            if let preferences = try? Preferences(data: data) {
                return (store(true), Loaded(preferences: preferences, warning: nil))
            }
            problem = "preferences.invalid"
        } catch .missing {
            return (store(true), Loaded(preferences: Preferences(), warning: nil))
        } catch .tooLarge {
            let warning = Phrase("preferences.tooLarge", ["path": url.path, "limit": String(maximumBytes >> 20)])
            return (store(false), Loaded(preferences: Preferences(), warning: warning))
        } catch .directory {
            problem = "preferences.directory"
        } catch {
            problem = "preferences.unreadable"
        }
        let aside = file.appendingPathExtension("corrupt-\(Int(now.timeIntervalSince1970))")
        if (try? FileManager.default.moveItem(at: file, to: aside)) != nil {
            let name = file == url ? aside.lastPathComponent : aside.path
            let warning = Phrase(problem + ".keptAside", ["path": url.path, "aside": name])
            return (store(true), Loaded(preferences: Preferences(), warning: warning))
        }
        let warning = Phrase(problem + ".untouched", ["path": url.path])
        return (store(false), Loaded(preferences: Preferences(), warning: warning))
    }

    /// The preferences as saved, for a reader that changes nothing (a bad file is not moved aside): defaults when
    /// there is none or it cannot be read.
    package static func peek(at url: URL) -> Preferences {
        (try? BoundedFile.read(url, limit: maximumBytes)).flatMap { try? Preferences(data: $0) } ?? Preferences()
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

    /// Saves a change: under a lock held by one instance at a time, the file is read again, `change` is applied to
    /// what it holds (so keys this instance did not change keep what other instances saved, and the recent list
    /// gains this instance's place without losing theirs), and the result is written atomically. `session` is this
    /// instance's own preferences with the change already made: it is written whole when there is no file.
    /// Returns what was saved. A store opened on a file it must not touch saves nothing and returns `session`.
    /// Throws when the disk refuses, or when the file became unusable meanwhile (it is then left as it is).
    @discardableResult
    package func save(_ session: Preferences, applying change: (inout Preferences) -> Void) throws -> Preferences {
        guard writable else { return session }
        let lock = try Self.lock(beside: url, waiting: lockWait)
        defer { close(lock) }  // closing the descriptor releases the lock
        let target = try Self.target(of: url)
        let stored: Data?
        do throws(BoundedFile.Failure) {
            stored = try BoundedFile.read(target, limit: Self.maximumBytes)
        } catch .missing {
            stored = nil
        }
        var merged = session
        if let stored {
            merged = try Preferences(data: stored)
            change(&merged)
        }
        try AtomicFile.write(merged.data, to: target)
        return merged
    }

    /// Takes the exclusive lock on `preferences.json.lock` beside the file (created, 0600, with its folder), waiting
    /// at most `lockWait` for another instance to finish its save. Returns the descriptor holding it.
    private static func lock(beside url: URL, waiting lockWait: Duration) throws -> Int32 {
        let path = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".lock")
        var fd = Glibc.open(path.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0, errno == ENOENT {
            try FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            fd = Glibc.open(path.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let deadline = ContinuousClock.now + lockWait
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let failure = POSIXErrorCode(rawValue: errno) ?? .EIO
            guard failure == .EINTR || (failure == .EWOULDBLOCK && ContinuousClock.now < deadline) else {
                close(fd)
                throw POSIXError(failure)
            }
            usleep(2_000)
        }
        return fd
    }

    /// The file a write replaces: `url` itself, or, when it is a symbolic link (a dotfiles checkout), the file the
    /// link leads to, through any chain of links, so the link stays a link. Relative links are read from their folder.
    static func target(of url: URL) throws -> URL {
        var current = url
        for _ in 0..<40 {  // the kernel's own limit on a chain of links (ELOOP)
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else { return current }
            current = destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        throw POSIXError(.ELOOP)
    }
}
