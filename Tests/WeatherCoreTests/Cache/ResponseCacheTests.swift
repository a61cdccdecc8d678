import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore

/// The cache's files on disk: read with a size cap.
struct ResponseCacheTests {
    /// An entry on disk, lengthened to `size` bytes with zeros after its body (sparse: it takes no disk).
    func entry(grownTo size: UInt64) async throws -> ResponseCache.Entry? {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        await ResponseCache(directory: folder.url).store(Data("{}".utf8), for: "forecast|1|2", at: Date(timeIntervalSince1970: 1_700_000_000))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        try #require(names.count == 1)
        let handle = try FileHandle(forWritingTo: folder.path(names[0]))
        try handle.truncate(atOffset: size)
        try handle.close()
        // A new cache (as at the next launch) has nothing in memory: it reads the file.
        return await ResponseCache(directory: folder.url).entry(for: "forecast|1|2")
    }

    @Test func aFileOverTheCapCountsAsNoEntryWithoutBeingRead() async throws {
        let cap = UInt64(ResponseCache.maximumFileBytes)
        #expect(cap == 4 << 20)
        let within = try await entry(grownTo: cap)
        #expect(within?.fetchedAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(within?.body.prefix(2) == Data("{}".utf8))
        #expect(try await entry(grownTo: cap + 1) == nil)
        #expect(try await entry(grownTo: 100_000_000) == nil)
    }
}
