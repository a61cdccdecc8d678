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

    /// Each status and when it is given, for `--help`, the man page and the README.
    package static let documented: [(status: Int32, meaning: String)] = [
        (success, "success (and always when you leave the interactive prompt)"),
        (commandFailed, "a piped session in which at least one command failed (each said why on standard error)"),
        (usage, "the command line is wrong (EX_USAGE)"),
        (placeNotFound, "one-shot: no such place, or what was typed cannot be a place (EX_DATAERR)"),
        (unavailable, "one-shot: the network, the provider or a proxy failed (EX_UNAVAILABLE)"),
        (keyProblem, "one-shot: the OpenWeather API key is missing or was refused (EX_NOPERM)"),
    ]

    /// The status a one-shot run ends with after `error`.
    package static func oneShot(_ error: WeatherError) -> Int32 {
        switch error {
        case .missingAPIKey, .invalidAPIKey: keyProblem
        case .placeNotFound, .notInSampleData, .invalidInput: placeNotFound
        case .rateLimited, .serverError, .unexpectedStatus, .timedOut, .cannotConnect, .secureConnectionFailed, .proxyFailed,
            .badResponse:
            unavailable
        }
    }
}
