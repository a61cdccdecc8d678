import Foundation
import Synchronization
import WeatherCoreTesting
import Testing

/// What a one-shot asks for, and in what order, counted on a loopback server: the mechanism behind the round trips
/// of docs/PERFORMANCE.md, never a time.
struct RequestOverlapTests {
    /// Coordinates with OpenWeather: the weather is asked at once, and the place named meanwhile. The reverse
    /// geocoder holds its answer until the weather request has arrived (at most 10 s), and records whether it did;
    /// before, the weather waited for the name.
    @Test func coordinatesAskForTheWeatherWhileThePlaceIsNamed() async throws {
        let held = Mutex<Bool?>(nil)
        let server = try LoopbackServer(keepAlive: true) { _ in .json("[]") }
        defer { server.stop() }
        server.setHandler { request in
            if request.path == "/geo/1.0/reverse" {
                let deadline = ContinuousClock.now + .seconds(10)
                while server.requests(to: "/data/2.5/weather").isEmpty, ContinuousClock.now < deadline { usleep(1_000) }
                held.withLock { $0 = !server.requests(to: "/data/2.5/weather").isEmpty }
            }
            return FakeOpenWeather.route(request)
        }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(["51.5, -0.12"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(held.withLock { $0 } == true)
        #expect(result.stdout.withoutOldObservation.hasPrefix("Testford, England, GB"))  // the name the reverse geocoder gave
        // Open-Meteo's UV index went out beside the weather (OpenWeather's plan has none).
        #expect(server.weatherRequests.map(\.path).sorted() == ["/data/2.5/forecast", "/data/2.5/weather", "/geo/1.0/reverse", "/v1/forecast"])
    }

    /// A status line that shows current conditions alone makes one request for the weather, not two; one with the
    /// coming precipitation (`%o`, `%p`) asks for the forecast too.
    @Test func aCurrentOnlyFormatAsksForCurrentWeatherAlone() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        for preset in ["1", "2", "3", "4", "%c %t %h %w %l %P %S %s %C %f"] {
            let result = try await runner.run(["--format", preset, "--no-failover", "Daytown"])
            #expect(result.status == 0, "\(preset): \(result.stderr)")
            #expect(!result.stdout.isEmpty)
        }
        #expect(server.requests(to: "/data/2.5/forecast").isEmpty)
        #expect(server.requests(to: "/data/2.5/weather").count == 1)  // then the cache answers

        let rain = try await runner.run(["--format", "%c %o", "Daytown"])
        #expect(rain.status == 0, "\(rain.stderr)")
        #expect(server.requests(to: "/data/2.5/forecast").count == 1)
        #expect(server.requests(to: "/data/2.5/weather").count == 1)
    }
}
