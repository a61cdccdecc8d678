import Foundation
import WeatherCoreTesting
import Testing

/// WeatherCore knows providers only as the values handed to it (`ProviderID`, `ProviderCatalog`): it does not import
/// WeatherProviders, and its code names no provider. Read from the source tree, every `.swift` file under
/// `Sources/WeatherCore`.
struct CoreNamesNoProviderTests {
    static let core = Fixtures.packageRoot.appendingPathComponent("Sources/WeatherCore")

    /// Spellings of the three providers, compared with the code in lower case.
    static let names = ["openweather", "open-meteo", "openmeteo", "met norway", "met-norway", "metnorway", "metno"]

    /// Generated from the string tables (`scripts/embed-assets.py`): words a person reads, some of which name a
    /// provider ("OpenWeather rejected the API key"), not code.
    static let tables = "Localization/EmbeddedStrings.swift"


    /// Every `.swift` file under `folder` (WeatherCore's by default), its path relative to it, and its text.
    static func sources(in folder: URL = core) throws -> [(path: String, text: String)] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (path, try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// The line without its comment: from a `//` outside a string literal to the end.
    static func code(_ line: String) -> String {
        var inString = false
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"", previous != "\\" { inString.toggle() }
            if !inString, character == "/", previous == "/" { return String(line[..<line.index(before: index)]) }
            previous = character
            index = line.index(after: index)
        }
        return line
    }

    @Test func theSourcesAreRead() throws {
        let sources = try Self.sources()
        #expect(sources.count > 50)
        #expect(sources.contains { $0.path == "Providers/FailoverProvider.swift" })
    }

    @Test func weatherCoreDoesNotImportTheProvidersTarget() throws {
        for (path, text) in try Self.sources() {
            for line in text.split(separator: "\n") where line.contains("import") {
                let words = Self.code(String(line)).split(separator: " ")
                #expect(!(words.contains("import") && words.contains("WeatherProviders")), "\(path): \(line)")
            }
        }
    }

    @Test func weatherCoreNamesNoProviderInItsCode() throws {
        for (path, text) in try Self.sources() where path != Self.tables {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // No exception: what the core words itself has keys of its own (`condition.rain.light`).
                let lower = Self.code(String(line)).lowercased()
                for name in Self.names where lower.contains(name) {
                    Issue.record("\(path):\(number + 1) names \(name): \(line)")
                }
            }
        }
    }

    @Test func commentsAndStringsAreToldApart() {
        #expect(Self.code("let a = 1  // OpenWeather") == "let a = 1  ")
        #expect(Self.code("let url = \"https://example\"  // note").contains("https://example"))
        #expect(Self.code("/// MET Norway's").isEmpty)
    }
}
