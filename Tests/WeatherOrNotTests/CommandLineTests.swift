import Foundation
import WeatherCoreTesting
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

    /// On a terminal narrower than 80 columns, `--help` is wrapped to its width (it was laid out for 80, and the
    /// terminal broke its words); piped, it is the same 80-column text as ever.
    @Test func helpFitsANarrowTerminal() async throws {
        let runner = BinaryRunner(server: nil)
        defer { runner.remove() }
        let terminal = try runner.terminal(["--help"], columns: 40)
        #expect(await terminal.waitForExit() == 0)
        let lines = terminal.transcript.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
        #expect(lines.count > 20)
        let wide = lines.filter { $0.count > 40 }  // English: one column a character
        #expect(wide.isEmpty, "\(wide)")
        #expect(lines.contains { $0.hasPrefix("  --hourly") })
        let piped = try await runner.run(["--help"])
        #expect(piped.stdout.split(separator: "\n").contains { $0.count > 40 })
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
        // In one argument, as a person quotes it: a minus and a digit start coordinates, never an option.
        let quoted = try await runner.run(["-33.9, 18.4"])
        #expect(quoted.status == 0, "\(quoted.stderr)")
        #expect(server.requests(to: "/geo/1.0/reverse").last?.value("lon") == "18.4000")
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
        #expect(result.stdout.withoutOldObservation.hasPrefix("Testford, England, GB"))
        #expect(proxy.weatherRequests.count == 3)
        #expect(proxy.requests.allSatisfy { $0.target.hasPrefix("http://weather.invalid/") })
    }

    /// A proxy that is not running is named as the proxy, host and port (never its password), not as the provider.
    @Test func aProxyThatCannotBeReachedIsNamedAsTheProxy() async throws {
        let closed = try ClosedPort()
        let runner = BinaryRunner(
            server: nil, extra: ["OPENWEATHER_BASE_URL": "http://weather.invalid", "http_proxy": "http://me:secret@127.0.0.1:\(closed.port)"])
        defer { runner.remove() }
        let result = try await runner.run(["--no-failover", "Testford"])
        let message = result.stderr.split(separator: "\n").joined(separator: " ")
        #expect(result.status == 69)
        #expect(message.hasPrefix("The proxy 127.0.0.1:\(closed.port) cannot be reached: it is not running, or the network is down."), "\(message)")
        #expect(!message.contains("secret") && !message.contains("OpenWeather") && !message.contains("weather.invalid"))
    }

    /// A base URL the program cannot use is a configuration error (exit 78) naming its own variable, whether it is
    /// refused as the request is built (`ftp://`) or by the transport (a port beyond 65535).
    @Test(arguments: [("OPENWEATHER_BASE_URL", "openweather"), ("OPENMETEO_BASE_URL", "open-meteo"), ("METNO_BASE_URL", "met-norway")],
        ["ftp://127.0.0.1", "http://127.0.0.1:99999"])
    func aBadBaseURLNamesItsVariableAndExits78(setting: (variable: String, provider: String), base: String) async throws {
        let server = try FakeProviders.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, extra: [setting.variable: base])
        defer { runner.remove() }
        let result = try await runner.run(["--provider", setting.provider, "--no-failover", "London"])
        let message = result.stderr.split(separator: "\n").joined(separator: " ")
        #expect(result.status == 78, "\(message)")
        #expect(message.hasPrefix("\(setting.variable) must be an http or https URL, such as https://"), "\(message)")
    }
}
