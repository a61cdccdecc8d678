import Glibc
import WeatherCLI

/// The keys of `:map` at the prompt, read between two of libedit's lines: the terminal put in raw mode (no echo, no
/// line buffering, Ctrl-C a key) and given back as it was. libedit, its history and its modes are left alone.
enum MapKeys {
    /// How long an Esc waits for the rest of an escape sequence (an arrow key sends three bytes at once).
    static let escapeWait: Int32 = 50

    /// Reads keys and hands each to `handle` until it returns false or the input ends, and calls `resized` when the
    /// resize pipe `resizes` (-1: none) says the window changed; the terminal's mode is restored after. Without a
    /// terminal on standard input, reads nothing.
    static func read(resizes: Int32, resized: () -> Void, _ handle: (MapExplorer.Key) -> Bool) {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return }
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        var pending: [UInt8] = []
        while true {
            // Complete keys first; a lone Esc (or the start of a sequence) waits a moment for more.
            while let (key, length) = MapKey.decode(pending) {
                pending.removeFirst(length)
                if !handle(key) { return }
            }
            let waited = pending.isEmpty ? -1 : escapeWait
            // (poll skips a negative descriptor: without a resize pipe, the second entry watches nothing.)
            var watched = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: resizes, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&watched, 2, waited)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if watched[1].revents != 0, WindowResizes.take(resizes) {
                resized()
                if watched[0].revents == 0 { continue }
            }
            if ready == 0 {
                // Nothing followed the Esc: it is the key itself.
                pending.removeFirst()
                if !handle(.quit) { return }
                continue
            }
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = Glibc.read(STDIN_FILENO, &bytes, bytes.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return }
            pending += bytes[0..<count]
        }
    }
}
