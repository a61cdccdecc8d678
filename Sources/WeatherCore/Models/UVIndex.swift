import FoundationEssentials

/// The WHO's UV index categories. A value is categorised by its whole number, as the WHO publishes the index
/// rounded (half up): 2.4 is 2, low; 2.5 is 3, moderate; 10.5 is 11, extreme.
package enum UVCategory: String, CaseIterable, Equatable, Sendable {
    /// 0–2.
    case low
    /// 3–5.
    case moderate
    /// 6–7.
    case high
    /// 8–10.
    case veryHigh
    /// 11 and over.
    case extreme

    /// The category of an index as given (unrounded).
    package init(index: Double) {
        switch UVIndex.whole(index) {
        case ..<3: self = .low
        case 3...5: self = .moderate
        case 6...7: self = .high
        case 8...10: self = .veryHigh
        default: self = .extreme
        }
    }
}

/// The UV index's figures, and where a report's come from.
package enum UVIndex {
    /// The index as the WHO writes it: its whole number, halves rounded up.
    package static func whole(_ index: Double) -> Int {
        Int(saturating: index.rounded(.toNearestOrAwayFromZero))
    }

    /// The highest of the indexes given; nil when none is.
    package static func highest(_ values: [Double?]) -> Double? {
        values.compactMap { $0 }.max()
    }
}

/// Who a report's UV index comes from, and what it measures.
package struct UVOrigin: Equatable, Sendable {
    /// The provider whose figures they are: the report's own, or Open-Meteo for a provider that has none.
    package var provider: ProviderID
    /// True when the figures are for a cloudless sky (MET Norway's `ultraviolet_index_clear_sky`): clouds lower it.
    package var isClearSky: Bool

    package init(provider: ProviderID, isClearSky: Bool = false) {
        self.provider = provider
        self.isClearSky = isClearSky
    }
}

extension WeatherReport {
    /// True when any figure of the report has a UV index: the current one, a step's, an hour's or a day's.
    package var hasUVIndex: Bool {
        current.uvIndex != nil || forecast.contains { $0.uvIndex != nil } || (hourly ?? []).contains { $0.uvIndex != nil }
            || (days ?? []).contains { $0.uvIndexMax != nil }
    }
}
