import FoundationEssentials
import Glibc
import WeatherCLI
import WeatherCore

/// weather-or-not: current weather, the coming hours and days, at a prompt or in one shot.
@main
enum WeatherOrNot {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let providers = ProviderSetup.standard
        // The environment is read only where needed (--version reads none), once.
        func environment() -> [String: String] { ProcessInfo.processInfo.environment }
        /// The words of the language asked for (`--lang` on the line, else `:lang`'s, else the locale's).
        func words(_ environment: [String: String]) -> Strings { Strings.terminal(Options.language(for: arguments, environment: environment)) }
        /// The one text boundary: plain ASCII when the locale is not UTF-8.
        func style(_ environment: [String: String]) -> Style { Style(color: false, unicode: Console.localeIsUTF8(environment)) }
        let parsed: Options.Parsed
        do {
            parsed = try Options.parse(arguments, providers: providers.catalog)
        } catch {
            let environment = environment()
            let (words, style) = (words(environment), style(environment))
            Console.writeAll(STDERR_FILENO, style.render([style.line(words("usage.error", ["message": error.message(words)])), style.line(words["cli.usage"]), style.line(words["cli.seeHelp"])]))
            exit(ExitStatus.usage)
        }
        switch parsed {
        case .help:
            let environment = environment()
            let style = style(environment)
            // A terminal narrower than 80 columns gets it wrapped to its width; piped, 80 as ever.
            let width = Console.size(of: STDOUT_FILENO)?.columns ?? 80
            let text = Help.commandLine(words(environment), providers: providers.catalog, width: width)
            Console.writeAll(STDOUT_FILENO, style.render(text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map { style.line(String($0)) }))
        case .version:
            Console.writeAll(STDOUT_FILENO, "weather-or-not \(Help.version)\n\(Help.attribution(providers.catalog))\n")
        case .recentCities:
            let paths = AppPaths(environment: environment())
            // One name a line, for a shell to read: sanitised again here, so no name can hold a line break (a forged
            // candidate) or an escape sequence, whatever the file says.
            let names = PreferencesStore.peek(at: paths.preferences).recentNames.map(\.sanitizedForTerminal.trimmingWhitespace)
            Console.writeAll(STDOUT_FILENO, names.filter { !$0.isEmpty }.map { $0 + "\n" }.joined())
        case .completionScript(let shell):
            Console.writeAll(STDOUT_FILENO, CompletionScript.script(for: shell, strings: words(environment()), providers: providers.catalog))
        case .manPage:
            Console.writeAll(STDOUT_FILENO, ManualPage.page(words(environment()), providers: providers.catalog))
        case .run(let options):
            exit(await Launcher(options: options, providers: providers).run { view, paths in
                await Prompt(view: view, historyFile: paths.historyFile).run()
            })
        }
    }
}
