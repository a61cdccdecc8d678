import Foundation
import WeatherCore

/// weather-or-not: current weather, the coming hours and days, at a prompt or in one shot.
@main
enum WeatherOrNot {
    static func main() async {
        let parsed: Options.Parsed
        do {
            parsed = try Options.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            Console.writeAll(STDERR_FILENO, "Error: \(error.message)\n\(Help.usageLine)\nSee 'weather-or-not --help'.\n")
            exit(64)
        }
        switch parsed {
        case .help:
            Console.writeAll(STDOUT_FILENO, Help.commandLine)
        case .version:
            Console.writeAll(STDOUT_FILENO, "weather-or-not \(Help.version)\n\(Help.attribution)\n")
        case .run(let options):
            exit(await Launcher(options: options).run())
        }
    }
}
