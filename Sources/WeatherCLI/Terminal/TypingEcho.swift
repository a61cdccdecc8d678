#if canImport(Glibc)
import Glibc
#endif

/// Turns the terminal's echo off while a request runs, so text typed meanwhile is not drawn after the spinner line;
/// what was typed stays in the input queue for the next prompt.
package struct TypingEcho: Sendable {
    private var saved: termios?

    package init() {}

    /// Echo off on standard input, if it is a terminal; Ctrl-C still interrupts.
    package mutating func suspend() {
        guard saved == nil else { return }
        var settings = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }

    /// Echo as it was.
    package mutating func restore() {
        guard let settings = saved else { return }
        saved = nil
        var now = termios()
        guard tcgetattr(STDIN_FILENO, &now) == 0 else { return }
        now.c_lflag = (now.c_lflag & ~tcflag_t(ECHO)) | (settings.c_lflag & tcflag_t(ECHO))
        tcsetattr(STDIN_FILENO, TCSANOW, &now)
    }
}
