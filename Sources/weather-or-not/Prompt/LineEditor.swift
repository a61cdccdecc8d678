@preconcurrency import CEditLine
import Foundation
import WeatherCLI
import WeatherCore
#if canImport(Glibc)
import Glibc
#endif

/// The prompt's line editing: libedit with emacs keys, persistent history and whole-line Tab completion.
/// The only user of the CEditLine module.
@MainActor
final class LineEditor {
    enum Input {
        case line(String)
        /// Ctrl-C at the prompt.
        case interrupted
        /// Ctrl-D on an empty line, or the end of input.
        case end
    }

    private let editor: OpaquePointer
    private let history: OpaquePointer
    private let historyFile: URL

    /// libedit calls C functions with no context pointer of ours; these hold what the callbacks need.
    /// Safe: they are set and read only on the main thread, which is the thread libedit runs its callbacks on.
    nonisolated(unsafe) private static var promptText: UnsafeMutablePointer<CChar> = strdup("> ")
    nonisolated(unsafe) private static var completer: ((String) -> Completion)?
    nonisolated(unsafe) private static var list: (([String]) -> String)?
    nonisolated(unsafe) private static var interruptedLine = false

    /// `completer` answers Tab for the text left of the cursor; `list` lays out several choices for the terminal.
    init?(programName: String, historyFile: URL, completer: @escaping (String) -> Completion, list: @escaping ([String]) -> String) {
        Self.ensureUTF8Locale()
        guard let input = fdopen(STDIN_FILENO, "r"), let output = fdopen(STDOUT_FILENO, "w"),
            let errors = fdopen(STDERR_FILENO, "w"), let editor = el_init(programName, input, output, errors),
            let history = history_init()
        else { return nil }
        self.editor = editor
        self.history = history
        self.historyFile = historyFile
        Self.completer = completer
        Self.list = list
        ceditline_history_set_size(history, 1000)
        ceditline_history_set_unique(history, 1)
        try? FileManager.default.createDirectory(
            at: historyFile.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        ceditline_history_load(history, historyFile.path)
        ceditline_set_editor(editor, "emacs")
        ceditline_set_history(editor, history)
        ceditline_set_prompt(editor) { _ in LineEditor.promptText }
        ceditline_add_function(editor, "won-complete", "Complete a city or command") { editor, _ in
            LineEditor.complete(editor)
        }
        ceditline_bind(editor, "^I", "won-complete")
        // While editing, Ctrl-C arrives as a character (ISIG off in edit mode; libedit would retry a read
        // interrupted by SIGINT and keep the line): clear the line and start afresh. Requests run in cooked
        // mode, where Ctrl-C raises SIGINT and cancels them.
        ceditline_edit_mode_without_isig(editor)
        ceditline_add_function(editor, "won-interrupt", "Clear the line") { editor, _ in
            LineEditor.clearLine(editor)
        }
        ceditline_bind(editor, "^C", "won-interrupt")
    }

    /// Reads one line, with the prompt shown.
    func read(prompt: String) -> Input {
        free(Self.promptText)
        Self.promptText = strdup(prompt)
        var count: Int32 = 0
        let raw = el_gets(editor, &count)
        // Ctrl-C: our key binding (edit mode) or SIGINT (a terminal that kept ISIG on). An empty line ended by the
        // binding comes back as NULL, so check this before treating NULL as the end of input.
        if Self.interruptedLine || Interrupts.take() || count < 0 {
            if !Self.interruptedLine { Console.writeAll(STDOUT_FILENO, "^C") }
            Self.interruptedLine = false
            el_reset(editor)
            Console.writeAll(STDOUT_FILENO, "\n")
            return .interrupted
        }
        guard let raw else { return .end }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    /// Adds a line to the history and saves the history file atomically (a temporary file beside it, readable by
    /// the user alone, then a rename), so a crash mid-save never leaves half a history.
    func remember(_ line: String) {
        guard !line.trimmingWhitespace.isEmpty else { return }
        ceditline_history_enter(history, line)
        let temporary = historyFile.deletingLastPathComponent()
            .appendingPathComponent(".\(historyFile.lastPathComponent).\(getpid()).tmp").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        Glibc.close(fd)
        if ceditline_history_save(history, temporary) >= 0, rename(temporary, historyFile.path) == 0 { return }
        unlink(temporary)
    }

    func close() {
        el_end(editor)
        history_end(history)
    }

    /// Tab: completes the text left of the cursor as a whole (so "Rio de J" finds "Rio de Janeiro").
    private static func complete(_ editor: OpaquePointer?) -> UInt8 {
        guard let editor, let info = el_line(editor)?.pointee, let completer else { return ceditline_cc_norm }
        let length = info.cursor - info.buffer
        let typed = String(decoding: UnsafeRawBufferPointer(start: info.buffer, count: length).bindMemory(to: UInt8.self), as: UTF8.self)
        func replace(with text: String) {
            el_deletestr(editor, Int32(typed.unicodeScalars.count))
            el_insertstr(editor, text)
        }
        switch completer(typed) {
        case .none:
            return ceditline_cc_norm
        case .replace(let text):
            replace(with: text)
            return ceditline_cc_refresh
        case .choices(let common, let options):
            if common != typed { replace(with: common) }
            Console.writeAll(STDOUT_FILENO, "\n" + (list?(options) ?? ""))
            return ceditline_cc_redisplay
        }
    }

    /// Ctrl-C at the prompt: empties the line and ends it, so `read` reports an interruption and prompts again.
    private static func clearLine(_ editor: OpaquePointer?) -> UInt8 {
        guard let editor, let info = el_line(editor)?.pointee else { return ceditline_cc_norm }
        let text = { (start: UnsafePointer<CChar>, end: UnsafePointer<CChar>) in
            String(decoding: UnsafeRawBufferPointer(start: start, count: end - start).bindMemory(to: UInt8.self), as: UTF8.self)
        }
        el_cursor(editor, Int32(text(info.cursor, info.lastchar).unicodeScalars.count))
        el_deletestr(editor, Int32(text(info.buffer, info.lastchar).unicodeScalars.count))
        interruptedLine = true
        Console.writeAll(STDOUT_FILENO, "^C")
        return ceditline_cc_newline
    }

    /// libedit drops non-ASCII input without a UTF-8 LC_CTYPE, whatever the environment says; force one.
    private static func ensureUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset).uppercased().replacingOccurrences(of: "-", with: "") == "UTF8" {
            return
        }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
    }
}
