import FoundationEssentials
import WeatherCLI
import WeatherCore

/// The interactive prompt: libedit line editing on a terminal, resuming the last city at launch.
@MainActor
struct Prompt {
    let view: SessionView
    let historyFile: URL

    private var app: WeatherApp { view.app }

    func run() async -> Int32 {
        Interrupts.install()
        view.interrupted = { Interrupts.take() }
        let app = app
        let style = view.console.style
        let completer: (String) -> Completion = { line in
            // Candidates come from the preferences file: sanitised like everything shown. Tab's text is input, so on
            // an ASCII terminal it is folded as matching folds ("Zurich", not the views' "Zuerich"): Enter then
            // finds the recent city it came from.
            let clean = { (text: String) in style.span(style.unicode ? text : text.sanitizedForTerminal.foldingAccents()).text }
            switch CompletionMatcher.complete(
                line, cities: MainActor.assumeIsolated { app.completionCities },
                providers: MainActor.assumeIsolated { app.providers.all.map(\.rawValue) }) {
            case .none: return .none
            case .replace(let text): return .replace(clean(text))
            case .choices(let common, let options): return .choices(common: clean(common), options: options.map(clean))
            }
        }
        let list: ([String]) -> String = { [view] options in
            MainActor.assumeIsolated {
                view.screenMoved()  // the choices go under the prompt
                return style.render(view.renderer.columns(options))
            }
        }
        let clearScreen: () -> Void = { [view] in MainActor.assumeIsolated { view.clearScreenAndRedraw() } }
        guard
            let editor = LineEditor(
                programName: "weather-or-not", historyFile: historyFile, completer: completer, list: list, clearScreen: clearScreen)
        else {
            view.complain(view.strings["session.lineEditingFailed"])
            while let line = readLine(), await app.handle(line) {}
            return 0
        }
        defer { editor.close() }
        if let problem = editor.historyProblem { view.complain(problem.words(view.strings), .warning) }
        // Refreshes run in the background while the editor holds the main thread; their outcome wakes it.
        if let mailbox = PromptMailbox() {
            editor.watch(mailbox.wakeDescriptor) { MainActor.assumeIsolated { mailbox.run() } }
            app.backgroundRefresh = BackgroundRefresh(wakingThrough: mailbox.handoff)
        }
        view.say(view.strings("session.welcome", ["version": Help.version]))
        if app.offline { view.say(view.strings["session.offlineAtStart"]) }
        app.announceProvider()
        await app.resume()
        while true {
            view.waitingLine = editor
            let input = editor.read(prompt: promptText)
            view.waitingLine = nil
            view.screenMoved()
            switch input {
            case .end:
                view.console.write("\n")
                return 0
            case .interrupted:
                continue
            case .line(let line):
                editor.remember(line)
                // `:map` is explored with keys: its map is held back to be drawn with the cross.
                view.holdsMap = (try? Command.parse(line, providers: app.providers)) == .map && !app.plain
                let goOn = await app.handle(line)
                view.holdsMap = false
                if !goOn { return 0 }
                if let map = view.takeHeldMap() { await explore(map, editor) }
            }
        }
    }

    /// `:map` at the prompt: the cross moved by the keys over the map drawn again in place, until a key opens a
    /// place, asks for the weather at the cross, or returns. Nothing enters libedit's history. A resize draws it
    /// again, fitted to the new width, at the top of a cleared screen.
    private func explore(_ display: PlacesDisplay, _ editor: LineEditor) async {
        var explorer = view.explorer(for: display)
        var rows = view.draw(exploring: explorer, over: 0)
        var chosen = MapExplorer.Action.quit
        let resized = {
            editor.resized()
            explorer = view.explorer(refitting: explorer)
            rows = view.draw(exploring: explorer, over: rows, clearing: true)
        }
        MapKeys.read(resizes: editor.resizeDescriptor, resized: resized) { key in
            switch explorer.handle(key) {
            case .none: return true
            case .redraw:
                rows = view.draw(exploring: explorer, over: rows)
                return true
            case let action:
                chosen = action
                return false
            }
        }
        view.screenMoved()
        switch chosen {
        case .open(let number): await app.run(.pick(number))
        case .point: await app.run(.search(explorer.pointText))
        case .none, .redraw, .quit: break
        }
    }

    /// "London> ", "London, CA (offline)> ", through the same text boundary as every view.
    private var promptText: String {
        view.console.style.render(view.renderer.prompt(app.promptName, offline: app.offline))
    }
}
