import Foundation
import TestSupport
import Testing

/// Compares output with `Tests/WeatherOrNotTests/Golden/<name>`; `UPDATE_GOLDEN=1` rewrites the file instead.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ output: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
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
