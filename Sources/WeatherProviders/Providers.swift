import WeatherCore

/// The services weather-or-not can ask, as the core knows them (`ProviderID`): their ids, names, attribution and
/// keys are said here and nowhere else.
extension ProviderID {
    package static let openWeather = ProviderID(
        rawValue: "openweather", displayName: "OpenWeather",
        attribution: "Weather data by OpenWeather (https://openweathermap.org), CC BY-SA 4.0.", needsKey: true,
        spellings: ["openweathermap", "owm"], baseURLVariable: "OPENWEATHER_BASE_URL")
    package static let openMeteo = ProviderID(
        rawValue: "open-meteo", displayName: "Open-Meteo", attribution: "Weather data by Open-Meteo.com (CC BY 4.0).",
        needsKey: false, baseURLVariable: "OPENMETEO_BASE_URL")
    package static let metNorway = ProviderID(
        rawValue: "met-norway", displayName: "MET Norway", attribution: "Weather data by MET Norway (CC BY 4.0).",
        needsKey: false, spellings: ["metno", "met", "yr"], baseURLVariable: "METNO_BASE_URL")

    /// The provider a spelling names ("open-meteo", "openmeteo", "Open-Meteo", "met", "metno"); nil for none.
    package init?(name: String) {
        guard let provider = ProviderCatalog.standard.named(name) else { return nil }
        self = provider
    }
}

extension ProviderCatalog {
    /// The three services, OpenWeather first: with a key it is the default, without one Open-Meteo is, and the keyless
    /// ones stand in, in this order, when the chosen one fails.
    package static let standard = ProviderCatalog(
        [.openWeather, .openMeteo, .metNorway], samplePlaces: { SampleDataTransport().placeNames })
}

extension Language {
    /// OpenWeather's `lang` code for it.
    package var openWeatherCode: String {
        switch self {
        case .portuguese: "pt_br"
        default: rawValue
        }
    }

    /// Open-Meteo's geocoding `language` code for it.
    package var openMeteoCode: String {
        switch self {
        case .portuguese: "pt"
        default: rawValue
        }
    }
}
