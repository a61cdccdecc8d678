import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program running on a real pseudo-terminal: its controlling terminal, so Ctrl-C and Ctrl-D act as typed.
///
/// Unchecked Sendable: a test drives it one call at a time; the async waits hand it to a thread and await it,
/// so no two threads touch it at once.
public final class PseudoTerminal: @unchecked Sendable {
    public let pid: pid_t
    private let master: Int32
    private var bytes: [UInt8] = []
    /// How far `waitFor` has matched: later waits look only at what came after.
    private var mark = 0
    private var exitStatus: Int32?

    public init(executable: String, arguments: [String] = [], environment: [String: String], columns: UInt16 = 100) throws {
        // posix_openpt, unlockpt and ptsname, as Linux implements them (Swift's Glibc module does not export them).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
            ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0
        else {
            throw POSIXError(.ENXIO)
        }
        let name = "/dev/pts/\(number)"
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slavePath = name
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, the first terminal opened becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80 /* POSIX_SPAWN_SETSID */ | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        self.pid = pid
        self.master = master
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Gives the terminal a new size (TIOCSWINSZ), as a window being resized does; the kernel then sends SIGWINCH
    /// to the program, the terminal's foreground process group.
    public func resize(columns: UInt16, rows: UInt16 = 40) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types text (use "\r" for Enter, "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D, "\t" for Tab, "\u{1B}[A" for Up).
    public func send(_ text: String) {
        let data = Array(text.utf8)
        _ = data.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The process's state and kernel wait channel, and the end of the transcript: for a failure message.
    public var diagnostics: String {
        let state = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("State") }.map(String.init) ?? "State: gone"
        let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? "?"
        return "\(state), waiting in \(wchan); last output: \(String(transcript.suffix(400)).debugDescription)"
    }

    /// Everything the program has written, escape sequences included.
    public var transcript: String { String(decoding: bytes, as: UTF8.self) }

    /// What came after the last match.
    public var unmatched: String { String(decoding: bytes[mark...], as: UTF8.self) }

    /// Waits until `text` appears after the last match; true when it did within `timeout` seconds.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 15) async -> Bool {
        await offThread { self.blockingWaitFor(text, timeout: timeout) }
    }

    private func blockingWaitFor(_ text: String, timeout: Double) -> Bool {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = find(needle) {
                mark = found + needle.count
                return true
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 || !pump(timeout: remaining) { return find(needle).map { mark = $0 + needle.count } != nil }
        }
    }

    /// Waits until the program has put the terminal in raw (non-canonical) mode, as libedit does while editing.
    /// libedit shows its prompt a moment before switching; a Ctrl-D sent in that gap is the canonical-mode end-of-file
    /// marker, which the switch discards.
    @discardableResult
    public func waitForRawMode(timeout: Double = 5) async -> Bool {
        await offThread {
            let deadline = Date().addingTimeInterval(timeout)
            var settings = termios()
            while Date() < deadline {
                if tcgetattr(self.master, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) == 0 { return true }
                usleep(1000)
            }
            return false
        }
    }

    /// Types `:q` and returns the exit status (nil if the program did not end).
    public func quit() async -> Int32? {
        send(":q\r")
        return await waitForExit()
    }

    /// Reads whatever arrives within `seconds`.
    public func drain(for seconds: Double) async {
        await offThread { self.blockingDrain(for: seconds) }
    }

    private func blockingDrain(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0, pump(timeout: deadline.timeIntervalSinceNow) {}
    }

    /// The exit status once the program has ended, within `timeout` seconds; nil if it is still running.
    public func waitForExit(timeout: Double = 10) async -> Int32? {
        await offThread { self.blockingWaitForExit(timeout: timeout) }
    }

    private func blockingWaitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                blockingDrain(for: 0.05)
                let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                exitStatus = code
                return code
            }
            _ = pump(timeout: 0.05)
        }
        return nil
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard bytes.count - mark >= needle.count, !needle.isEmpty else { return nil }
        for i in mark...(bytes.count - needle.count) where bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }

    /// Reads once; false when the terminal closed.
    private func pump(timeout: Double) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(1, min(timeout, 0.2) * 1000)))
        if ready <= 0 { return ready == 0 }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = read(master, &buffer, buffer.count)
        if n <= 0 { return false }
        bytes += buffer[0..<n]
        return true
    }
}
