import WeatherCore

/// The exit statuses, after sysexits.h where one fits.
package enum ExitStatus {
    package static let success: Int32 = 0
    /// A piped session in which at least one command failed (each failure was said on standard error).
    package static let commandFailed: Int32 = 1
    /// The command line was wrong (EX_USAGE).
    package static let usage: Int32 = 64
    /// No place matched, or what was typed cannot be a place (EX_DATAERR).
    package static let placeNotFound: Int32 = 65
    /// The network, the server or the proxy failed (EX_UNAVAILABLE).
    package static let unavailable: Int32 = 69
    /// The API key is missing or was refused (EX_NOPERM).
    package static let keyProblem: Int32 = 77
    /// A setting cannot be used: a provider's base URL variable (EX_CONFIG).
    package static let configuration: Int32 = 78

    /// The statuses `--help`, the man page and the README describe.
    package static let documented: [Int32] = [success, commandFailed, usage, placeNotFound, unavailable, keyProblem, configuration]

    /// When `status` is given, in the language of `strings` (`cli.exit.<status>`).
    package static func meaning(_ status: Int32, _ strings: Strings) -> String { strings["cli.exit.\(status)"] }

    /// The status a one-shot run ends with after `error`.
    package static func oneShot(_ error: WeatherError) -> Int32 {
        switch error {
        case .missingAPIKey, .invalidAPIKey: keyProblem
        case .placeNotFound, .notInSampleData, .invalidInput: placeNotFound
        case .badConfiguration: configuration
        case .rateLimited, .serverError, .unexpectedStatus, .timedOut, .cannotConnect, .secureConnectionFailed, .proxyFailed,
            .unusableProxy, .invalidProxy, .badResponse:
            unavailable
        }
    }
}
