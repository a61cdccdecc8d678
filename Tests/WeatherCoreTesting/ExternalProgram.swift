import Foundation

/// A program of the system's (a shell, groff, dpkg-deb), run to its end with pipes.
public enum ExternalProgram {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The program's path in /usr/bin or /bin; nil when it is not installed (`scripts/test.sh` installs them).
    public static func find(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `path` with `arguments` and `input` on standard input; waits for its exit.
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, input: String = "",
        directory: URL? = nil
    ) async throws -> Result {
        try await run(path, arguments, environment: environment, inputData: Data(input.utf8), directory: directory)
    }

    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String]?, inputData: Data, directory: URL? = nil
    ) async throws -> Result {
        try await offThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            if let environment { process.environment = environment }
            if let directory { process.currentDirectoryURL = directory }
            let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            let errors = Thread.detachedRead(stderr.fileHandleForReading)
            stdin.fileHandleForWriting.write(inputData)
            try stdin.fileHandleForWriting.close()
            let output = stdout.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(
                status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                stderr: String(decoding: errors.wait(), as: UTF8.self))
        }
    }
}
