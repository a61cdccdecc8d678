import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file only when it is no larger than a cap: its size is taken from the open file first, and at most
/// one byte more than the cap is ever read, so a huge file costs nothing but the look at its size.
package enum BoundedFile {
    /// Why a file was not read.
    package enum Failure: Error, Equatable, Sendable {
        /// There is no file there (nor a link to one).
        case missing
        /// A directory stands where the file should be.
        case directory
        /// Larger than the cap: `size` bytes.
        case tooLarge(size: Int)
        /// Refused (permissions), not a regular file, or the read failed.
        case unreadable
    }

    /// The file's bytes, following symbolic links; a file that grows past the cap while it is read counts as too large.
    package static func read(_ url: URL, limit: Int) throws(Failure) -> Data {
        // Non-blocking, so that a named pipe left there cannot hang the program before fstat tells what it is.
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        defer { close(fd) }
        let size = try regularFileSize(fd, limit: limit)
        // Room for what fstat said plus one byte, to see the end; grown (up to one byte past the cap) only for a file
        // that is still being written.
        var data = Data(count: size + 1)
        var total = 0
        while true {
            if total == data.count {
                guard data.count <= limit else { throw .tooLarge(size: total) }
                data.count = min(limit + 1, data.count * 2)
            }
            let count = data.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress.map { $0 + total }, buffer.count - total)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable }
            if count == 0 { break }
            total += count
        }
        data.count = total
        return data
    }

    /// Checks, without reading it, that the file could be read whole within the cap; returns its size.
    @discardableResult
    package static func check(_ url: URL, limit: Int) throws(Failure) -> Int {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        defer { close(fd) }
        return try regularFileSize(fd, limit: limit)
    }

    /// The size of the open file when it is a regular file no larger than `limit`.
    private static func regularFileSize(_ fd: Int32, limit: Int) throws(Failure) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .directory
        default: throw .unreadable
        }
        let size = Int(info.st_size)
        guard size <= limit else { throw .tooLarge(size: size) }
        return size
    }
}
