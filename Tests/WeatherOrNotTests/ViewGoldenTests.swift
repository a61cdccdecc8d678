import Foundation
import WeatherCoreTesting
import Testing

/// Every view at 80 columns against golden files: plain and coloured, day and night, metric and imperial,
/// and ASCII-only. Testford is a rainy night, Daytown a clear afternoon.
@Suite(.serialized)
struct ViewGoldenTests {
    static let cases: [(String, [String], String)] = [
        ("current_night_metric_plain.txt", ["Testford"], ""),
        ("current_day_imperial_color.txt", ["--units", "imperial", "--color", "always", "Daytown"], ""),
        ("current_day_metric_ascii.txt", ["--ascii", "Daytown"], ""),
        ("hourly_metric_plain.txt", ["--hourly", "Testford"], ""),
        ("hourly_imperial_12h_color.txt", ["--hourly", "--units", "imperial", "--clock", "12", "--color", "always", "Testford"], ""),
        ("hourly_metric_ascii.txt", ["--hourly", "--ascii", "Testford"], ""),
        ("daily_metric_plain.txt", ["--five-day", "Testford"], ""),
        ("daily_imperial_color.txt", ["--five-day", "--units", "imperial", "--color", "always", "Testford"], ""),
        ("rain_and_compare_plain.txt", [], "Testford\n:rain\n:compare Testford; Daytown\n"),
    ]

    @Test(arguments: cases.indices)
    func viewMatchesItsGolden(index: Int) async throws {
        let (name, arguments, input) = Self.cases[index]
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server)
        defer { runner.remove() }
        let result = try await runner.run(arguments, input: input)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        golden.check(result.stdout, name)
        if !arguments.contains("always") { #expect(!result.stdout.contains("\u{1B}"), "\(name)") }
        if arguments.contains("--ascii") { #expect(result.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "\(name)") }
        for line in result.stdout.split(separator: "\n") where !line.contains("\u{1B}") {
            #expect(line.count <= 80, "\(name): \(line)")
        }
    }
}
