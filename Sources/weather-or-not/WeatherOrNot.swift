import Foundation
import WeatherCLI
import WeatherCore

/// weather-or-not: current weather, the coming hours and days, at a prompt or in one shot.
@main
enum WeatherOrNot {
    static func main() async {
        let parsed: Options.Parsed
        do {
            parsed = try Options.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            let style = Style(color: false, unicode: Console.localeIsUTF8(ProcessInfo.processInfo.environment))
            Console.writeAll(STDERR_FILENO, style.render([style.line("Error: " + error.message), style.line(Help.usageLine), style.line("See 'weather-or-not --help'.")]))
            exit(ExitStatus.usage)
        }
        switch parsed {
        case .help:
            // Through the one text boundary: plain ASCII when the locale is not UTF-8.
            let style = Style(color: false, unicode: Console.localeIsUTF8(ProcessInfo.processInfo.environment))
            Console.writeAll(STDOUT_FILENO, style.render(Help.commandLine.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map { style.line(String($0)) }))
        case .version:
            Console.writeAll(STDOUT_FILENO, "weather-or-not \(Help.version)\n\(Help.attribution)\n")
        case .recentCities:
            let paths = AppPaths(environment: ProcessInfo.processInfo.environment)
            Console.writeAll(STDOUT_FILENO, PreferencesStore.peek(at: paths.preferences).recentNames.map { $0 + "\n" }.joined())
        case .completionScript(let shell):
            Console.writeAll(STDOUT_FILENO, CompletionScript.script(for: shell))
        case .manPage:
            Console.writeAll(STDOUT_FILENO, ManualPage.page)
        case .run(let options):
            exit(await Launcher(options: options).run { view, paths in
                await Prompt(view: view, historyFile: paths.historyFile).run()
            })
        }
    }
}
