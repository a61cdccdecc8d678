import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherProviders

/// The README's table of the countries the warnings cover is the code's own list.
struct WarningCoverageTests {
    static let begin = "<!-- warning-coverage: generated from WarningCoverage.markdownTable -->"
    static let end = "<!-- /warning-coverage -->"

    @Test func theReadmesTableIsTheCodesList() throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: Self.begin))
        let stop = try #require(readme.range(of: Self.end))
        let table = readme[start.upperBound..<stop.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        if table != WarningCoverage.markdownTable {
            // The table to paste, beside the test's temporary files.
            try? WarningCoverage.markdownTable.write(
                to: FileManager.default.temporaryDirectory.appendingPathComponent("warning-coverage.md"), atomically: true, encoding: .utf8)
        }
        #expect(table == WarningCoverage.markdownTable)
    }

    @Test func theWarningsReachAtLeastFortyCountriesEachOnce() {
        let codes = WarningCoverage.rows.map(\.country)
        #expect(codes.count >= 40 && Set(codes).count == codes.count)
        #expect(WarningCoverage.rows.allSatisfy { WarningCoverage.names[$0.country] != nil })
    }
}
