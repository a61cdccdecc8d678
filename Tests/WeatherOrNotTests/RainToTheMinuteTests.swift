import Foundation
import HTTPKit
import Synchronization
import Testing
import WeatherCoreTesting

/// Rain to the minute (issue 28) through the built binary: `:rain`'s sentence and strip, the current view's "Rain"
/// line and `--json`'s `minutes` from Open-Meteo's 15-minute data (Testford lies in central Europe's box), and a
/// nowcast server that holds its answer while the view is drawn.
struct RainToTheMinuteTests {
    /// The quarter of an hour now running, in Unix seconds.
    static var quarter: Int { Int(Date().timeIntervalSince1970) / 900 * 900 }

    /// "14:30" in UTC, Testford's zone.
    static func clock(_ seconds: Int) -> String {
        String(format: "%02d:%02d", seconds % 86_400 / 3_600, seconds % 3_600 / 60)
    }

    /// Dry, then rain (2 mm/h) in the third and fourth quarters from the one now running, then dry.
    static func minutes(from quarter: Int) throws -> Data {
        try FakeNowcast.openMeteo(amounts: [0, 0, 0.5, 0.5, 0, 0, 0, 0, 0, 0], end: quarter + 900)
    }

    /// `:rain` waits for the minutes and caches them: the sentence to the quarter with its source and step, the strip
    /// and its key, then the outlook from the forecast. The one-shots after find them fresh beside the weather: the
    /// current view's "Rain" line and `--json`'s `minutes`, valid against the schema.
    @Test func rainShowsTheMinutesAndTheViewsAfterFindThemCached() async throws {
        let quarter = Self.quarter
        let minutes = try Self.minutes(from: quarter)
        let server = try LoopbackServer { request in request.asksForNowcast ? .json(minutes) : FakeOpenWeather.route(request) }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let sentence = "Light rain from about \(Self.clock(quarter + 1_800)), stopping around \(Self.clock(quarter + 3_600)) (Open-Meteo, 15-minute steps)."

        let session = try await runner.run([], input: "Testford\n:rain\n")
        #expect(session.status == 0, "\(session.stderr)")
        let text = session.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains(sentence), "\(session.stdout)")
        #expect(session.stdout.contains("· dry  ▂ light  ▅ moderate  █ heavy"), "\(session.stdout)")
        // One cell a step (or more where there is room), the rain's two among dry ones, between the first step's start and
        // the end of the two hours.
        let strip = try #require(session.stdout.split(separator: "\n").first { $0.contains("▂") && !$0.contains("light") })
        #expect(strip.hasPrefix("  \(Self.clock(quarter)) ··") && strip.contains("··▂▂") && strip.hasSuffix(" \(Self.clock(quarter + 7_200))"), "\(strip)")
        #expect(text.contains("From the forecast in 3-hour steps."))
        let asked = server.requests.filter(\.asksForNowcast).count
        #expect(asked >= 1)

        let view = try await runner.run(["Testford"])
        #expect(view.status == 0, "\(view.stderr)")
        let line = view.stdout.split(separator: "\n").first { $0.contains("Light rain from about") }.map(String.init) ?? ""
        #expect(line.contains("Rain             Light rain from about \(Self.clock(quarter + 1_800))"), "\(view.stdout)")

        let json = try await runner.run(["--json", "Testford"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try JSONSchema.repository().errors(in: json.stdout) == [])
        let document = try JSONValue.parse(json.stdout)["minutes"]
        #expect(document?["source"] == .string("open-meteo") && document?["stepMinutes"]?.double == 15 && document?["radar"] == .bool(false))
        #expect(document?["summary"] == .string(sentence))
        let steps = document?["steps"]?.array ?? []
        #expect(steps.count == 8, "\(steps.count)")
        #expect(steps.contains { $0["precipitationRate"]?.double == 2 && $0["intensity"] == .string("light") })
        #expect(server.requests.filter(\.asksForNowcast).count == asked)
    }

    /// The minutes are asked beside the weather and the view waits for neither: with the nowcast's answer held until
    /// the run has ended (the weather itself held until the nowcast was asked, so both were on the wire together),
    /// the view is drawn from the weather alone, without a "Rain" line, and the program ends. (Held to the deadline,
    /// five minutes here, the test would outlast its time limit.)
    @Test(.timeLimit(.minutes(1)))
    func aNowcastServerThatHoldsItsAnswerNeverDelaysTheView() async throws {
        let asked = Atomic<Bool>(false)
        let release = DispatchSemaphore(value: 0)
        let minutes = try Self.minutes(from: Self.quarter)
        let server = try LoopbackServer { request in
            if request.asksForNowcast {
                asked.store(true, ordering: .relaxed)
                release.wait()
                return .json(minutes)
            }
            // The weather waits (a while at most) until the nowcast is on the wire.
            for _ in 0..<2_000 where request.path.hasPrefix("/data/2.5/") && !asked.load(ordering: .relaxed) { usleep(10_000) }
            return FakeOpenWeather.route(request)
        }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let view = try await runner.run(["--timeout", "300", "Testford"])
        let nowcastRequests = server.requests.filter(\.asksForNowcast).count
        release.signal()
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout.contains("Testford"))
        #expect(!view.stdout.contains("Rain  "), "\(view.stdout)")
        #expect(nowcastRequests == 1)
    }

    /// A status line asks for no minutes; offline nobody is asked, and `--json`'s `minutes` is null.
    @Test func noMinutesAreAskedForAStatusLineOrOffline() async throws {
        let server = try LoopbackServer { request in FakeOpenWeather.route(request) }
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let status = try await runner.run(["--format", "%t %p", "Testford"])
        #expect(status.status == 0, "\(status.stderr)")
        let offline = try await runner.run(["--offline", "--json", "London"])
        #expect(try JSONValue.parse(offline.stdout)["minutes"] == .null)
        #expect(server.requests.filter(\.asksForNowcast).isEmpty)
    }
}
