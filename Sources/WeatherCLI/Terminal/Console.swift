import FoundationEssentials
import WeatherCore
#if canImport(Glibc)
import Glibc
#endif

/// Standard output and error, written unbuffered so another program driving the prompt sees each answer at once,
/// and what they are connected to.
@MainActor
package final class Console {
    /// True when standard output is a terminal.
    package let isTerminal: Bool
    /// True when standard input is a terminal.
    package let isInteractive: Bool
    /// True when standard error is a terminal.
    package let errorsOnTerminal: Bool
    /// Colour only on a terminal, and never with NO_COLOR set (unless forced).
    package let useColor: Bool
    /// Characters beyond ASCII: a UTF-8 locale and no --ascii.
    package let useUnicode: Bool
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    package let trueColor: Bool
    /// True when escape sequences move the cursor and clear the screen: standard output is a terminal, and `TERM`
    /// names one that is not `dumb`.
    package let canMoveCursor: Bool
    private let columnsVariable: Int?

    package init(environment: [String: String], ascii: Bool, color: ColorChoice) {
        isTerminal = isatty(STDOUT_FILENO) == 1
        isInteractive = isatty(STDIN_FILENO) == 1
        errorsOnTerminal = isatty(STDERR_FILENO) == 1
        switch color {
        case .always: useColor = true
        case .never: useColor = false
        case .auto: useColor = isTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        }
        useUnicode = !ascii && Console.localeIsUTF8(environment)
        trueColor = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
        canMoveCursor = isTerminal && !["", "dumb"].contains(environment["TERM"] ?? "")
        // A width no terminal has (over `maximumColumns`) is ignored like one that is not a number.
        columnsVariable = environment["COLUMNS"].flatMap { Int($0.trimmingWhitespace) }
            .flatMap { (1...Console.maximumColumns).contains($0) ? $0 : nil }
    }

    /// True for a terminal that says it is dumb (`TERM=dumb`): plain mode is then on, over the preference
    /// (the environment's layer of `Settings.resolve`).
    package static func isDumb(_ environment: [String: String]) -> Bool { environment["TERM"] == "dumb" }

    /// The style for standard output.
    package var style: Style { Style(color: useColor, unicode: useUnicode, trueColor: trueColor) }

    /// The widest `COLUMNS` taken: lines are padded to the width, so a billion would cost gigabytes.
    package static let maximumColumns = 4096

    /// The width to lay out for: `COLUMNS` when set, else the terminal's, else 80 (piped output).
    package var width: Int {
        columnsVariable ?? screen?.columns ?? 80
    }

    /// The terminal's size as it says now; nil when standard output is not a terminal or it does not say.
    package var screen: (columns: Int, rows: Int)? {
        isTerminal ? Self.size(of: STDOUT_FILENO) : nil
    }

    /// The size the terminal on `descriptor` says it has now; nil when it is not a terminal or does not say.
    package static func size(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    package func write(_ text: String) {
        Console.writeAll(STDOUT_FILENO, text)
    }

    package func writeError(_ text: String) {
        Console.writeAll(STDERR_FILENO, text)
    }

    package nonisolated static func writeAll(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            guard let base = buffer.baseAddress else { return }
            while offset < buffer.count {
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// True when LC_ALL, LC_CTYPE or LANG (the first set) names UTF-8.
    package static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let value = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let lower = value.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }
}
