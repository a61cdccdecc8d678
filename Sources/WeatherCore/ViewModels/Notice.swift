import Foundation

/// What a view says above its figures, in parts: the terminal layer words them, so no error is worded here.
package struct Notice: Codable, Equatable, Sendable {
    /// One thing a notice says.
    package enum Part: Equatable, Sendable {
        /// Worded already: sample data, a copy being updated, a provider's 3-hour steps.
        case text(String)
        /// `from` failed for `reason`, and `to` answered instead.
        case failover(from: ProviderID, to: ProviderID, reason: WeatherError)
        /// A copy fetched `age` ago ("25 minutes") from `provider` is shown: refreshing it there failed for `reason`.
        case stale(age: String, reason: WeatherError, provider: ProviderID)
    }

    package var parts: [Part]

    /// Nil for no parts.
    package init?(_ parts: [Part]) {
        guard !parts.isEmpty else { return nil }
        self.parts = parts
    }

    /// Where an encoder's `userInfo` holds the words for a notice, a `@Sendable (Notice) -> String`: JSON holds the
    /// notice as the words a person reads. (The initializer never fails, but is declared failable.)
    package static let wordsKey = CodingUserInfoKey(rawValue: "notice")

    package func encode(to encoder: any Encoder) throws {
        guard let key = Self.wordsKey, let words = encoder.userInfo[key] as? @Sendable (Notice) -> String else {
            throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: "No words for the notice"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(words(self))
    }

    /// Read back from JSON, a notice is its words.
    package init(from decoder: any Decoder) throws {
        parts = [.text(try decoder.singleValueContainer().decode(String.self))]
    }
}
