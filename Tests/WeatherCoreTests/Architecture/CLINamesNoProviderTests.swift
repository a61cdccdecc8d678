import Foundation
import WeatherCoreTesting
import Testing

/// WeatherCLI, the terminal, knows providers only as the executable hands them to it (a `ProviderSetup`: the catalog
/// and the services' builder, composed in Sources/weather-or-not): it does not import WeatherProviders, and the
/// package does not make it depend on it. Read from the source tree, every `.swift` file under `Sources/WeatherCLI`.
struct CLINamesNoProviderTests {
    static let terminal = Fixtures.packageRoot.appendingPathComponent("Sources/WeatherCLI")

    static func sources() throws -> [(path: String, text: String)] { try CoreNamesNoProviderTests.sources(in: terminal) }

    /// The numbers of the lines of `text` that import WeatherProviders (`import`, `@testable import`,
    /// `@_exported import`, `import struct WeatherProviders.…`), their comments aside.
    static func providerImports(_ text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let words = CoreNamesNoProviderTests.code(String(line)).split(whereSeparator: \.isWhitespace)
            let imports = words.contains("import") && words.contains { $0 == "WeatherProviders" || $0.hasPrefix("WeatherProviders.") }
            return imports ? number + 1 : nil
        }
    }

    @Test func theSourcesAreRead() throws {
        let sources = try Self.sources()
        #expect(sources.count > 20)
        #expect(sources.contains { $0.path == "App/Launcher.swift" })
    }

    @Test func weatherCLIDoesNotImportTheProvidersTarget() throws {
        for (path, text) in try Self.sources() {
            for number in Self.providerImports(text) { Issue.record("\(path):\(number) imports WeatherProviders") }
        }
    }

    /// Package.swift's WeatherCLI target lists its dependencies on one line; WeatherProviders is not among them.
    @Test func thePackageDoesNotMakeWeatherCLIDependOnTheProviders() throws {
        let package = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declarations = package.split(separator: "\n").filter { $0.contains(".target(name: \"WeatherCLI\"") }
        #expect(declarations.count == 1, "WeatherCLI's target is declared on one line")
        for line in declarations {
            #expect(line.contains("dependencies: [\"WeatherCore\""))
            #expect(!line.contains("WeatherProviders"), "\(line)")
        }
    }

    @Test func anImportIsFoundAndACommentIsNot() {
        let source = """
            import WeatherCore
            @testable import WeatherProviders
            // import WeatherProviders
            import struct WeatherProviders.ProviderFactory
            let note = "WeatherProviders"  // import WeatherProviders
            """
        #expect(Self.providerImports(source) == [2, 4])
    }
}
