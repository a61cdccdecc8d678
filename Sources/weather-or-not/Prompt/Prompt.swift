import Foundation
import WeatherCore

/// The interactive prompt: libedit line editing on a terminal, resuming the last city at launch.
@MainActor
struct Prompt {
    let session: Session
    let console: Console
    let historyFile: URL

    func run() async -> Int32 {
        Interrupts.install()
        guard let editor = LineEditor(programName: "weather-or-not", historyFile: historyFile, completer: { [session] line in
            CompletionMatcher.complete(line, cities: MainActor.assumeIsolated { session.completionCities })
        }) else {
            console.error("Could not start line editing; reading lines plainly.")
            while let line = readLine(), await session.handle(line) {}
            return 0
        }
        defer { editor.close() }
        console.write("weather-or-not \(Help.version): type a city, :help for commands, :quit to leave.\n")
        if session.offline { session.say("Offline mode: sample data, not real weather.") }
        await session.resume()
        while true {
            switch editor.read(prompt: promptText) {
            case .end:
                console.write("\n")
                return 0
            case .interrupted:
                continue
            case .line(let line):
                editor.remember(line)
                if !(await session.handle(line)) { return 0 }
            }
        }
    }

    private var promptText: String {
        let city = session.place.map { "\($0.name.isEmpty ? $0.displayName : $0.name)" } ?? "weather"
        return "\(city.sanitizedForTerminal)\(session.offline ? " (offline)" : "")> "
    }
}
