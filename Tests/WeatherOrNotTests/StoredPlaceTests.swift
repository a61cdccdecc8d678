import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore

/// A place seen before is shown again without a search when it is typed with its country: "Perth, AU" after
/// Perth, Western Australia was found is that Perth, from the recent cities, and no geocoder is asked.
@Suite(.serialized)
struct StoredPlaceTests {
    /// Every geocoding request the server took: OpenWeather's and Open-Meteo's searches.
    static func searches(_ server: LoopbackServer) -> Int {
        server.requests(to: "/geo/1.0/direct").count + server.requests(to: "/v1/search").count
    }

    @Test(arguments: [nil, "e2e-key-Zq81"])
    func aStoredPlaceTypedWithItsCountryIsShownWithoutASearch(key: String?) async throws {
        let server = try FakeGazetteer.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: key)
        defer { runner.remove() }
        let first = try await runner.run(input: "Perth, WA\n")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(WhichPlaceTests.headings(first.stdout) == ["Perth, Western Australia, AU"])
        let searches = Self.searches(server)
        #expect(searches >= 1)  // the first Perth was searched for

        // Another session, then the same one: "Perth, AU" is the stored Perth each time.
        let second = try await runner.run(input: "Perth, AU\nLondon\nPerth, AU\n")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(WhichPlaceTests.headings(second.stdout).filter { $0.hasPrefix("Perth") } == [
            "Perth, Western Australia, AU", "Perth, Western Australia, AU",
        ])
        #expect(Self.searches(server) == searches + 1)  // London's only
    }
}
