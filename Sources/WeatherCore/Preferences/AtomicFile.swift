import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Whole-file writes that either land complete or not at all: a temporary file in the same folder, flushed, then renamed.
package enum AtomicFile {
    /// Writes `data` to `url` atomically, creating the folder (0700) and the file (0600: it may sit beside secrets).
    /// `durable` flushes the data to disk before the rename (preferences); a cache, which can be fetched again, skips
    /// that cost: the rename still means readers see the old file or the new one, whole.
    package static func write(_ data: Data, to url: URL, durable: Bool = true) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        var fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        if fd < 0, errno == ENOENT {
            // The folder is made only when missing: FileManager's checks cost more than the write itself.
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var failure: POSIXErrorCode?
        data.withUnsafeBytes { buffer in
            var offset = 0
            guard let base = buffer.baseAddress else { return }
            while offset < buffer.count {
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = POSIXErrorCode(rawValue: errno) ?? .EIO
                    return
                }
                offset += written
            }
        }
        if failure == nil, durable, fsync(fd) != 0 { failure = POSIXErrorCode(rawValue: errno) ?? .EIO }
        close(fd)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = POSIXErrorCode(rawValue: errno) ?? .EIO }
        if let failure {
            unlink(temporary.path)
            throw POSIXError(failure)
        }
    }
}
