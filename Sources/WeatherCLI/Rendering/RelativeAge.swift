import WeatherCore

/// Ages and durations in words: "25 minutes", "1 hour" (the `age` keys of the views table).
package enum RelativeAge {
    package static func describe(seconds: Int, _ strings: Strings) -> String {
        switch seconds {
        case ..<60: strings.plural("age.second", max(1, seconds))
        case ..<3600: strings.plural("age.minute", seconds / 60)
        case ..<86_400: strings.plural("age.hour", seconds / 3600)
        default: strings.plural("age.day", seconds / 86_400)
        }
    }

    /// "10 seconds", "2.5 seconds" (the language's decimal separator).
    package static func seconds(_ value: Double, _ strings: Strings) -> String {
        if value == value.rounded() { return strings.plural("age.second", Int(saturating: value)) }
        let figure = String(value).replacing(".", with: String(strings.language.decimalSeparator))
        return strings("age.second.other", ["count": figure])
    }
}
