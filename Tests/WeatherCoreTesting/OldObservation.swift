import WeatherCore

/// The loopback servers' observations are from November 2023, years before any test's fetch, so the current view says
/// so above its figures ("Observed on Mon 13 Nov 2023 at 23:30: not the weather now.", review session 3, item 1).
/// Tests about something else read the view without that line; JSONOutputTests and DisplayFormatterTests assert it.
extension String {
    /// The text without the lines saying that the observation is far older than its fetch (drawn with "! ", or plain).
    package var withoutOldObservation: String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !($0.hasPrefix("Observed on ") || $0.hasPrefix("! Observed on ")) || !$0.hasSuffix(": not the weather now.") }
            .joined(separator: "\n")
    }
}

extension Optional where Wrapped == Notice {
    /// The notice's parts but the one saying that the observation is far older than its fetch.
    package var partsButOldObservation: [Notice.Part] {
        (self?.parts ?? []).filter { if case .oldObservation = $0 { false } else { true } }
    }
}
