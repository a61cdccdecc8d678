import Foundation
import HTTPKit
import Testing
import WeatherCoreTesting

/// `weather-loopback`, the tests' loopback servers as scripts/bench.py drives them, and the route it serves.
struct LoopbackToolTests {
    static let executable = URL(fileURLWithPath: BinaryRunner.executable).deletingLastPathComponent()
        .appendingPathComponent("weather-loopback").path

    @Test func itPrintsItsLoopbackServersThenAnswersEachCommandUntilInputCloses() async throws {
        let result = try await ExternalProgram.run(
            Self.executable, [], input: "latency 0.01\nhostile largest\nhostile none\nreset\nstats\nnonsense\nair off\nair on\n")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == 9, "the servers, then one line per command")
        let servers = try #require(lines.first ?? nil)
        for name in ["http", "http_plain", "https", "https_keep_alive"] {
            let url = try #require(servers[name] as? String)
            #expect(url.hasPrefix(name.hasPrefix("https") ? "https://127.0.0.1:" : "http://127.0.0.1:"))
        }
        #expect((lines[2]?["bytes"] as? Int ?? 0) > 1_000_000, "1 MiB of `[{},…]`")
        let stats = try #require(lines[5]?["http"] as? [String: Any])
        #expect(stats["bytes"] as? Int == 0)
        #expect(lines[6]?["error"] as? String == "unknown command: nonsense")
        #expect(lines[7]?["air"] as? String == "off" && lines[8]?["air"] as? String == "on")
    }

    /// The bench's geocoded places with rain to the minute: a name asked with Norway or Britain lies near Oslo (MET
    /// Norway's nowcast box) or London (Open-Meteo's 15-minute one), through either geocoder; without a country,
    /// anywhere.
    @Test func aNameWithNorwayOrBritainLiesWhereTheMinutesAre() async throws {
        let server = try LoopbackServer(handler: FakeProviders.anyPlace)
        defer { server.stop() }
        let transport = SocketTransport(userAgent: "weather-or-not-tests")
        for (country, latitudes, longitudes) in [("NO", 59.5...60.5, 10.25...11.25), ("GB", 51.0...52.0, -0.6...0.4)] {
            let direct = try await transport.get(
                try #require(URL(string: server.baseURL + "/geo/1.0/direct?q=New%20City%203,\(country)&limit=5&appid=k")), timeout: 30)
            let found = try #require(try JSONValue.parse(direct.body).array?.first)
            #expect(latitudes.contains(found["lat"]?.double ?? 0) && longitudes.contains(found["lon"]?.double ?? 0))
            #expect(found["country"]?.string == country)
            let search = try await transport.get(
                try #require(URL(string: server.baseURL + "/v1/search?name=New%20City%203&countryCode=\(country)&count=10")), timeout: 30)
            let result = try #require(try JSONValue.parse(search.body)["results"]?.array?.first)
            #expect(latitudes.contains(result["latitude"]?.double ?? 0) && longitudes.contains(result["longitude"]?.double ?? 0))
            #expect(result["country_code"]?.string == country)
        }
    }

    @Test(arguments: ["openweather", "open-meteo", "met-norway"])
    func everyNameIsAPlaceOfItsOwnForEveryProvider(provider: String) async throws {
        let server = try LoopbackServer(handler: FakeProviders.anyPlace)
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let first = try await runner.run(["--provider", provider, "Benchtown 1"])
        let firstCost = server.weatherRequests.map(\.path)
        let second = try await runner.run(["--provider", provider, "Benchtown 2"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(second.status == 0, "\(second.stderr)")
        // Two names, two places: the second costs the requests the first did, geocoding included, none from the cache.
        #expect(firstCost.contains { ["/geo/1.0/direct", "/v1/search"].contains($0) })
        #expect(Array(server.weatherRequests.map(\.path).dropFirst(firstCost.count)).sorted() == firstCost.sorted())
    }
}
