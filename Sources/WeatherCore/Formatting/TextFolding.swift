import Foundation

extension StringProtocol {
    /// The text with accents dropped ("Zürich" is "Zurich"), and lower-cased too when `ignoringCase`.
    /// The one accent folding: completion, name matching and the ASCII output all use it.
    package func foldingAccents(ignoringCase: Bool = false) -> String {
        folding(options: ignoringCase ? [.caseInsensitive, .diacriticInsensitive] : .diacriticInsensitive, locale: Self.posix)
    }

    /// How two names are compared: case and accents ignored, spaces around dropped and runs of spaces made one,
    /// so "São  Paulo " and "sao paulo" are the same key.
    package var matchKey: String {
        foldingAccents(ignoringCase: true).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static var posix: Locale { Locale(identifier: "en_US_POSIX") }
}
