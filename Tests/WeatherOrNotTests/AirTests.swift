import Foundation
import HTTPKit
import Testing
import WeatherCoreTesting

/// `:air`, the current view's "Air" line, `--json`'s `air` and `--format`'s `%a`/`%A` through the built binary
/// (issue 28), against a loopback server that answers OpenWeather's endpoints and Open-Meteo's air quality.
struct AirTests {
    static func server() throws -> LoopbackServer {
        let air = try FakeAirQuality.answer(us: 32, eu: 18)
        return try LoopbackServer { request in request.asksForAirQuality ? .json(air) : FakeOpenWeather.route(request) }
    }

    /// `:air` waits for its answer and caches it; a one-shot then finds the air fresh in the cache beside the weather:
    /// the "Air" line, `--json`'s `air` and `%a %A` come with no request at all.
    @Test func airIsShownThenAFreshCopyAnswersWithNoRequest() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let session = try await runner.run([], input: "Testford\n:air\n")
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stdout.contains("Now               good (European AQI 18)"), "\(session.stdout)")
        #expect(session.stdout.contains("PM2.5             6.5 µg/m³"))
        #expect(session.stdout.contains("No pollen data here."))
        #expect(server.requests.filter(\.asksForAirQuality).count == 1)
        // The 15-minute rain (Testford lies in central Europe's box) is asked beside each view, and this server has none.
        let asked = server.requests.filter { !$0.asksForNowcast }.count

        let view = try await runner.run(["Testford"])
        #expect(view.status == 0, "\(view.stderr)")
        let line = view.stdout.split(separator: "\n").first { $0.contains("Air ") }
        #expect(line?.hasSuffix(" good (European AQI 18)") == true, "\(view.stdout)")

        let json = try await runner.run(["--json", "Testford"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try JSONSchema.repository().errors(in: json.stdout) == [])
        let air = try JSONValue.parse(json.stdout)["air"]
        #expect(air?["scale"] == .string("eu") && air?["index"]?.double == 18 && air?["category"] == .string("eu.good"))
        #expect(air?["source"] == .string("open-meteo"))

        let status = try await runner.run(["--format", "%a %A", "Testford"])
        #expect(status.stdout == "18 good\n", "\(status.stderr)")
        #expect(server.requests.filter { !$0.asksForNowcast }.count == asked)
    }

    /// OpenWeather's answers, and the air's held until the current weather has been answered, then `seconds` more;
    /// the flag is set once the air has been answered.
    static func airAfterTheWeather(by seconds: Double) throws -> (LoopbackServer, LockedFlag) {
        let air = try FakeAirQuality.answer(us: 32, eu: 18)
        let (weatherAnswered, airAnswered) = (LockedFlag(false), LockedFlag(false))
        let server = try LoopbackServer { request in
            if request.asksForAirQuality {
                for _ in 0..<400 where !weatherAnswered.value { usleep(5_000) }
                usleep(useconds_t(seconds * 1_000_000))
                defer { airAnswered.value = true }
                return .json(air)
            }
            defer { if request.path.hasPrefix("/data/2.5/weather") { weatherAnswered.value = true } }
            return FakeOpenWeather.route(request)
        }
        return (server, airAnswered)
    }

    /// A status line that names the air waits for it within the deadline, as one with `%W` waits for the warnings:
    /// here the air is answered only once the weather has been (it was "– –" whenever the air came second).
    @Test func aStatusLineWithTheAirWaitsForIt() async throws {
        let (server, _) = try Self.airAfterTheWeather(by: 0.05)
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let status = try await runner.run(["--format", "%t %a %A", "Testford"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.hasSuffix(" 18 good\n"), "\(status.stdout)")
        #expect(server.requests.filter(\.asksForAirQuality).count == 1)
    }

    /// At the prompt a recent city is shown from its cached copy: the air fresh in the cache comes with it. Here the
    /// first view's air lands after it (held until the weather is answered), so only the cache can bring it.
    @Test func aCityShownFromItsCopyAtThePromptHasItsAirLine() async throws {
        let (server, airAnswered) = try Self.airAfterTheWeather(by: 0.2)
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try runner.terminal()
        #expect(await terminal.waitFor("> "))
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("Testford> "), "\(terminal.diagnostics)")
        #expect(await until { airAnswered.value })
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("(European AQI 18)"), "\(terminal.diagnostics)")
        #expect(server.requests.filter(\.asksForAirQuality).count == 1)
        #expect(await terminal.quit() == 0)
    }

    /// A status line without `%a` or `%A` asks nothing of the air source; offline asks nobody at all.
    @Test func noAirIsAskedWhenItIsNotShownOrOffline() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let status = try await runner.run(["--format", "%t", "Testford"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(server.requests.filter(\.asksForAirQuality).isEmpty)
        let offline = try await runner.run(["--offline", "--json", "London"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(try JSONValue.parse(offline.stdout)["air"] == .null)
        let air = try await runner.run(["--offline"], input: "London\n:air\n")
        #expect(air.stdout.contains("There is no air quality data in offline mode.") || air.stderr.contains("There is no air quality data in offline mode."))
        #expect(server.requests.filter(\.asksForAirQuality).isEmpty)
    }

    /// `WEATHER_OR_NOT_AIR=off`: the air is never asked, at the prompt or in a one-shot; the current view has no "Air"
    /// line, `:air` says the air is turned off and how to turn it on, `--json`'s `air` is null and `%a %A` print dashes.
    @Test func theAirTurnedOffIsNeverAskedAndSaysSo() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: ["WEATHER_OR_NOT_AIR": "off"])
        defer { runner.remove() }
        let session = try await runner.run([], input: "Testford\n:air\n")
        #expect(session.stdout.contains("Testford, England, GB"), "\(session.stdout)")
        #expect(!session.stdout.contains("AQI"), "\(session.stdout)")
        #expect(session.stderr.contains("Air quality is turned off (WEATHER_OR_NOT_AIR=off)."), "\(session.stderr)")

        let json = try await runner.run(["--json", "Testford"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try JSONSchema.repository().errors(in: json.stdout) == [])
        #expect(try JSONValue.parse(json.stdout)["air"] == .null)

        let status = try await runner.run(["--format", "%a %A", "Testford"])
        #expect(status.stdout == "– –\n", "\(status.stderr)")
        #expect(server.requests.filter(\.asksForAirQuality).isEmpty)
    }

    /// The air and the 15-minute rain on the weather's own host (Open-Meteo chosen, no key: one server) failing with a
    /// 503, a reset or no answer at all: the weather is shown, Open-Meteo's, with no failover and no notice.
    /// (`BesideFailureTests` holds the weather until the failure, in process: a failure there never marks the host.)
    @Test(arguments: ["503", "reset", "silence"])
    func aRequestBesideFailingOnTheWeathersHostLeavesTheWeatherToItsProvider(_ failure: String) async throws {
        let reply: LoopbackServer.Reply = switch failure {
        case "503": .json(#"{"error":true,"reason":"down"}"#, status: 503)
        case "reset": .reset
        default: .neverRespond
        }
        let server = try LoopbackServer { request in request.asksForAirQuality || request.asksForNowcast ? reply : FakeProviders.route(request) }
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        let json = try await runner.run(["--json", "London"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try JSONValue.parse(json.stdout)
        #expect(document["provider"] == .string("open-meteo"), "\(json.stdout)")
        #expect(document["failover"] == .null)
        #expect(document["notice"]?.string?.withoutOldObservation ?? "" == "")
        #expect(server.weatherRequests.contains { $0.path == "/v1/forecast" })
    }

    /// An air source that fails leaves the weather whole, with no "Air" line and no error.
    @Test func aFailingAirSourceBesideAWorkingForecast() async throws {
        let server = try LoopbackServer { request in
            request.asksForAirQuality ? .json(#"{"error":true,"reason":"down"}"#, status: 503) : FakeOpenWeather.route(request)
        }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run([], input: "Testford\n:air\n")
        #expect(result.stdout.contains("Testford, England, GB"), "\(result.stdout)")
        #expect(!result.stdout.contains("Air "))
        #expect(result.stdout.contains("°C"))
    }
}
