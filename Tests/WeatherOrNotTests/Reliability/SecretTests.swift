import Foundation
import WeatherCoreTesting
import Testing

/// The API key never appears in anything printed or any file written, across successes and every fault.
@Suite(.serialized)
struct SecretTests {
    static let key = "K3Y-weather-or-not-SECRET-8c1f57"

    @Test func theKeyIsNeverPrintedOrWritten() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: Self.key)
        defer { runner.remove() }
        var printed = ""
        func run(_ arguments: [String], _ input: String = "") async throws {
            let result = try await runner.run(arguments, input: input)
            printed += result.stdout + result.stderr
        }
        try await run([], "London\n:pick 2\n:hourly\n:5day\n:units imperial\n:recent\n:help\n91, 0\n:bogus\n")
        try await run(["--json", "--hourly", "Testford"])
        try await run(["--api-key", Self.key, "Testford"])
        for (_, reply, _) in FaultTests.faults {
            server.setHandler { request in
                request.path.hasPrefix("/data/") && request.value("lat") == FaultTests.faulty ? reply : FakeOpenWeather.route(request)
            }
            try await run(["--timeout", "1"], "10, 10\nLondon\n")
            try await run(["--timeout", "1", "10,", "10"])
        }
        let terminal = try runner.terminal()
        #expect(await terminal.waitFor("> "))
        terminal.send("Testford\r")
        #expect(await terminal.waitFor("Testford> "))
        #expect(await terminal.quit() == 0)
        printed += terminal.transcript

        #expect(server.requests.count > 20)  // the sessions really ran
        // The key goes to OpenWeather and to no other provider (failover sends the faults' requests to them too).
        let openWeather = server.requests.filter { $0.path.hasPrefix("/data/") || $0.path.hasPrefix("/geo/") }
        #expect(openWeather.allSatisfy { $0.value("appid") == Self.key })
        #expect(server.requests.count > openWeather.count)  // failover really asked the others
        #expect(!server.requests.contains { !openWeather.contains($0) && $0.target.contains(Self.key) })
        #expect(!printed.isEmpty)
        #expect(!printed.contains(Self.key))
        #expect(!printed.contains("K3Y-weather"))
        let files = FileManager.default.enumerator(atPath: runner.home.url.path)?.compactMap { $0 as? String } ?? []
        #expect(files.count >= 4)
        for path in files {
            #expect(!path.contains("K3Y"), "file name \(path)")
            if let data = FileManager.default.contents(atPath: runner.home.path(path).path) {
                #expect(String(decoding: data, as: UTF8.self).contains(Self.key) == false, "\(path)")
            }
        }
    }
}
