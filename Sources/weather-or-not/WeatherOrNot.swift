import ArgumentParser
import Foundation
import WeatherCore

/// weather-or-not: current weather, the coming hours and days, at a prompt or in one shot.
@main
struct WeatherOrNot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather-or-not",
        abstract: "The weather at a prompt: type a city, then :hourly or :5day.",
        discussion: """
            With no city, starts the prompt (or reads commands from piped input). With a city, prints its weather and exits.
            Set OPENWEATHER_API_KEY (or --api-key); --offline needs no key. \(Help.attribution)
            """,
        version: "weather-or-not \(Help.version)\n\(Help.attribution)"
    )

    @Argument(help: "A city (\"London\", \"Paris, FR\", \"48.85, 2.35\"): print its weather and exit.")
    var city: [String] = []

    @Flag(help: "Print the next 24 hours (one-shot).")
    var hourly = false

    @Flag(name: .customLong("five-day"), help: "Print the next five days (one-shot).")
    var fiveDay = false

    @Flag(help: "Print the views as JSON, for scripts (one-shot).")
    var json = false

    @Option(help: "Units: metric, imperial or standard (saved as the preference).")
    var units: UnitSystem?

    @Option(help: "Clock: 12 or 24 (saved as the preference).")
    var clock: ClockStyle?

    @Flag(help: "Use the bundled sample data: no key, no network, not real weather.")
    var offline = false

    @Flag(help: "ASCII only: no Unicode glyphs or graphs.")
    var ascii = false

    @Option(help: "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    @Option(help: "OpenWeather API key (default: $OPENWEATHER_API_KEY, which is safer: arguments show in the process list).")
    var apiKey: String?

    @Option(help: "Seconds to wait for OpenWeather, retries included.")
    var timeout: Double = 10

    func validate() throws {
        guard timeout > 0, timeout <= 300 else { throw ValidationError("--timeout must be between 0 and 300 seconds.") }
        if !city.isEmpty, city.joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("The city is empty.")
        }
    }

    func run() async throws {
        let status = await Launcher(options: self).run()
        if status != 0 { throw ExitCode(status) }
    }
}

/// When to colour the output.
enum ColorChoice: String, ExpressibleByArgument {
    case auto, always, never
}

extension UnitSystem: ExpressibleByArgument {}
extension ClockStyle: ExpressibleByArgument {}
