import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore

/// Two places followed, as a past session would have left them: Kolkata (the most recent), London. (The map's tests
/// follow them too.)
func followTwo(_ runner: BinaryRunner) throws {
    var preferences = Preferences()
    preferences.recentCities = [
        Place(name: "Kolkata", state: "West Bengal", country: "IN", latitude: 22.5726, longitude: 88.3639),
        Place(name: "London", state: "England", country: "GB", latitude: 51.5085, longitude: -0.1257),
    ]
    try runner.write(preferences)
}

/// `:places`, `:forget` and `--places` through the built binary, against the loopback providers: the list, a number
/// opening a place, `:forget` taking one off, and `--places --json` held to the schema. With Open-Meteo the list is one
/// forecast request for all the places.
@Suite(.serialized)
struct PlacesFollowedTests {
    @Test func theListOpensAndForgetsPlaces() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        try followTwo(runner)
        let result = try await runner.run([], input: ":places\n2\n:forget London\n:places\n:forget 7\n:forget Atlantis\n")
        #expect(result.stdout.contains("Places you follow"), "\(result.stdout)")
        #expect(result.stdout.contains("1.") && result.stdout.contains("2.") && result.stdout.contains("London, England, GB"))
        #expect(result.stdout.contains("London, England, GB is no longer among your recent cities."))
        #expect(result.stderr.contains("Pick a number from 1 to 1."), "\(result.stderr)")
        #expect(result.stderr.contains("\"Atlantis\" is not a place you follow"), "\(result.stderr)")
        // The first list: one request for both places (their answers fresh afterwards: "2" and the second list ask
        // nothing more), and no geocoding.
        #expect(server.requests(to: "/v1/search").isEmpty)
        let forecasts = server.requests(to: "/v1/forecast").filter { !$0.asksForNowcast }
        #expect(forecasts.count == 1, "\(forecasts.map(\.target))")
        #expect(forecasts.first?.value("latitude")?.contains(",") == true)
        let saved = try Preferences(data: Data(contentsOf: runner.preferencesFile))
        #expect(saved.recentCities.map(\.name) == ["Kolkata"])
    }

    /// Piped, `:map` prints the map once at 80×20: the places' numbers on it, no line wider than 80.
    @Test func aPipedMapIsPrintedOnceAtEightyByTwenty() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        try followTwo(runner)
        let result = try await runner.run([], input: ":map\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let braille = lines.filter { $0.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) } }
        #expect(!braille.isEmpty && braille.count <= 20, "\(result.stdout)")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(result.stdout.contains("Kolkata") && result.stdout.contains("London"))
        #expect(server.requests(to: "/v1/forecast").count == 1)
    }

    @Test func placesAsJSONFollowTheSchema() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        try followTwo(runner)
        let result = try await runner.run(["--places", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONSchema.repository().errors(in: result.stdout) == [])
        let value = try JSONValue.parse(Data(result.stdout.utf8))
        #expect(value["view"] == .string("places"))
        #expect(value["places"]?.array?.count == 2)
        #expect(value["places"]?.array?.allSatisfy { $0["weather"]?["view"] == .string("current") } == true)
    }

    @Test func placesStandsAlone() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let result = try await runner.run(["--places", "London"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--places lists the places you follow, so it cannot be combined with CITY."), "\(result.stderr)")
    }
}
