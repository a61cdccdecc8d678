import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore

/// The request path with the built-in gazetteer on (`WEATHER_GAZETTEER=on`; `BinaryRunner` turns it off for the tests
/// written before it): what the built binary asks the loopback server for, and in what order — never a time.
@Suite(.serialized)
struct LocalPlacesTests {
    static let on = ["WEATHER_GAZETTEER": "on"]

    /// A server answering as OpenWeather, whose geocoder holds every answer until `release` is called (at most 15 s).
    final class HeldGeocoder: Sendable {
        let server: LoopbackServer
        private let released = LockedFlag(false)
        /// How many geocoder answers left after `release`, and how many before it (the hold ran out).
        let afterRelease = Counter()
        let beforeRelease = Counter()

        init() throws {
            server = try LoopbackServer(keepAlive: true) { _ in .json("[]") }
            let (released, after, before) = (released, afterRelease, beforeRelease)
            server.setHandler { request in
                if request.path == "/geo/1.0/direct" {
                    let deadline = ContinuousClock.now + .seconds(15)
                    while !released.value, ContinuousClock.now < deadline { usleep(1_000) }
                    _ = released.value ? after.next() : before.next()
                }
                return FakeOpenWeather.route(request)
            }
        }

        func release() { released.value = true }
    }

    /// At the prompt, in French: "London, GB" is found on the machine and its weather asked for at once; the geocoder,
    /// asked beside it for the French name and the region, holds its answer, and the view is drawn meanwhile under
    /// the table's name. Released, its name replaces the table's over the same view (just above the prompt: no list
    /// of namesakes under it), which is not drawn a second time below.
    @Test func aKnownCityIsDrawnBeforeTheGeocoderAnswersAndRenamedWhenItDoes() async throws {
        let held = try HeldGeocoder()
        defer { held.server.stop() }
        let runner = BinaryRunner(server: held.server, extra: Self.on)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(["--lang", "fr"], expecting: "> "))
        terminal.send("London, GB\r")
        #expect(await terminal.waitFor("London, GB"))  // drawn while the geocoder still holds its answer
        #expect(await terminal.waitFor("London> "))
        #expect(held.afterRelease.next() == 0)  // the view came before the geocoder answered
        // The geocoder's request left beside the weather's; it may reach the server after the view is drawn.
        #expect(await until { held.server.requests(to: "/geo/1.0/direct").count == 1 })
        #expect(held.server.requests(to: "/data/2.5/weather").count == 1)
        held.release()
        #expect(await terminal.waitFor("Londres, England, GB"))
        // Drawn over the first: the view's rows once more (to its last row), and no other view.
        #expect(await terminal.waitFor("Soleil"))
        #expect(terminal.transcript.components(separatedBy: "Humidité").count == 3)
        #expect(held.afterRelease.next() == 2 && held.beforeRelease.next() == 0)  // the one answer, after the release
        terminal.send(":lang en\r")
        #expect(await terminal.waitFor("London, England, GB"))  // its English name, known from local_names
        terminal.send(":lang fr\r")
        #expect(await terminal.waitFor("Londres, England, GB"))
        #expect(await terminal.quit() == 0)
        // Weather and the one geocoding request: nothing waited for a name, nothing asked twice.
        #expect(held.server.requests(to: "/geo/1.0/direct").count == 1)
    }

    /// `:compare` finds a name as the prompt does: a city the table knows clearly is taken from it, with no geocoding
    /// (before, it went to the provider's geocoder, which may rank another place of that name first).
    @Test func compareFindsPlacesOnTheMachineAsThePromptDoes() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: Self.on)
        defer { runner.remove() }
        let result = try await runner.run(input: ":compare Reykjavik; Zurich\n")
        #expect(result.status == 0, "\(result.stderr)")
        let heading = result.stdout.withoutOldObservation.split(separator: "\n").first.map(String.init) ?? ""
        #expect(heading.contains("Reykjavík, IS") && heading.contains("Zürich, CH"), "\(result.stdout)")
        #expect(server.requests(to: "/geo/1.0/direct").isEmpty)
        #expect(server.requests(to: "/data/2.5/weather").count == 2)
    }

    /// Piped, the one view waits for the names asked beside the weather (both left together): the first view is in
    /// French, and a place found as "Londres" keeps its names: "London" after `:lang en`, "Londres" again after `:lang fr`.
    @Test func aPlaceKeepsItsNamesAndIsNamedInTheLanguageInForce() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: Self.on)
        defer { runner.remove() }
        let result = try await runner.run(input: ":lang fr\nLondon\n:lang en\n:lang fr\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(WhichPlaceTests.headings(result.stdout) == ["Londres, England, GB", "London, England, GB", "Londres, England, GB"])
        let saved = try String(contentsOf: runner.preferencesFile, encoding: .utf8)
        #expect(saved.contains("\"fr\" : \"Londres\"") || saved.contains("\"fr\": \"Londres\""), "\(saved)")
    }

    /// A name the table does not know (a village of the fixtures) goes to the provider's geocoder first, as before.
    @Test func anUnknownVillageStillGoesThroughTheProvidersGeocoder() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: Self.on)
        defer { runner.remove() }
        let result = try await runner.run(["Testford"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.withoutOldObservation.hasPrefix("Testford, England, GB"))
        #expect(server.requests.first?.path == "/geo/1.0/direct")
        #expect(Self.paths(server) == ["/data/2.5/forecast", "/data/2.5/weather", "/geo/1.0/direct"])
    }

    /// An ambiguous name at the prompt: the table's list at once, and no request at all until one is picked.
    @Test func anAmbiguousNameListsTheTablesPlacesWithNoRequest() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: Self.on)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt())
        terminal.send("Springfield\r")
        #expect(await terminal.waitFor("1. Springfield, Missouri, US"))
        #expect(await terminal.waitFor("3. Springfield, Illinois, US"))
        #expect(await terminal.waitFor("weather> "))
        #expect(server.requests.isEmpty)
        terminal.send(":pick 3\r")
        #expect(await terminal.waitFor("3. Springfield, Illinois, US  (shown)"))
        #expect(await terminal.quit() == 0)
        // The pick asks for its weather alone: the table named it, with its state.
        #expect(Self.paths(server) == ["/data/2.5/forecast", "/data/2.5/weather"])
    }

    /// `:home` with an ambiguous name at the prompt, a city already shown: the first match is shown and saved as the
    /// home, the others listed under it. (The list alone, as a plain search shows it, saved the city shown before.)
    @Test func homeWithAnAmbiguousNameSavesItsFirstMatch() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: Self.on)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt())
        terminal.send("London\r")
        #expect(await terminal.waitFor("London, GB> "))
        terminal.send(":home Springfield\r")
        #expect(await terminal.waitFor("3. Springfield, Illinois, US"), "\(terminal.diagnostics)")
        #expect(await terminal.waitFor("Home saved: Springfield, Missouri, US."), "\(terminal.diagnostics)")
        #expect(await terminal.quit() == 0)
        let saved = try Preferences(data: Data(contentsOf: runner.preferencesFile))
        #expect(saved.home?.name == "Springfield" && saved.home?.state == "Missouri", "\(String(describing: saved.home))")
    }

    /// London found on the machine, then "London, England" (which the table cannot read: GB's divisions have no
    /// names there) found by the provider at other coordinates: the same town, one entry in the recent list.
    @Test func aTownFoundBothWaysIsOneRecentPlace() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: Self.on)
        defer { runner.remove() }
        let result = try await runner.run(input: "London\nLondon, England\n")
        #expect(result.status == 0, "\(result.stderr)")
        // The first asked the geocoder beside the weather for the region; the second searched with it.
        #expect(server.requests(to: "/geo/1.0/direct").map { $0.value("q") } == ["London", "London,England"])
        let recent = try await runner.run(input: ":recent\n")
        #expect(recent.stdout == "  1. London, England, GB\n", "\(recent.stdout)")
    }

    /// A city found on the machine fails over as one found by a geocoder does (OpenWeather failing, Open-Meteo
    /// answering), and its answers are cached: the same city again asks for no weather.
    @Test func aCityFoundOnTheMachineFailsOverAndIsCached() async throws {
        let server = try ProviderTests.openWeatherFailing()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: Self.on.merging(["WEATHER_PROVIDER": "openweather"]) { $1 })
        defer { runner.remove() }
        let result = try await runner.run(["--timeout", "2", "London, GB"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("OpenWeather did not answer (server error 503); showing Open-Meteo."))
        #expect(result.stdout.contains("London, England, GB"))  // the region from the geocoder asked beside it
        // Open-Meteo's one forecast (OpenWeather's UV index and the 15-minute rain, asked of Open-Meteo beside it, are
        // other requests).
        let forecasts = server.requests(to: "/v1/forecast").filter { !$0.asksForUVIndexAlone && !$0.asksForNowcast }.count
        #expect(forecasts == 1)
        let again = try await runner.run(["--timeout", "2", "London, GB"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(server.requests(to: "/v1/forecast").filter { !$0.asksForUVIndexAlone && !$0.asksForNowcast }.count == forecasts)  // from the cache
    }

    /// Coordinates near a city are named by the table at once: no reverse geocoding. Far from any (mid-Atlantic),
    /// the provider names them as before.
    @Test func coordinatesNearACityAreNamedWithoutReverseGeocoding() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: Self.on)
        defer { runner.remove() }
        let near = try await runner.run(["51.509, -0.126"])
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stdout.withoutOldObservation.hasPrefix("London, GB"))
        #expect(Self.paths(server) == ["/data/2.5/forecast", "/data/2.5/weather"])
        server.resetLog()
        let far = try await runner.run(["30, -40"])
        #expect(far.status == 0, "\(far.stderr)")
        #expect(server.requests(to: "/geo/1.0/reverse").count == 1)
    }

    /// The paths asked, sorted, but the air quality's and OpenWeather's UV index (asked beside the weather): these tests count
    /// how a place is found.
    static func paths(_ server: LoopbackServer) -> [String] {
        server.weatherRequests.filter { !$0.asksForUVIndexAlone }.map(\.path).sorted()
    }
}
