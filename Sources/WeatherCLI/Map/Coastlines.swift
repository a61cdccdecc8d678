import Synchronization

/// Natural Earth's coastlines and borders (public domain, NOTICE), simplified and built into the program by
/// scripts/generate-coastlines.py: what the map draws.
///
/// Nothing is read until the first map: creating one costs nothing, and start-up never pays for it. The first map
/// inflates the 147 KB asset and decodes its 79,000 points (2 to 3 ms, about 1.4 MB; docs/PERFORMANCE.md, "The map").
package final class Coastlines: Sendable {
    /// The program's one copy.
    package static let shared = Coastlines()

    /// nil until first used; then the table, or nil inside when the built-in asset could not be read.
    private let loaded = Mutex<CoastlineTable??>(nil)

    package init() {}

    /// True once a map has made it read its asset.
    package var isLoaded: Bool { loaded.withLock { $0 != nil } }

    /// The table, read on the first call; nil when the asset is damaged (the map is then drawn without outlines).
    var table: CoastlineTable? {
        loaded.withLock { loaded in
            if let table = loaded { return table }
            let table = try? CoastlineTable.load()
            loaded = .some(table)
            return table
        }
    }

    /// Where the data came from, as the asset records it.
    package var source: String? { table?.source }
}
