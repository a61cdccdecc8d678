import Foundation
import Testing

/// Compares output with a golden file in `folder`; `UPDATE_GOLDEN=1` rewrites the file instead.
public struct Golden: Sendable {
    public let folder: URL

    /// The `Golden` folder beside the test file `file` (pass `#filePath`).
    public init(beside file: String) {
        folder = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    public func check(_ output: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? output.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run with UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(output == expected, "differs from Golden/\(name)", sourceLocation: sourceLocation)
    }
}
