import FoundationEssentials
import WeatherCore

/// Countries' names by their ISO 3166-1 alpha-2 codes ("GB": "United Kingdom", "Royaume-Uni", …), in the six languages:
/// CLDR's territory names, `Assets/countries.tsv` (written by `scripts/generate-countries.py`, built in as one string
/// literal by `scripts/embed-assets.py`), read the first time a country is named.
package enum CountryNames {
    /// Each code's names, in the order of `languages`.
    private static let table: (languages: [String], names: [String: [String]]) = {
        guard let data = Assets.data("countries.tsv") else { return ([], [:]) }
        var languages: [String] = []
        var names: [String: [String]] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard let code = columns.first, columns.count > 1 else { continue }
            if code == "code" { languages = Array(columns.dropFirst()) } else { names[code] = Array(columns.dropFirst()) }
        }
        return (languages, names)
    }()

    /// The name of the country `code` in `language`; nil for a code the table lacks.
    package static func name(_ code: String, in language: Language) -> String? {
        guard let column = table.languages.firstIndex(of: language.code), let names = table.names[code], names.indices.contains(column)
        else { return nil }
        return names[column]
    }
}
