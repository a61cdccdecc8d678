import Foundation
import TestSupport
import Testing
import WeatherCore

/// The command line, parsed by the built binary.
@Suite(.serialized)
struct CommandLineTests {
    @Test func helpListsEveryOption() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let help = try await runner.run(["--help"])
        #expect(help.status == 0)
        for option in ["--hourly", "--five-day", "--json", "--units", "--clock", "--offline", "--ascii", "--color", "--api-key", "--timeout", "--version"] {
            #expect(help.stdout.contains(option), "\(option)")
        }
        #expect(try await runner.run(["-h"]).stdout == help.stdout)
    }

    @Test(arguments: [
        (["--units", "kelvin", "London"], "--units must be metric, imperial or standard."),
        (["--clock=13", "London"], "--clock must be 12 or 24."),
        (["--color", "sometimes"], "--color must be auto, always or never."),
        (["--timeout", "0"], "--timeout must be a number of seconds from 0.1 to 300."),
        (["--timeout", "soon"], "--timeout must be a number of seconds from 0.1 to 300."),
        (["London", "--timeout"], "--timeout needs a value."),
        (["--hourly=yes", "London"], "--hourly takes no value."),
        (["--frobnicate"], "Unknown option --frobnicate."),
        (["  "], "The city is empty."),
    ])
    func badCommandLinesGetOneClearLine(arguments: [String], message: String) async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let result = try await runner.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"))
        #expect(result.stderr.contains("weather-or-not --help"))
    }

    @Test func aMistypedOptionNeverEchoesItsValue() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let result = try await runner.run(["--apikey=sk-secret-123", "London"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Unknown option --apikey."))
        #expect(!result.stderr.contains("sk-secret-123"))
    }

    @Test func valuesAttachedOrSeparateAndNegativeCoordinatesAsPlaces() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(["--units=imperial", "--clock", "12", "-33.9,", "-70.6"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("°F"))
        let reverse = try #require(server.requests(to: "/geo/1.0/reverse").first)
        #expect(reverse.value("lat") == "-33.9000")
        #expect(reverse.value("lon") == "-70.6000")
        // After "--" everything is the place, even what looks like an option.
        let dashed = try await runner.run(["--offline", "--", "--hourly"])
        #expect(dashed.status == 65)
        #expect(dashed.stderr.contains("Offline mode has no sample data for \"--hourly\""))
    }

    @Test func theProxyInTheEnvironmentIsUsed() async throws {
        // A proxy that answers for weather.invalid itself, as OpenWeather would.
        let proxy = try LoopbackServer { request in
            var direct = request
            direct.path = request.path.replacingOccurrences(of: "http://weather.invalid", with: "")
            return FakeOpenWeather.route(direct)
        }
        defer { proxy.stop() }
        let runner = BinaryRunner(server: nil, extra: ["OPENWEATHER_BASE_URL": "http://weather.invalid", "http_proxy": proxy.baseURL])
        defer { runner.remove() }
        let result = try await runner.run(["Testford"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Testford, England, GB"))
        #expect(proxy.requests.count == 3)
        #expect(proxy.requests.allSatisfy { $0.target.hasPrefix("http://weather.invalid/") })
    }
}
