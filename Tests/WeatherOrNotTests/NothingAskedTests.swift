import Foundation
import Testing
import WeatherCoreTesting

/// Runs that need no weather ask for none: every provider's base URL points at a loopback server that counts the
/// connections it accepts, and `--version`, `--help`, the generated files, `--recent-cities` and an offline one-shot
/// leave it untouched. The providers are built when a request first reaches them (issue 24, "Built when needed").
struct NothingAskedTests {
    static let runs: [[String]] = [
        ["--version"],
        ["--help"],
        ["--recent-cities"],
        ["--generate-man-page"],
        ["--generate-completion-script", "bash"],
        ["--offline", "London"],
    ]

    @Test(arguments: runs)
    func aRunThatNeedsNoWeatherOpensNoConnection(_ arguments: [String]) async throws {
        let server = try FakeProviders.start()
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        // Each prints something, but the recent list of a new sandbox, which is empty.
        #expect(result.stdout.isEmpty == (arguments == ["--recent-cities"]))
        #expect(server.connectionsAccepted == 0, "\(arguments) opened a connection")
    }

    /// The counter counts: the same sandbox asked for a city connects.
    @Test func theServerCountsAConnectionWhenWeatherIsAskedFor() async throws {
        let server = try FakeProviders.start()
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(["London"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.connectionsAccepted > 0)
    }
}
