import FoundationEssentials

/// Files shipped in `Assets/`, compiled into the binary (see `scripts/embed-assets.py`).
package enum Assets {
    /// The bytes of `Assets/<path>`, or nil when there is no such file.
    package static func data(_ path: String) -> Data? {
        EmbeddedAssets.files[path].map { Data($0.utf8) }
    }

    /// The paths of every embedded file under `folder`, sorted.
    package static func paths(under folder: String) -> [String] {
        EmbeddedAssets.files.keys.filter { $0.hasPrefix(folder + "/") }.sorted()
    }
}
