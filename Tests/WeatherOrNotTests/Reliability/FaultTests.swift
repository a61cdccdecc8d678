import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore

/// Every server fault, through the running program: one actionable line, the session carries on, and the
/// next request (to a healthy place) succeeds in the same session; a one-shot exits non-zero.
@Suite(.serialized)
struct FaultTests {
    /// Coordinates whose weather requests misbehave; Testford's stay healthy.
    static let faulty = "10.0000"

    static let faults: [(String, LoopbackServer.Reply, String)] = [
        ("401", .json(#"{"cod":401,"message":"Invalid API key"}"#, status: 401), "rejected the API key (401). New keys can take a couple of hours"),
        ("404", .json(#"{"cod":"404","message":"city not found"}"#, status: 404), "No place called \"10, 10\" was found."),
        ("429 with Retry-After", .json(#"{"cod":429}"#, status: 429, headers: ["Retry-After": "120"]), "rate limit was reached (429). Try again in 2 minutes."),
        ("429", .json(#"{"cod":429}"#, status: 429), "rate limit was reached (429). Wait a minute"),
        ("500", .json("{}", status: 500), "server failed (HTTP 500)"),
        ("503", .json("", status: 503), "server failed (HTTP 503)"),
        ("502 HTML", .respond(status: 502, headers: ["Content-Type": "text/html"], body: Data("<html><h1>502 Bad Gateway</h1></html>".utf8)), "server failed (HTTP 502)"),
        // Half of `--timeout 1`: the rest was kept for another provider, and the message names what was waited.
        ("slower than the timeout", .json(Data("{}".utf8), delay: 5), "did not answer within 0.5 seconds"),
        ("never answers", .neverRespond, "did not answer within 0.5 seconds"),
        ("connection reset", .reset, "the connection broke off"),
        ("body cut short", .truncated(status: 200, body: Data(#"{"coord":{"lon"#.utf8), declaredLength: 500), "the connection broke off"),
        ("malformed JSON", .json(#"{"main": {"temp": 3"#), "it was not valid JSON"),
        ("JSON of the wrong shape", .json(#"{"main": "warm", "list": 3}"#), "it was JSON of an unexpected shape"),
        ("empty 200 body", .json(""), "the answer was empty"),
        ("HTML with status 200", .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>maintenance</html>".utf8)), "it was not valid JSON"),
    ]

    /// A message wrapped to the width, as one line again.
    static func unwrapped(_ text: String) -> String {
        text.split(separator: "\n").joined(separator: " ")
    }

    static func server(fault: LoopbackServer.Reply) throws -> LoopbackServer {
        try LoopbackServer { request in
            request.path.hasPrefix("/data/") && request.value("lat") == faulty ? fault : FakeOpenWeather.route(request)
        }
    }

    @Test(arguments: faults.indices)
    func aFaultGetsOneLineAndTheSessionCarriesOn(index: Int) async throws {
        let (name, reply, expected) = Self.faults[index]
        let server = try Self.server(fault: reply)
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(["--timeout", "1"], input: "10, 10\nTestford\n")
        #expect(result.status == 1, "\(name)")  // a piped session in which a command failed
        #expect(Self.unwrapped(result.stderr).contains(expected), "\(name): \(result.stderr)")
        #expect(result.stdout.withoutOldObservation.hasPrefix("Testford, England, GB  Mon 23:30 (UTC+00:00)"), "\(name)")
        #expect(!result.stdout.contains("Fatal") && !result.stderr.contains("Fatal"), "\(name)")

        let oneShot = try await runner.run(["--timeout", "1", "10,", "10"])
        let status: Int32 = name == "401" ? 77 : name == "404" ? 65 : 69
        #expect(oneShot.status == status, "\(name)")
        #expect(oneShot.stdout.isEmpty, "\(name)")
        #expect(Self.unwrapped(oneShot.stderr).contains(expected), "\(name): \(oneShot.stderr)")
        #expect(oneShot.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(name): wrapped at 80 columns")
    }

    @Test func faultsAtTheInteractivePromptLeaveItUsable() async throws {
        let fault = LoopbackServer.Reply.json("{}", status: 500)
        let server = try Self.server(fault: fault)
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let terminal = try #require(try await runner.prompt(["--timeout", "1"]))
        for (index, (_, reply, expected)) in Self.faults.enumerated() where [0, 4, 9, 11].contains(index) {
            server.setHandler { request in
                request.path.hasPrefix("/data/") && request.value("lat") == Self.faulty ? reply : FakeOpenWeather.route(request)
            }
            terminal.send("10, 10\r")
            #expect(await terminal.waitFor(expected))
            #expect(await terminal.waitFor("> "))
        }
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("Testford> "))
        #expect(await terminal.quit() == 0)
    }

    @Test func transientFaultsAreRetriedAndClientErrorsAreNot() async throws {
        for (reply, attempts) in [(LoopbackServer.Reply.json("{}", status: 503), 3), (.json("{}", status: 429), 1), (.json("{}", status: 404), 1)] {
            let server = try Self.server(fault: reply)
            defer { server.stop() }
            let runner = BinaryRunner(server: server)
            defer { runner.remove() }
            _ = try await runner.run(["--timeout", "5", "10,", "10"])
            #expect(server.requests(to: "/data/2.5/weather").count == attempts)
        }
    }

    @Test func aStaleCopyIsShownWithItsAgeWhenTheNetworkFails() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        #expect(try await runner.run(["Testford"]).status == 0)
        try runner.backdateCache(by: 25 * 60)
        server.setHandler { _ in .json("down", status: 503) }
        let result = try await runner.run(["--timeout", "2"], input: "Testford\n:hourly 1\n")
        #expect(result.status == 0)
        #expect(Self.unwrapped(result.stdout).hasPrefix("! From 25 minutes ago: could not refresh. OpenWeather's server failed (HTTP 503)."))
        #expect(result.stdout.contains("Testford, England, GB  Mon 23:30"))
        #expect(result.stdout.contains("Testford, England, GB: the next 3 hours"))
    }

    /// The copy is Open-Meteo's and Open-Meteo failed: the notice names Open-Meteo, never OpenWeather, and at the
    /// prompt its hint is `:offline on`, not an option.
    @Test func aStaleCopyNamesTheProviderThatFailedWithThePromptsHint() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        #expect(try await runner.run(["--provider", "open-meteo", "London"]).status == 0)
        try runner.backdateCache(by: 25 * 60)
        server.setHandler { _ in .neverRespond }
        let result = try await runner.run(["--provider", "open-meteo", "--no-failover", "--timeout", "1"], input: "London\n")
        let notice = Self.unwrapped(result.stdout)
        #expect(notice.hasPrefix("! From 25 minutes ago: could not refresh. Open-Meteo did not answer within 1 second. "
            + "Check the network, or use :offline on."), "\(notice)")
        #expect(!notice.contains("OpenWeather") && !notice.contains("--offline") && !notice.contains("--timeout"))
    }

    @Test func nothingListeningThenTheServerComesBackInTheSameSession() async throws {
        let placeholder = try LoopbackServer { _ in .json("{}") }
        let port = placeholder.port
        placeholder.stop()
        let runner = BinaryRunner(server: placeholder)
        defer { runner.remove() }
        let program = try runner.start(["--timeout", "2"])
        program.send("Testford\n")
        #expect(await program.waitFor("Cannot reach 127.0.0.1: no network, or the server is down."))
        let server = try LoopbackServer(port: port, handler: FakeOpenWeather.route)
        defer { server.stop() }
        program.send("Testford\n")
        #expect(await program.waitFor("Testford, England, GB"))
        #expect(try await program.finish() == 1)  // the first try failed
    }
}
