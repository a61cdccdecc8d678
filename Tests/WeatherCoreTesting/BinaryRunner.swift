import Foundation

/// Runs the built `weather-or-not` with pipes, in a sandbox of its own (temporary XDG folders and HOME).
public struct BinaryRunner: Sendable {
    /// The built executable, beside the test bundle (`swift build` puts both in the same folder).
    public static let executable: String = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("weather-or-not").path,
            Fixtures.packageRoot.appendingPathComponent(".build/debug/weather-or-not").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
    }()

    public typealias Result = ExternalProgram.Result

    public let home: TemporaryFolder
    public var environment: [String: String]

    /// A sandbox talking to `server` (or to nothing) with `key`.
    public init(server: LoopbackServer?, key: String? = "e2e-key-Zq81", extra: [String: String] = [:]) {
        home = TemporaryFolder()
        var environment = [
            "HOME": home.url.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color",
            "XDG_CONFIG_HOME": home.path("config").path, "XDG_CACHE_HOME": home.path("cache").path,
            "XDG_STATE_HOME": home.path("state").path,
            // The loopback geocoders' fixtures hold real cities (London, Zurich) that the built-in table would find
            // on the machine: tests find them through the provider unless they turn the table on ("on" in `extra`).
            "WEATHER_GAZETTEER": "off",
        ]
        // Every provider points at the loopback server (or, without one, at a closed loopback port): a request that
        // fails over to another provider can never reach a real network.
        let base = server?.baseURL ?? "http://127.0.0.1:9"
        for variable in ["OPENWEATHER_BASE_URL", "OPENMETEO_BASE_URL", "METNO_BASE_URL"] { environment[variable] = base }
        // The warning services too (FakeWarnings answers none on the same server), and off unless a test turns them
        // on (WEATHER_OR_NOT_WARNINGS "on"): the weather's tests count their own requests and read their own output.
        for variable in ["NWS_BASE_URL", "BRIGHTSKY_BASE_URL", "ECCC_BASE_URL", "METEOALARM_BASE_URL"] { environment[variable] = base }
        environment["WEATHER_OR_NOT_WARNINGS"] = "off"
        // No guess from the machine's time zone (a link that is not there; TZ is not passed on), and the IP
        // geolocation service on a closed loopback port: a test that wants either sets its own.
        environment["WEATHER_OR_NOT_LOCALTIME"] = home.path("no-localtime").path
        environment["IPGEO_BASE_URL"] = "http://127.0.0.1:9"
        if let key { environment["OPENWEATHER_API_KEY"] = key }
        self.environment = environment.merging(extra) { $1 }
    }

    public var preferencesFile: URL { home.path("config/weather-or-not/preferences.json") }

    /// Runs with `input` on standard input (a pipe) and waits for the exit.
    public func run(_ arguments: [String] = [], input: String = "") async throws -> Result {
        try await run(arguments, inputData: Data(input.utf8))
    }

    public func run(_ arguments: [String], inputData: Data) async throws -> Result {
        try await ExternalProgram.run(Self.executable, arguments, environment: environment, inputData: inputData)
    }

    /// Starts the program on a pseudo-terminal and waits for its first prompt (nil if none came).
    public func prompt(_ arguments: [String] = [], extra: [String: String] = [:], expecting prompt: String = "weather> ") async throws
        -> PseudoTerminal?
    {
        let terminal = try self.terminal(arguments, extra: extra)
        return await terminal.waitFor(prompt) ? terminal : nil
    }

    /// Starts the program on a pseudo-terminal `columns` wide.
    public func terminal(_ arguments: [String] = [], extra: [String: String] = [:], columns: UInt16 = 100) throws -> PseudoTerminal {
        try PseudoTerminal(executable: Self.executable, arguments: arguments, environment: environment.merging(extra) { $1 }, columns: columns)
    }

    /// Makes every cached answer `seconds` old, as if fetched that long ago (a cache file is one JSON header line,
    /// holding `fetchedAt`, then the body).
    public func backdateCache(by seconds: TimeInterval) throws {
        let cache = home.path("cache/weather-or-not")
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
            let url = cache.appendingPathComponent(name)
            let file = try Data(contentsOf: url)
            guard let newline = file.firstIndex(of: UInt8(ascii: "\n")),
                var header = try JSONSerialization.jsonObject(with: file[..<newline]) as? [String: Any]
            else { throw POSIXError(.EINVAL) }
            header["fetchedAt"] = Date().timeIntervalSince1970 - seconds
            try (JSONSerialization.data(withJSONObject: header) + file[newline...]).write(to: url)
        }
    }

    public func remove() { home.remove() }
}

/// Reads a pipe to its end on a thread of its own, so a full pipe never blocks the program.
final class PendingRead: @unchecked Sendable {
    // Written once by the reading thread before the semaphore is signalled; read only after waiting on it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

extension Thread {
    static func detachedRead(_ handle: FileHandle) -> PendingRead { PendingRead(handle) }
}
