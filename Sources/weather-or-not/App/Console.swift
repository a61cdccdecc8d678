import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Standard output and error, written unbuffered so another program driving the prompt sees each answer at once.
@MainActor
final class Console {
    /// True when standard output is a terminal.
    let isTerminal: Bool
    /// True when standard input is a terminal.
    let isInteractive: Bool
    /// Colour only on a terminal, and never with NO_COLOR set.
    let useColor: Bool
    let useUnicode: Bool

    init(environment: [String: String], ascii: Bool, color: ColorChoice) {
        isTerminal = isatty(STDOUT_FILENO) == 1
        isInteractive = isatty(STDIN_FILENO) == 1
        switch color {
        case .always: useColor = true
        case .never: useColor = false
        case .auto: useColor = isTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        }
        useUnicode = !ascii && Console.localeIsUTF8(environment)
    }

    /// Columns of the terminal, or 80.
    var width: Int {
        var size = winsize()
        if isTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 40 { return Int(size.ws_col) }
        return 80
    }

    func write(_ text: String) {
        Console.writeAll(STDOUT_FILENO, useUnicode ? text : text.asciiOnly)
    }

    func error(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        Console.writeAll(STDERR_FILENO, useUnicode ? line : line.asciiOnly)
    }

    nonisolated static func writeAll(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Whether output may use characters beyond ASCII (a UTF-8 locale and no --ascii).
    var unicode: Bool { useUnicode }

    /// True when LC_ALL, LC_CTYPE or LANG (the first set) names UTF-8.
    static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let value = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let lower = value.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }
}
