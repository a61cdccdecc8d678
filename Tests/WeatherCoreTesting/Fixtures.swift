import Foundation

/// The files in `Tests/Fixtures`, read from the source tree.
public enum Fixtures {
    /// The package's root folder (this file is `Tests/WeatherCoreTesting/Fixtures.swift`).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let folder = packageRoot.appendingPathComponent("Tests/Fixtures")

    public static func data(_ name: String) -> Data {
        // A missing fixture is a broken test tree: fail loudly with its name.
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
            fatalError("missing fixture \(name)")
        }
        return data
    }
}
