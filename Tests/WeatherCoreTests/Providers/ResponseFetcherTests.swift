import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore

/// `ResponseFetcher.peek`: what the cache holds, read without a request.
struct ResponseFetcherTests {
    static let decode: @Sendable (Data) throws(WeatherError) -> Int = { data throws(WeatherError) in
        guard let number = Int(String(decoding: data, as: UTF8.self)) else { throw .badResponse(.verbatim("not a number")) }
        return number
    }

    /// Files written by one cache and peeked at through another over the same folder, as a later launch finds them.
    @Test func aPeekReadsTheFilesAtAnyAgeWithinRetentionAndSaysWhetherTheyAreFresh() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let clock = TestClock()
        let writer = ResponseCache(directory: folder.url)
        let entries: [(String, TimeInterval, String, Date?)] = [
            ("thirty minutes", 1_800, "30", nil), ("one minute", 60, "1", nil), ("expires later", 1_800, "2", clock.now.addingTimeInterval(60)),
            ("too old", ResponseCache.retention + 1, "7", nil), ("unreadable", 60, "seven", nil),
        ]
        for (key, age, body, validUntil) in entries {
            await writer.store(ResponseCache.Entry(fetchedAt: clock.now.addingTimeInterval(-age), body: Data(body.utf8), validUntil: validUntil), for: key)
        }
        let fetcher = ResponseFetcher(cache: ResponseCache(directory: folder.url), now: clock.function)
        let stale = try #require(await fetcher.peek("thirty minutes", decode: Self.decode))
        #expect(stale.value == 30 && stale.fetchedAt == clock.now.addingTimeInterval(-1_800) && !stale.isFresh)
        #expect(await fetcher.peek("one minute", decode: Self.decode)?.isFresh == true)
        #expect(await fetcher.peek("expires later", decode: Self.decode)?.isFresh == true)  // the server's own freshness
        #expect(await fetcher.peek("too old", decode: Self.decode) == nil)
        #expect(await fetcher.peek("unreadable", decode: Self.decode) == nil)
        #expect(await fetcher.peek("never stored", decode: Self.decode) == nil)
        // Peeking asked nothing, and changed nothing: the stale entry still goes to the network, and is replaced.
        let fetched = try await fetcher.fetch("thirty minutes", network: { cached in
            #expect(cached?.body == Data("30".utf8))
            return .body(Data("31".utf8))
        }, decode: Self.decode)
        #expect(fetched.value == 31)
        #expect(await fetcher.peek("thirty minutes", decode: Self.decode)?.isFresh == true)
    }
}
