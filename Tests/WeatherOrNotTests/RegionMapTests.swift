import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore

/// London followed alone, as a past session would have left it.
private func followLondon(_ runner: BinaryRunner) throws {
    var preferences = Preferences()
    preferences.recentCities = [Place(name: "London", state: "England", country: "GB", latitude: 51.5085, longitude: -0.1257)]
    try runner.write(preferences)
}

/// `:map` of one place is a weather map of its region: the gazetteer's large cities around it, their weather from ONE
/// Open-Meteo request for all of them whatever the provider chosen (keyless, attributed), never one a city.
@Suite(.serialized)
struct RegionMapTests {
    @Test func theRegionsCitiesComeFromOneOpenMeteoRequestWithMETNorwayChosen() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        // The built-in gazetteer (which the sandbox otherwise turns off) names the region's cities.
        let runner = BinaryRunner(server: server, key: nil, extra: ["WEATHER_GAZETTEER": "on"])
        defer { runner.remove() }
        try followLondon(runner)
        let result = try await runner.run(["--provider", "met-norway"], input: ":map\n")
        #expect(result.status == 0, "\(result.stderr)")
        // London's weather from MET Norway; every region city's in one Open-Meteo forecast request.
        #expect(server.requests.contains { $0.path.hasPrefix("/weatherapi/") })
        let forecasts = server.requests(to: "/v1/forecast")
        #expect(forecasts.count == 1, "\(forecasts.map(\.target))")
        let latitudes = try #require(forecasts.first?.value("latitude")).split(separator: ",")
        #expect(latitudes.count == Gazetteer.shared.largeCities(around: 51.5085, -0.1257).count)
        #expect(latitudes.count >= 5)
        // Birmingham and Paris lie within London's region; the map marks them with dots, and says whose data it is.
        let cities = Gazetteer.shared.largeCities(around: 51.5085, -0.1257).map(\.name)
        #expect(cities.contains("Birmingham") && cities.contains("Paris"), "\(cities)")
        #expect(result.stdout.contains("•"), "\(result.stdout)")
        #expect(result.stdout.contains("Weather data by Open-Meteo.com"), "\(result.stdout)")
    }

    @Test func offlineTheRegionIsNotAsked() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil, extra: ["WEATHER_GAZETTEER": "on"])
        defer { runner.remove() }
        try followLondon(runner)
        let result = try await runner.run(["--offline"], input: ":map\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.isEmpty, "\(server.requests.map(\.target))")
        #expect(!result.stdout.contains("•") && !result.stdout.contains("Open-Meteo.com"), "\(result.stdout)")
    }

    @Test func twoPlacesAreAMapOfThemAlone() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        try followTwo(runner)
        let result = try await runner.run(["--provider", "met-norway"], input: ":map\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests(to: "/v1/forecast").isEmpty)
        #expect(!result.stdout.contains("•"))
    }
}

/// `--map`: the map once, and with `--json` its frame and places held to the schema.
@Suite(.serialized)
struct MapOptionTests {
    @Test func mapAsJSONFollowsTheSchemaWithItsFrameAndRegionCities() async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil, extra: ["WEATHER_GAZETTEER": "on"])
        defer { runner.remove() }
        try followLondon(runner)
        let result = try await runner.run(["--map", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try JSONSchema.repository().errors(in: result.stdout) == [])
        let value = try JSONValue.parse(Data(result.stdout.utf8))
        #expect(value["view"] == .string("map"))
        #expect(value["frame"]?["columns"] == .number(80))
        #expect(value["frame"]?["world"] == .bool(false))
        let places = try #require(value["places"]?.array)
        #expect(places.count == 1 && places[0]["cell"]?["row"] != nil && places[0]["labelled"] == .bool(true))
        let cities = try #require(value["regionCities"]?.array)
        #expect(cities.count == Gazetteer.shared.largeCities(around: 51.5085, -0.1257).count)
        #expect(cities.allSatisfy { $0["temperature"]?.double != nil })
        #expect(value["regionSource"]?.string?.contains("Open-Meteo") == true)
        #expect(server.requests(to: "/v1/forecast").count == 2)  // London's own, and one for every region city
    }

    @Test func mapStandsAloneAndAMapOfNothingSaysHowToFollowAPlace() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let alone = try await runner.run(["--map", "London"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--map draws the places you follow, so it cannot be combined with CITY."), "\(alone.stderr)")
        let both = try await runner.run(["--map", "--places"])
        #expect(both.status == 64 && both.stderr.contains("combined with --places"), "\(both.stderr)")
        let none = try await runner.run(["--map"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout.contains("No places yet: look up a city, or save a home with :home CITY."), "\(none.stdout)")
    }
}
