import WeatherCore

extension Strings {
    /// `:alerts`' one line saying the texts are not in the reader's language, when they are not (the service does not
    /// publish them in it): "Texts in Croatian, as published."; nil when they all are, and when there is no warning.
    /// `:alerts N` says it of that warning alone.
    package func textsLanguages(_ d: AlertsDisplay) -> String? {
        let items = d.warnings.items
        guard !d.off, !d.warnings.noService else { return nil }
        let codes: [String]
        if let number = d.number {
            guard items.indices.contains(number - 1) else { return nil }
            codes = items[number - 1].otherLanguage.map { [$0] } ?? []
        } else {
            codes = d.warnings.otherLanguages
        }
        guard !codes.isEmpty else { return nil }
        return self("alerts.language", ["languages": codes.map(languageName).joined(separator: ", ")])
    }

    /// A language's name in this language ("Croatian", "croate"), from the small table of the languages the warning
    /// services publish; the code itself for one the table lacks.
    package func languageName(_ code: String) -> String {
        let key = "warnings.language." + code
        let name = self[key]
        return name == key ? code : name
    }
}
