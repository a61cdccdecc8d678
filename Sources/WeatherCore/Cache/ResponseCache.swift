import FoundationEssentials
import HTTPKit

/// Response bodies by request, in memory and on disk, fresh for 10 minutes and kept after that for when the network fails.
///
/// File names are a hash of the request (endpoint, rounded coordinates or query, language): never the key or typed text.
package actor ResponseCache {
    /// A cached body, when it was fetched, and what the server said about its freshness.
    package struct Entry: Sendable {
        package var fetchedAt: Date
        package var body: Data
        /// The server's own expiry (MET Norway's `Expires`); nil: fresh for `freshness` after `fetchedAt`.
        package var validUntil: Date?
        /// The server's `Last-Modified`, for `If-Modified-Since`.
        package var lastModified: String?

        package init(fetchedAt: Date, body: Data, validUntil: Date? = nil, lastModified: String? = nil) {
            self.fetchedAt = fetchedAt
            self.body = body
            self.validUntil = validUntil
            self.lastModified = lastModified
        }

        /// True while no request should be made for it; never longer than `longestFreshness`, whatever the server said.
        package func isFresh(at now: Date) -> Bool {
            let until = validUntil ?? fetchedAt.addingTimeInterval(ResponseCache.freshness)
            return fetchedAt <= now && now < min(until, fetchedAt.addingTimeInterval(ResponseCache.longestFreshness))
        }
    }

    package static let freshness: TimeInterval = 600
    /// The largest cache file read (a forecast takes about 16 KiB; an answer is capped at 1 MiB): a larger one counts
    /// as none, unread, and the next answer's entry replaces it.
    package static let maximumFileBytes = 4 << 20
    /// The longest a server's own expiry (MET Norway's `Expires`) keeps an entry fresh: an `Expires` in 2099 would
    /// otherwise mean no request for the place again.
    package static let longestFreshness: TimeInterval = 86_400
    /// How long a stale entry stays useful for an offline fallback.
    package static let retention: TimeInterval = 7 * 24 * 3600

    private let directory: URL?
    private var memory: [String: Entry] = [:]

    /// `directory` nil keeps entries in memory only.
    package init(directory: URL?) {
        self.directory = directory
    }

    /// The entry for `key`, from memory or disk; an unreadable or oversized file counts as none, and a corrupt one
    /// (its header not this key's, or its times not moments at all) is set aside too.
    package func entry(for key: String) -> Entry? {
        if let hit = memory[key] { return hit }
        guard let url = fileURL(for: key), let data = try? BoundedFile.read(url, limit: Self.maximumFileBytes) else { return nil }
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let header = try? JSONValue.parse(Data(data[..<newline])), header["key"]?.string == key,
            let fetchedAt = PhysicalRange.moment(header["fetchedAt"]?.double)
        else {
            setAside(key)
            return nil
        }
        let validUntil = header["validUntil"]?.double
        guard validUntil == nil || PhysicalRange.moment(validUntil) != nil else {
            setAside(key)
            return nil
        }
        let entry = Entry(
            fetchedAt: fetchedAt, body: Data(data[(newline + 1)...]),
            validUntil: validUntil.map(Date.init(timeIntervalSince1970:)), lastModified: header["lastModified"]?.string)
        memory[key] = entry
        return entry
    }

    /// Stores a fresh body; a disk that refuses the write leaves the memory copy in place.
    package func store(_ body: Data, for key: String, at date: Date) {
        store(Entry(fetchedAt: date, body: body), for: key)
    }

    /// Stores an entry with its freshness; a disk that refuses the write leaves the memory copy in place.
    package func store(_ entry: Entry, for key: String) {
        memory[key] = entry
        guard let url = fileURL(for: key) else { return }
        // One JSON header line (the key, to catch hash collisions, the time, the server's freshness), then the
        // body as received.
        var members: [String: JSONValue] = ["key": .string(key), "fetchedAt": .number(entry.fetchedAt.timeIntervalSince1970)]
        if let validUntil = entry.validUntil { members["validUntil"] = .number(validUntil.timeIntervalSince1970) }
        if let lastModified = entry.lastModified { members["lastModified"] = .string(lastModified) }
        let header = JSONValue.object(members)
        let body = entry.body
        var file = Data((header.serialized + "\n").utf8)
        file.append(body)
        try? AtomicFile.write(file, to: url, durable: false)
    }

    /// Forgets an entry whose body turned out to be unreadable or unusable: its file is kept beside the others as
    /// `NAME.corrupt-TIME` (as corrupt preferences are), never read again, and the next request fetches it anew.
    package func setAside(_ key: String) {
        memory[key] = nil
        guard let url = fileURL(for: key) else { return }
        let aside = url.appendingPathExtension("corrupt-\(Int(saturating: Date().timeIntervalSince1970))")
        if (try? FileManager.default.moveItem(at: url, to: aside)) == nil { try? FileManager.default.removeItem(at: url) }
    }

    private func fileURL(for key: String) -> URL? {
        guard let directory else { return nil }
        let endpoint = key.prefix { $0 != "|" }
        return directory.appendingPathComponent("\(endpoint)-\(Self.hash(key)).json")
    }

    /// FNV-1a, 64-bit: a stable file name for a key.
    static func hash(_ key: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
