import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The binary running with pipes, driven a line at a time: what another program scripting the prompt sees.
public final class PipedProgram: @unchecked Sendable {
    private let process: Process
    private let input: FileHandle
    private var inputClosed = false
    // Guarded by `lock`: appended by the reading thread, read by the test.
    private var text = ""
    private let lock = NSLock()

    init(arguments: [String], environment: [String: String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout  // one stream, in order, as a person at a terminal would read it
        input = stdin.fileHandleForWriting
        try process.run()
        let output = stdout.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let data = output.availableData
                if data.isEmpty { return }
                lock.withLock { text += String(decoding: data, as: UTF8.self) }
            }
        }
    }

    public func send(_ line: String) { input.write(Data(line.utf8)) }

    /// Everything written to standard output and standard error so far.
    public var output: String { lock.withLock { text } }

    /// Waits until the output contains `needle`.
    public func waitFor(_ needle: String, timeout: Double = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if output.contains(needle) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// True while the program runs.
    public var isRunning: Bool { process.isRunning }

    /// Ends the program at once with SIGKILL, wherever it is.
    public func kill() async {
        Glibc.kill(process.processIdentifier, SIGKILL)
        await offThread { self.process.waitUntilExit() }
    }

    /// Ends standard input: the program finishes what it has read, then exits.
    public func closeInput() throws {
        guard !inputClosed else { return }
        inputClosed = true
        try input.close()
    }

    /// Closes standard input and returns the exit status.
    public func finish() async throws -> Int32 {
        try closeInput()
        return await offThread {
            self.process.waitUntilExit()
            return self.process.terminationStatus
        }
    }
}

extension BinaryRunner {
    /// Starts the program with pipes for input and output.
    public func start(_ arguments: [String] = []) throws -> PipedProgram {
        try PipedProgram(arguments: arguments, environment: environment)
    }
}
