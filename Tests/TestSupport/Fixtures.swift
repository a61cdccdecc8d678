import Foundation

/// The files in `Tests/Fixtures`, read from the source tree.
public enum Fixtures {
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The package's root folder.
    public static let packageRoot = folder.deletingLastPathComponent().deletingLastPathComponent()

    public static func data(_ name: String) -> Data {
        // A missing fixture is a broken test tree: fail loudly with its name.
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
            fatalError("missing fixture \(name)")
        }
        return data
    }
}
