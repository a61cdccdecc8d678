@preconcurrency import CEditLine
import FoundationEssentials
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
    /// Why the history file is left alone this session, neither loaded nor saved (too large, or unreadable): said
    /// once by the prompt. Nil when it is used.
    private(set) var historyProblem: Phrase?

    /// The largest history file loaded (1000 lines take about 20 KiB).
    static let maximumHistoryBytes = 1 << 20

    /// libedit calls C functions with no context pointer of ours; these hold what the callbacks need.
    /// Safe: they are set and read only on the main thread, which is the thread libedit runs its callbacks on.
    nonisolated(unsafe) private static var promptText: UnsafeMutablePointer<CChar> = strdup("> ")
    nonisolated(unsafe) private static var completer: ((String) -> Completion)?
    nonisolated(unsafe) private static var list: (([String]) -> String)?
    nonisolated(unsafe) private static var clearScreen: (() -> Void)?
    nonisolated(unsafe) private static var interruptedLine = false
    /// What the read function watches beside standard input, and runs when it is readable.
    nonisolated(unsafe) private static var wake: (descriptor: Int32, run: () -> Void)?
    /// The pipe SIGWINCH writes to (`WindowResizes`), -1 when there is none; and the width libedit last laid the
    /// line out at, which a resize's redraw steps back over.
    nonisolated(unsafe) private static var resizes: Int32 = -1
    nonisolated(unsafe) private static var columns = 80

    /// `completer` answers Tab for the text left of the cursor; `list` lays out several choices for the terminal;
    /// `clearScreen` (Ctrl-L) clears the screen and draws the view again at its top.
    init?(
        programName: String, historyFile: URL, completer: @escaping (String) -> Completion, list: @escaping ([String]) -> String,
        clearScreen: @escaping () -> Void
    ) {
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
        Self.clearScreen = clearScreen
        ceditline_history_set_size(history, 1000)
        ceditline_history_set_unique(history, 1)
        try? FileManager.default.createDirectory(
            at: historyFile.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        historyProblem = Self.load(history, from: historyFile)
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
        // Ctrl-L, as in a shell: a clear screen with the view on it, the prompt and the text typed kept below.
        ceditline_add_function(editor, "won-clear", "Clear the screen and redraw the view") { _, _ in
            LineEditor.clearScreen?()
            return ceditline_cc_redisplay
        }
        ceditline_bind(editor, "^L", "won-clear")
        if Self.resizes < 0 { Self.resizes = WindowResizes.install() ?? -1 }
        Self.columns = Console.size(of: STDOUT_FILENO)?.columns ?? 80
        // Characters are read by this program's function: it watches the resize pipe (and the wake-up descriptor).
        ceditline_set_read_function(editor) { editor, character in LineEditor.readCharacter(editor, into: character) }
    }

    /// While a line is read, empties `descriptor` and runs `run` (on this thread, between keystrokes) whenever it
    /// becomes readable: work posted from other threads reaches the screen without waiting for Enter.
    func watch(_ descriptor: Int32, then run: @escaping () -> Void) {
        Self.wake = (descriptor, run)
    }

    /// The pipe SIGWINCH writes to, for a reader of keys between two lines (`MapKeys`); -1 when there is none. What
    /// it takes from it, it reports with `resized()`.
    var resizeDescriptor: Int32 { Self.resizes }

    /// The terminal was resized while no line was read (and the pipe emptied by another reader): the next line is
    /// laid out at the new width.
    func resized() {
        Self.columns = Console.size(of: STDOUT_FILENO)?.columns ?? Self.columns
        el_resize(editor)
    }

    /// Reads one line, with the prompt shown.
    func read(prompt: String) -> Input {
        free(Self.promptText)
        Self.promptText = strdup(prompt)
        // Resized while no line was being edited (a request ran): libedit lays the new line out at the new width.
        if Self.resizes >= 0, WindowResizes.take(Self.resizes) {
            Self.columns = Console.size(of: STDOUT_FILENO)?.columns ?? Self.columns
            el_resize(editor)
        }
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

    /// Loads the history file unless it is over the cap or cannot be read as libedit's history (refused, a folder,
    /// another format): then it is left as it is, and the reason returned.
    private static func load(_ history: OpaquePointer, from file: URL) -> Phrase? {
        let problem = { (key: String) in Phrase(key, ["path": file.path, "limit": String(maximumHistoryBytes >> 20)]) }
        do throws(BoundedFile.Failure) {
            let size = try BoundedFile.check(file, limit: maximumHistoryBytes)
            // An empty file holds no history (libedit refuses it, for want of its first line).
            guard size > 0, ceditline_history_load(history, file.path) < 0 else { return nil }
            return problem("history.unreadable")
        } catch .missing {
            return nil
        } catch .tooLarge {
            return problem("history.tooLarge")
        } catch {
            return problem("history.unreadable")
        }
    }

    /// Adds a line to the history and saves the history file atomically (a temporary file beside it, readable by
    /// the user alone, then a rename), so a crash mid-save never leaves half a history. A history file left alone
    /// (`historyProblem`) is never written: the line is recalled in this session only.
    func remember(_ line: String) {
        guard !line.trimmingWhitespace.isEmpty else { return }
        ceditline_history_enter(history, line)
        guard historyProblem == nil else { return }
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

    /// libedit's own reader, watching the resize pipe and the wake-up descriptor too: bytes from standard input one
    /// at a time, decoded in the (UTF-8) locale as libedit decodes them. A resize draws the line again at the new
    /// width and reading goes on. As libedit's does without `EL_SIGNAL`, it retries once after another signal
    /// interrupts it and fails on the second (SIGINT comes only from outside while editing: Ctrl-C arrives as a
    /// character).
    private static func readCharacter(_ editor: OpaquePointer?, into character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
        var bytes: [CChar] = []
        var retried = false
        func fail() -> Int32 {
            character?.pointee = 0
            return -1
        }
        while true {
            var watched = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: resizes, events: Int16(POLLIN), revents: 0)]
            if let wake { watched.append(pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0)) }
            // (poll skips a negative descriptor: without a resize pipe, the second entry watches nothing.)
            if poll(&watched, nfds_t(watched.count), -1) < 0 {
                if errno == EINTR, redrawIfResized(editor) { continue }  // SIGWINCH: not a failure
                guard errno == EINTR, !retried else { return fail() }
                retried = true
                continue
            }
            if watched[1].revents != 0 { _ = redrawIfResized(editor) }
            if watched.count > 2, watched[2].revents != 0, let wake {
                var sink = [UInt8](repeating: 0, count: 64)
                while Glibc.read(wake.descriptor, &sink, sink.count) > 0 {}
                wake.run()
            }
            guard watched[0].revents != 0 else { continue }
            var byte: CChar = 0
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0 {
                guard errno == EINTR || errno == EAGAIN, !retried else { return fail() }
                retried = true
                continue
            }
            if count == 0 {
                character?.pointee = 0
                return 0
            }
            bytes.append(byte)
            decoding: while true {
                var state = mbstate_t()
                var wide: wchar_t = 0
                switch mbrtowc(&wide, bytes, bytes.count, &state) {
                case -2:  // (size_t)-2: the start of a character; read on
                    guard bytes.count < 16 else {  // glibc's MB_LEN_MAX, as libedit has it (Swift sees clang's 1)
                        errno = EILSEQ
                        return fail()
                    }
                    break decoding
                case -1:  // (size_t)-1: no character; again from the last byte, which may start one, or drop it
                    guard bytes.count > 1 else {
                        bytes = []
                        break decoding
                    }
                    bytes = [bytes[bytes.count - 1]]
                default:
                    character?.pointee = wide
                    return 1
                }
            }
        }
    }

    /// After a resize (true; false when there was none): the prompt and the line drawn again at the new width, from
    /// the start of the prompt's first row. It steps up the rows the line took at the old width or takes at the new
    /// one, whichever is fewer: a terminal that keeps its rows (xterm) and one that rewraps them (VTE, kitty) both
    /// have at least that many above the cursor that are the line's, so nothing drawn above it is ever erased.
    private static func redrawIfResized(_ editor: OpaquePointer?) -> Bool {
        guard resizes >= 0, WindowResizes.take(resizes) else { return false }
        guard let editor, let now = Console.size(of: STDOUT_FILENO)?.columns else { return true }
        let up = min(rowsAboveCursor(editor, columns: columns), rowsAboveCursor(editor, columns: now))
        columns = now
        Console.writeAll(STDOUT_FILENO, "\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J")
        el_resize(editor)
        ceditline_redisplay(editor)
        return true
    }

    /// Rows from the prompt's first to the cursor's, on a terminal `columns` wide.
    private static func rowsAboveCursor(_ editor: OpaquePointer, columns: Int) -> Int {
        guard columns > 0, let info = el_line(editor)?.pointee else { return 0 }
        // libedit wraps as soon as a row is full: the cursor after a full row starts the next one.
        return (TextWidth.of(String(cString: promptText)) + TextWidth.of(text(from: info.buffer, to: info.cursor))) / columns
    }

    /// Tab: completes the text left of the cursor as a whole (so "Rio de J" finds "Rio de Janeiro").
    private static func complete(_ editor: OpaquePointer?) -> UInt8 {
        guard let editor, let info = el_line(editor)?.pointee, let completer else { return ceditline_cc_norm }
        let typed = text(from: info.buffer, to: info.cursor)
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
        el_cursor(editor, Int32(text(from: info.cursor, to: info.lastchar).unicodeScalars.count))
        el_deletestr(editor, Int32(text(from: info.buffer, to: info.lastchar).unicodeScalars.count))
        interruptedLine = true
        Console.writeAll(STDOUT_FILENO, "^C")
        return ceditline_cc_newline
    }

    /// The line's text between two of its positions.
    private static func text(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>) -> String {
        String(decoding: UnsafeRawBufferPointer(start: start, count: end - start).bindMemory(to: UInt8.self), as: UTF8.self)
    }

    /// libedit drops non-ASCII input without a UTF-8 LC_CTYPE, whatever the environment says; force one.
    private static func ensureUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset).uppercased().replacing("-", with: "") == "UTF8" {
            return
        }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
    }
}

extension LineEditor: WaitingLine {
    func rowsAboveCursor(columns: Int) -> Int {
        Self.rowsAboveCursor(editor, columns: columns)
    }

    func redraw() {
        ceditline_redisplay(editor)
    }
}
