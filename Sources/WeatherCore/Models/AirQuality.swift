import FoundationEssentials

/// The two air quality indexes a place is shown in: the US EPA's AQI (the Americas and everywhere outside Europe) and
/// the European Environment Agency's European AQI (Europe). A preference (`:aqi us|eu|auto`) overrides the choice.
package enum AQIScale: String, CaseIterable, Equatable, Sendable {
    case us
    case european = "eu"

    /// The scale a place is shown in when nobody chose: the European index in Europe, the US AQI elsewhere.
    package static func automatic(for place: Place) -> AQIScale {
        AirRegion.isEurope(place) ? .european : .us
    }

    /// The category of an index value on this scale, from the scale's own table (`AirCategory`).
    package func category(_ index: Int) -> AirCategory {
        switch self {
        case .us:
            // EPA, Technical Assistance Document for the Reporting of Daily Air Quality (2024): 0–50, 51–100, 101–150,
            // 151–200, 201–300, 301 and over.
            switch index {
            case ...50: .usGood
            case 51...100: .usModerate
            case 101...150: .usSensitive
            case 151...200: .usUnhealthy
            case 201...300: .usVeryUnhealthy
            default: .usHazardous
            }
        case .european:
            // The European AQI as Open-Meteo publishes it (the EEA's bands as an index): 0–20 good, 20–40 fair, 40–60
            // moderate, 60–80 poor, 80–100 very poor, over 100 extremely poor; a band's upper edge belongs to it.
            switch index {
            case ...20: .euGood
            case 21...40: .euFair
            case 41...60: .euModerate
            case 61...80: .euPoor
            case 81...100: .euVeryPoor
            default: .euExtremelyPoor
            }
        }
    }
}

/// A category of either scale: its raw value is the key of its word in the terminal's tables (`air.<raw>`) and of
/// its colour (the scale's official one, in the terminal's `Style`).
package enum AirCategory: String, CaseIterable, Equatable, Sendable {
    case usGood = "us.good", usModerate = "us.moderate", usSensitive = "us.sensitive", usUnhealthy = "us.unhealthy"
    case usVeryUnhealthy = "us.very-unhealthy", usHazardous = "us.hazardous"
    case euGood = "eu.good", euFair = "eu.fair", euModerate = "eu.moderate", euPoor = "eu.poor"
    case euVeryPoor = "eu.very-poor", euExtremelyPoor = "eu.extremely-poor"

}

/// The six pollen Open-Meteo's European model forecasts, in grains per cubic metre.
package enum PollenKind: String, CaseIterable, Equatable, Sendable {
    case alder, birch, grass, mugwort, olive, ragweed

    /// The US National Allergy Bureau's levels (trees, grass and weeds each their own table).
    package func level(_ grains: Double) -> PollenLevel {
        let (moderate, high, veryHigh): (Double, Double, Double) =
            switch self {
            case .alder, .birch, .olive: (15, 90, 1500)
            case .grass: (5, 20, 200)
            case .mugwort, .ragweed: (10, 50, 500)
            }
        switch grains {
        case ..<1: return .none
        case ..<moderate: return .low
        case ..<high: return .moderate
        case ..<veryHigh: return .high
        default: return .veryHigh
        }
    }
}

package enum PollenLevel: String, CaseIterable, Equatable, Sendable {
    case none, low, moderate, high, veryHigh = "very-high"
}

/// The air at a place: now, the coming hours of today, and its pollen when the source has any.
package struct AirQuality: Equatable, Sendable {
    /// The air at one moment: both indexes when the source has them, and the four pollutants in µg/m³.
    package struct Reading: Equatable, Sendable {
        package var time: Date
        package var usAQI: Int?
        package var europeanAQI: Int?
        package var pm2_5: Double?
        package var pm10: Double?
        package var ozone: Double?
        package var nitrogenDioxide: Double?

        package init(
            time: Date, usAQI: Int? = nil, europeanAQI: Int? = nil, pm2_5: Double? = nil, pm10: Double? = nil,
            ozone: Double? = nil, nitrogenDioxide: Double? = nil
        ) {
            self.time = time
            self.usAQI = usAQI
            self.europeanAQI = europeanAQI
            self.pm2_5 = pm2_5
            self.pm10 = pm10
            self.ozone = ozone
            self.nitrogenDioxide = nitrogenDioxide
        }

        /// The index on `scale`; nil when the source has none on it.
        package func index(on scale: AQIScale) -> Int? {
            switch scale {
            case .us: usAQI
            case .european: europeanAQI
            }
        }
    }

    package var now: Reading
    /// The coming hours, each at its start, in order.
    package var hours: [Reading]
    /// Grains per cubic metre now, for each kind the source gives; nil when it has no pollen for the place (outside
    /// Europe). Out of season every kind is 0.
    package var pollen: [PollenKind: Double]?
    /// The source's name and its attribution line.
    package var source: ProviderID
    /// The place's time zone as the source gives it (seconds east of UTC), for the hours' times.
    package var utcOffset: Int
    /// When the answer was fetched.
    package var fetchedAt: Date

    package init(
        now: Reading, hours: [Reading], pollen: [PollenKind: Double]?, source: ProviderID, utcOffset: Int, fetchedAt: Date
    ) {
        self.now = now
        self.hours = hours
        self.pollen = pollen
        self.source = source
        self.utcOffset = utcOffset
        self.fetchedAt = fetchedAt
    }
}

/// Air quality for a place, from a source the program composes (WeatherProviders: Open-Meteo's air quality, with
/// OpenWeather's air pollution behind it when there is a key). The core names none.
package protocol AirQualityProviding: Sendable {
    /// The place's air, from the cache while fresh, else the network.
    func airQuality(for place: Place) async throws -> AirQuality
    /// The cached copy while it is fresh (`airQuality(for:)` would answer with it), with no request; nil otherwise.
    func cachedAirQuality(for place: Place) async -> AirQuality?
    /// Where its first request goes (any place), for a connection opened with the weather's; nil when unknown.
    var url: URL? { get }
}

extension AirQualityProviding {
    package var url: URL? { nil }
}

/// Where Europe is, for the choice of scale: by country code when the place has one, else by time zone, else by
/// coordinates.
enum AirRegion {
    /// ISO 3166 codes of the countries the EEA's index covers and their neighbours in Europe.
    static let europe: Set<String> = [
        "AD", "AL", "AT", "BA", "BE", "BG", "BY", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FO", "FR", "GB", "GG",
        "GI", "GR", "HR", "HU", "IE", "IM", "IS", "IT", "JE", "LI", "LT", "LU", "LV", "MC", "MD", "ME", "MK", "MT", "NL",
        "NO", "PL", "PT", "RO", "RS", "SE", "SI", "SK", "SM", "UA", "VA", "XK", "AX", "SJ",
    ]

    static func isEurope(_ place: Place) -> Bool {
        if let country = place.country, country.count == 2 { return europe.contains(country.uppercased()) }
        if let zone = place.timeZone { return zone.hasPrefix("Europe/") || zone == "Atlantic/Reykjavik" || zone == "Atlantic/Faroe" }
        return (35...72).contains(place.latitude) && (-25...40).contains(place.longitude)
    }
}
