import FoundationEssentials
import Glibc
import WeatherCore

/// The terminal view of a running `WeatherApp`: draws each event it publishes, fitted to the width, on standard
/// output (views) or standard error (failures and their hints), shows a spinner while a request runs, and keeps
/// what decides the exit status.
@MainActor
package final class SessionView {
    /// What drives the session.
    package enum Mode: Equatable, Sendable {
        /// The interactive prompt.
        case prompt
        /// Commands read from piped standard input.
        case piped
        /// A one-shot run; `json` collects the views into one JSON document.
        case oneShot(json: Bool)
    }

    package let app: WeatherApp
    package let console: Console
    package let mode: Mode
    /// True once per Ctrl-C (the prompt installs a handler); a request in flight is then cancelled.
    package var interrupted: () -> Bool = { false }
    /// Set by the prompt while its line editor waits for a line (and only then): what is drawn meanwhile goes above
    /// the prompt and the text typed so far, which are drawn again after.
    package var waitingLine: (any WaitingLine)?
    /// Set by the prompt while it runs a `:map` it is about to explore: the map is then kept in `heldMap` for the
    /// prompt to draw with its cross, not drawn here.
    package var holdsMap = false
    /// The map kept while `holdsMap` was set; nil when none came (a failure, no places).
    package private(set) var heldMap: PlacesDisplay?
    /// `--format`: a one-shot run prints its place's current weather as this one status line instead of the view.
    package var statusFormat: StatusFormat?
    /// The console's style; in plain mode without colour (`style`).
    private let consoleStyle: Style
    private var failures: [WeatherError] = []
    private var spinner: Task<Void, Never>?
    private var echo = TypingEcho()
    private var json = JSONDocument()
    /// The current view drawn last at the prompt, while nothing but the prompt has been written below it: its rows,
    /// and the terminal's width then. A newer copy of it arriving while the prompt waits is drawn over it.
    private var viewAbovePrompt: (rows: Int, columns: Int)?
    /// While an event is drawn at a waiting prompt: what moves the cursor above the prompt, written before the
    /// event's first output; nil once written.
    private var stepAbovePrompt: String?
    /// The status line held until the warnings it shows come, or a one-shot's or piped session's current view until
    /// the warnings drawn above it come (they left with its weather).
    private var pendingStatus: CurrentWeatherDisplay?

    package init(app: WeatherApp, console: Console, mode: Mode) {
        self.app = app
        self.console = console
        self.mode = mode
        consoleStyle = console.style
        app.onEvent = { [unowned self] event in show(event) }
    }

    /// A renderer for the width of the moment (the terminal may have been resized), in the language of the moment.
    package var renderer: Renderer {
        var renderer = Renderer(style: style, width: console.width, strings: strings, context: context)
        renderer.plain = app.plain
        return renderer
    }

    /// Plain mode's views: sentences, in the language and on the clock of the moment.
    package var plainRenderer: PlainRenderer { PlainRenderer(strings: strings, clock: app.options.clock, context: context) }

    /// What output may use: the console's, without colour in plain mode.
    private var style: Style { app.plain ? Style(color: false, unicode: consoleStyle.unicode) : consoleStyle }

    /// The words of the language chosen (the app's display options name it), the core's tables and the terminal's.
    package var strings: Strings { .terminal(app.options.language) }

    /// Where hints point: prompt commands, or command-line options.
    private var context: MessageContext { if case .oneShot = mode { .commandLine } else { .prompt } }

    /// Draws one event; while the prompt waits for a line, above it (over the view it refreshes, if that is the
    /// last thing above the prompt), and then the prompt and the text typed so far again.
    package func show(_ event: AppEvent) {
        // A late name: drawn over the view when it is just above the prompt (only its title changes); else nothing
        // is drawn again, no second view below the first (the prompt and later views say the new name).
        if case .renamed(let display) = event {
            guard waitingLine != nil, viewAbovePrompt != nil else { return }
            return show(.current(display))
        }
        guard let line = waitingLine else { return present(event) }
        var replacing: (rows: Int, columns: Int)?
        if case .current = event { replacing = viewAbovePrompt }
        stepAbovePrompt = stepAbove(line, replacing: replacing)
        present(event)
        if stepAbovePrompt == nil { line.redraw() }
        stepAbovePrompt = nil
    }

    /// Ctrl-L at the prompt: the screen cleared and the view shown last drawn again at its top from what the app
    /// holds (no request); the line editor then draws the prompt and the text typed under it. A terminal that cannot
    /// move the cursor gets the view again below.
    package func clearScreenAndRedraw() {
        let line = waitingLine
        waitingLine = nil  // drawn from the top of a clear screen, not above the prompt
        defer { waitingLine = line }
        write(console.canMoveCursor ? "\u{1B}[H\u{1B}[2J" : "\n", to: STDOUT_FILENO)
        app.redrawView()
    }

    /// Takes the map kept while `holdsMap` was set.
    package func takeHeldMap() -> PlacesDisplay? {
        defer { heldMap = nil }
        return heldMap
    }

    /// The explorer's map (or list) for the width of the moment, with the map's frame for a new explorer.
    package func explorer(for display: PlacesDisplay) -> MapExplorer {
        MapExplorer(display: display, frame: renderer.mapFrame(display))
    }

    /// The explorer in the frame of the width of the moment (after a resize).
    package func explorer(refitting explorer: MapExplorer) -> MapExplorer {
        explorer.refitted(to: renderer.mapFrame(explorer.display))
    }

    /// Draws `:map` being explored: over its last drawing, `rows` rows above the cursor, when the cursor can move
    /// (else below it); at the top of a cleared screen when `clearing` (after a resize, when the terminal may have
    /// wrapped the old drawing anew). Returns the rows it took.
    package func draw(exploring explorer: MapExplorer, over rows: Int, clearing: Bool = false) -> Int {
        let lines = renderer.map(exploring: explorer)
        if clearing, console.canMoveCursor {
            write("\u{1B}[H\u{1B}[2J", to: STDOUT_FILENO)
        } else if rows > 0 {
            write(console.canMoveCursor ? "\r\u{1B}[\(rows)A\u{1B}[J" : "\n", to: STDOUT_FILENO)
        }
        draw(lines)
        // A line wider than the terminal (a map of 40 columns on a narrower one) took more than one row.
        let columns = max(1, console.screen?.columns ?? console.width)
        return lines.reduce(0) { $0 + max(1, ($1.width + columns - 1) / columns) }
    }

    /// Something was written that is not an event's (a line ended, Tab listed choices): the view drawn last is no
    /// longer just above the prompt.
    package func screenMoved() {
        viewAbovePrompt = nil
    }

    private func present(_ event: AppEvent) {
        let renderer = renderer
        let strings = renderer.strings
        switch event {
        case .current(let d):
            if let statusFormat {
                // A line with the warnings waits for them (drawn by `.warnings`, or by `flushStatus` at the end).
                guard statusFormat.needsWarnings, app.warningService != nil, d.warnings == nil else {
                    return drawStatus(statusFormat, d, warnings: d.warnings)
                }
                pendingStatus = d
                return
            }
            // A one-shot draws one view, and a piped session each view once: they wait for the warnings on the wire
            // that left with its weather, to draw them above it.
            if mode != .prompt, d.warnings == nil, app.warningsComing {
                pendingStatus = d
                return
            }
            drawCurrent(d, renderer)
        case .hourly(let d): json.hourly = d; json.strings = strings; draw(app.plain ? plain(plainRenderer.hourly(d)) : renderer.hourly(d))
        case .daily(let d): json.daily = d; json.strings = strings; draw(app.plain ? plain(plainRenderer.daily(d)) : renderer.daily(d))
        case .rain(let d): draw(app.plain ? plain(plainRenderer.rain(d)) : renderer.rain(d))
        case .air(let d): draw(app.plain ? plain(plainRenderer.air(d)) : renderer.air(d))
        case .warnings(let d):
            if let pending = pendingStatus {
                pendingStatus = nil
                var view = pending
                view.warnings = d
                return statusFormat.map { drawStatus($0, pending, warnings: d) } ?? drawCurrent(view, renderer)
            }
            guard statusFormat == nil else { return }
            json.warnings = d
            drawLateWarnings(d, renderer)
        case .alerts(let d): draw(app.plain ? plain(plainRenderer.alerts(d)) : renderer.alerts(d))
        case .compare(let a, let b): draw(app.plain ? plain(plainRenderer.compare(a, b)) : renderer.compare(a, b))
        case .places(let d): json.places = d; json.strings = strings; draw(app.plain ? plain(plainRenderer.places(d)) : renderer.places(d))
        case .map(let d):
            // In a pipe, printed once at 80×20; in plain mode, said as the list.
            json.map = d
            json.strings = strings
            if holdsMap, !app.plain, !d.rows.isEmpty {
                heldMap = d
                return
            }
            draw(app.plain ? plain(plainRenderer.map(d)) : renderer.map(d, maxRows: mode == .prompt ? MapFrame.maximumRows : MapFrame.pipeSize.rows))
        case .forgotten(let place): draw(renderer.message(strings("session.forgotten", ["place": place.displayName])))
        case .matches(let places, let shown):
            if case .oneShot = mode {
                // `--json` says it too, on standard error (its document stays the one place's); a status line, which
                // may run every few seconds, does not.
                guard statusFormat == nil else { return }
                let others = places.enumerated().filter { $0.offset != shown }.map { "weather-or-not \"\(PlaceNaming.query(for: $0.element, among: places))\"" }
                complain(renderer.message(strings["session.otherPlaces"], .dim) + renderer.definitions(others.map { ($0, "") }))
            } else {
                let names = places.map { app.plain ? plainRenderer.spokenName($0) : $0.named(in: app.language).displayName }
                draw(renderer.message(strings["session.places"], .dim) + renderer.numbered(names, marked: shown))
            }
        case .suggestions(let places):
            let names = places.map { strings["quote.open"] + $0.displayName + strings["quote.close"] }
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " " + strings["session.or"] + " " + names[names.count - 1]
            complain(renderer.message(strings("session.didYouMean", ["places": list])))
        case .recent(let places):
            let names = places.map { app.plain ? plainRenderer.spokenName($0) : $0.named(in: app.language).displayName }
            draw(places.isEmpty ? renderer.message(strings["session.noRecent"]) : renderer.numbered(names))
        case .settings(let units, let clock, let saved):
            let clockWords = strings[clock == .twelveHour ? "session.clock.12" : "session.clock.24"]
            let key = saved ? "session.settingsSaved" : "session.settings"
            draw(renderer.message(strings(key, ["units": Self.describe(units, strings), "clock": clockWords])))
        case .language(let language):
            let others = Language.allCases.filter { $0 != language }.map(\.code).joined(separator: ", ")
            draw(renderer.message(Strings.terminal(language)("settings.language", ["name": language.nativeName, "code": language.code, "list": others])))
        case .help:
            draw(renderer.message(Help.intro(strings)) + renderer.message(strings["help.commandsHeading"]) + renderer.definitions(Help.commands(strings))
                + Help.footer(strings, app.providers).flatMap { renderer.message($0) })
        case .offlineChanged(let on, let places):
            draw(renderer.message(on
                ? strings("session.offlineOn", ["places": places.joined(separator: ", ")])
                : strings("session.offlineOff", ["provider": app.provider.displayName])))
        case .provider(let provider, let isDefault):
            let others = app.providers.all.filter { $0 != provider }.map(\.rawValue).joined(separator: ", ")
            let key = provider.needsKey ? "session.provider.keyed" : isDefault ? "session.provider.keyless" : "session.provider.chosen"
            draw(renderer.message(strings(key, ["provider": provider.displayName, "others": others])))
        case .offlineUnchanged(let on):
            draw(renderer.message(strings[on ? "session.offlineAlreadyOn" : "session.offlineAlreadyOff"]))
        case .failed(let error):
            failures.append(error)
            complain(renderer.message(error.message(in: context, provider: app.provider, strings: strings), .failure))
        case .refreshFailed(let place, let reason, let age):
            let name = place.name.isEmpty ? place.displayName : place.name
            let words = strings(
                "session.refreshFailed",
                ["place": name, "reason": reason.shortReason(strings), "age": RelativeAge.describe(seconds: age, strings)])
            complain(renderer.message(words, .failure))
        case .guessed(let guess):
            json.located = .timeZone(guess.zone)
            note(strings("session.guessed", ["zone": guess.zone, "place": guess.place.displayName]))
        case .home(let place?, let saved):
            draw(renderer.message(strings(saved ? "session.home.saved" : "session.home", ["place": place.displayName])))
        case .airScale(let scale, let saved):
            let name = strings["aqi.scale." + (scale?.rawValue ?? "auto")]
            draw(renderer.message(strings(saved ? "session.aqi.saved" : "session.aqi", ["scale": name])))
        case .plain(let on, let saved):
            let key = saved ? (on ? "session.plain.savedOn" : "session.plain.savedOff") : on ? "session.plain.on" : "session.plain.off"
            draw(renderer.message(strings[key]))
        case .home(nil, _):
            draw(renderer.message(strings["session.home.none"]))
        case .located(let place, let service):
            json.located = .ipAddress(service: service)
            note(strings("session.located", ["service": service, "place": place.displayName]))
        case .locateFailed(let error, let service):
            failures.append(error)
            let words: String = switch error {
            case .badConfiguration(let phrase): phrase.words(strings)
            case .badResponse(let detail): strings("session.locateFailed", ["service": service, "reason": detail.words(strings)])
            default: strings("session.locateFailed", ["service": service, "reason": error.shortReason(strings)])
            }
            complain(renderer.message(words, .failure))
        case .saveFailed(let path):
            complain(renderer.message(strings("session.saveFailed", ["path": path]), .warning))
        case .renamed: break  // `show` draws it as the view it renames, or not at all
        case .loading(let on):
            on ? startSpinner() : stopSpinner()
        }
    }

    /// The status line, marked when it is not fresh: " *" after a stale copy (refreshing it failed), " (offline)"
    /// after sample data, as the prompt says it. When another provider answered than the one chosen, standard error
    /// says which (the line itself stays the figures a bar reads).
    /// A status line or a one-shot's or piped session's view waiting for its warnings, drawn without them if none came
    /// in time.
    package func flushStatus() {
        guard let pending = pendingStatus else { return }
        pendingStatus = nil
        if let statusFormat { return drawStatus(statusFormat, pending) }
        drawCurrent(pending, renderer)
    }

    /// The current view, its warnings above it when they came with it.
    private func drawCurrent(_ d: CurrentWeatherDisplay, _ renderer: Renderer) {
        json.current = d
        json.strings = renderer.strings
        if let warnings = d.warnings { json.warnings = warnings }
        let lines: [Line]
        if app.plain {
            let warnings: [String] = d.warnings.map { plainRenderer.warnings($0) } ?? []
            lines = plain(warnings + plainRenderer.current(d))
        } else {
            let warnings: [Line] = d.warnings.map { renderer.warnings($0) } ?? []
            lines = warnings + renderer.current(d)
        }
        draw(lines)
        // Each line fits the terminal (none wrapped): one row a line. Plain mode's sentences are not fitted (the
        // terminal wraps them): a newer copy goes below, never over rows it cannot count.
        if mode == .prompt, !app.plain, let screen = console.screen, console.width <= screen.columns {
            viewAbovePrompt = (lines.count, screen.columns)
        }
    }

    /// Warnings that landed after their view was drawn: under it, after a short dim lead naming the place, rather than
    /// the whole view drawn again (it would jump while the person reads or types). At the prompt they join the view
    /// just above it, so a newer copy of the view, with the warnings above it, is drawn over both.
    /// With no warning in (only "warnings unavailable"), the line comes alone: a lead announcing warnings would then
    /// promise what is not there.
    private func drawLateWarnings(_ d: WarningsDisplay, _ renderer: Renderer) {
        let lead = d.items.isEmpty ? nil : renderer.strings("warnings.late", ["place": d.place])
        let all: [Line]
        if app.plain {
            let sentences = plainRenderer.warnings(d)
            guard !sentences.isEmpty else { return }
            all = plain((lead.map { [$0] } ?? []) + sentences)
        } else {
            let lines = renderer.warnings(d)
            guard !lines.isEmpty else { return }
            all = (lead.map { renderer.message($0, .dim) } ?? []) + lines
        }
        let above = viewAbovePrompt
        draw(all)
        if let above, mode == .prompt, let screen = console.screen, above.columns == screen.columns {
            viewAbovePrompt = (above.rows + all.count, screen.columns)
        }
    }

    private func drawStatus(_ format: StatusFormat, _ d: CurrentWeatherDisplay, warnings: WarningsDisplay? = nil) {
        let failover = d.notice?.parts.filter { if case .failover = $0 { true } else { false } } ?? []
        if let notice = Notice(failover) { complain(notice.words(strings), .warning) }
        let stale = d.notice?.parts.contains { if case .stale = $0 { true } else { false } } ?? false
        let mark = app.offline ? " " + strings["prompt.offline"] : stale ? " *" : ""
        draw([format.line(d, style: style, strings: strings, warnings: warnings) + style.line(mark)])
    }

    /// A note about the place shown next (a guess, a located place): dim on standard output, in a one-shot on standard
    /// error (never in its JSON or status line, whose readers are programs).
    private func note(_ text: String) {
        guard case .oneShot(let asJSON) = mode else { return draw(renderer.message(text, .dim)) }
        if !asJSON, statusFormat == nil { complain(text, .dim) }
    }

    /// Says a note on standard output.
    package func say(_ text: String, _ look: Look? = nil) {
        draw(renderer.message(text, look))
    }

    /// Says a line on standard error.
    package func complain(_ text: String, _ look: Look? = .failure) {
        complain(renderer.message(text, look))
    }

    /// Plain mode's sentences as lines, each through the terminal boundary (`Style.span`), without colour.
    private func plain(_ sentences: [String]) -> [Line] { sentences.map { style.line($0) } }

    private func draw(_ lines: [Line]) {
        if case .oneShot(json: true) = mode { return }
        write(style.render(lines), to: STDOUT_FILENO)
    }

    private func complain(_ lines: [Line]) {
        let errorStyle = Style(color: style.color && console.errorsOnTerminal, unicode: style.unicode, trueColor: style.trueColor)
        write(errorStyle.render(lines), to: STDERR_FILENO)
    }

    /// Every line drawn goes through here: after it, no view is just above the prompt.
    private func write(_ text: String, to descriptor: Int32) {
        if let step = stepAbovePrompt {
            Console.writeAll(STDOUT_FILENO, step)
            stepAbovePrompt = nil
        }
        viewAbovePrompt = nil
        Console.writeAll(descriptor, text)
    }

    /// From the cursor in the text being typed to where output goes at a waiting prompt: the start of the prompt's
    /// first row, or of the view it replaces, with everything below cleared. Below the prompt's row when the terminal
    /// cannot move the cursor, or says no size; the view replaced must still be on the screen, at the same width.
    private func stepAbove(_ line: any WaitingLine, replacing view: (rows: Int, columns: Int)?) -> String {
        guard console.canMoveCursor, let screen = console.screen else { return "\n" }
        var up = line.rowsAboveCursor(columns: screen.columns)
        if let view, view.columns == screen.columns, up + view.rows < screen.rows { up += view.rows }
        return "\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J"
    }

    /// A one-shot `--here` showing the home: its JSON says so (a guess, or `--locate`, says itself).
    package func showingHome() {
        json.located = .home
    }

    /// One-shot JSON: the views collected, printed as one document.
    package func printJSON() {
        guard case .oneShot(json: true) = mode, let text = json.text else { return }
        console.write(text + "\n")
    }

    /// The status the run ends with: 0; for a piped session 1 when any command failed; for a one-shot, what the
    /// first failure calls for.
    package var exitStatus: Int32 {
        guard let first = failures.first else { return ExitStatus.success }
        switch mode {
        case .prompt: return ExitStatus.success
        case .piped: return ExitStatus.commandFailed
        case .oneShot: return ExitStatus.oneShot(first)
        }
    }

    /// True when something failed.
    package var hasFailed: Bool { !failures.isEmpty }

    /// "metric (°C, km/h, hPa, mm)".
    static func describe(_ units: UnitSystem, _ strings: Strings) -> String {
        strings["session.units." + units.rawValue]
    }

    // MARK: While a request runs

    /// A spinner after 200 ms: on standard output at the prompt, on standard error in a one-shot run on a terminal
    /// (not for a status line, whose reader is a bar).
    /// At the prompt, typing is not echoed meanwhile, and Ctrl-C cancels the request.
    private func startSpinner() {
        guard spinner == nil else { return }
        let descriptor: Int32?
        switch mode {
        // Plain mode draws no spinner: a screen reader would read each frame.
        case .prompt: descriptor = console.isTerminal && !app.plain ? STDOUT_FILENO : nil
        case .oneShot: descriptor = console.errorsOnTerminal && statusFormat == nil && !app.plain ? STDERR_FILENO : nil
        case .piped: descriptor = nil
        }
        let watchesInterrupts = mode == .prompt
        guard descriptor != nil || watchesInterrupts else { return }
        if mode == .prompt { echo.suspend() }
        let frames = style.unicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
        let label = style.render(style.line(" " + strings["session.fetching"]))
        let cancelled = strings["session.cancelled"]
        spinner = Task { @MainActor [unowned self] in
            var tick = 0
            while !Task.isCancelled {
                if watchesInterrupts, interrupted() {
                    app.cancelRequests()
                    Console.writeAll(descriptor ?? STDOUT_FILENO, (descriptor != nil ? "\r\u{1B}[K" : "") + cancelled + "\n")
                    return
                }
                if let descriptor, tick % 2 == 0, tick >= 4 {
                    Console.writeAll(descriptor, "\r" + frames[(tick / 2) % frames.count] + label)
                }
                tick += 1
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    private func stopSpinner() {
        spinner?.cancel()
        spinner = nil
        echo.restore()
        switch mode {
        case _ where app.plain: break  // no spinner was drawn
        case .prompt where console.isTerminal: Console.writeAll(STDOUT_FILENO, "\r\u{1B}[K")
        case .oneShot where console.errorsOnTerminal && statusFormat == nil: Console.writeAll(STDERR_FILENO, "\r\u{1B}[K")
        default: break
        }
    }
}
