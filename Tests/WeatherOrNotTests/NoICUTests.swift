import Foundation
import Testing

/// The release binary stays small (issue 24: 61 MB, nearly all ICU's data, down to 15.7 MB stripped; 16.9 MB with the
/// gazetteer of issue 25, 17.1 MB with the map's coastlines, 18.2 MB with the views since): the program's sources import FoundationEssentials, never Foundation whole, whose static
/// link pulls in ICU as soon as one of its types is used (`FileHandle`, `NSCondition`, `Thread`,
/// `folding(options:locale:)`, `DateFormatter`…). `.ci/run` checks the stripped binary's size too; this test says
/// which file brought Foundation back before a release build is made.
struct NoICUTests {
    @Test func theProgramsSourcesImportOnlyFoundationEssentials() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardizedFileURL
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            .filter { $0.pathExtension == "swift" && !$0.path.contains("/weather-bench/") }
        #expect(files.count > 50)
        var importing: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard words.first == "import" || words.first == "@preconcurrency" || words.first == "@_exported" else { continue }
                if let module = words.last, ["Foundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"].contains(module) {
                    importing.append("\(file.lastPathComponent): \(line)")
                }
            }
        }
        #expect(importing.isEmpty, "\(importing)")
    }
}
