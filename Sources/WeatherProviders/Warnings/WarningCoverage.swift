import FoundationEssentials
import WeatherCore

/// Where the program's warning services reach: one row a country, the service that covers it, its data licence and
/// the attribution it asks for. The README's table of covered countries is this list (`WarningCoverageTests`).
package enum WarningCoverage {
    package struct Row: Equatable, Sendable {
        package var country: String
        package var name: String
        package var service: String
        package var licence: String
        package var attribution: String
    }

    static let nws = (service: "NWS (api.weather.gov)", licence: "public domain (US government work)", attribution: "NOAA/National Weather Service")
    static let metAlerts = (service: "MET Norway MetAlerts", licence: "CC BY 4.0 and NLOD 2.0", attribution: "MET Norway")
    static let brightSky = (service: "DWD through Bright Sky", licence: "DWD open data (GeoNutzV, CC BY 4.0)", attribution: "Deutscher Wetterdienst, via Bright Sky")
    static let eccc = (service: "ECCC (api.weather.gc.ca)", licence: "Open Government Licence – Canada", attribution: "Environment and Climate Change Canada")
    static let meteoAlarm = (service: "MeteoAlarm (EUMETNET)", licence: "CC BY 4.0", attribution: "EUMETNET MeteoAlarm and the national weather services")

    /// English names of the countries covered, by ISO 3166 code.
    static let names: [String: String] = [
        "US": "United States", "PR": "Puerto Rico", "GU": "Guam", "VI": "US Virgin Islands", "AS": "American Samoa",
        "MP": "Northern Mariana Islands", "NO": "Norway", "SJ": "Svalbard and Jan Mayen", "DE": "Germany", "AT": "Austria",
        "BE": "Belgium", "BA": "Bosnia and Herzegovina", "BG": "Bulgaria", "HR": "Croatia", "CY": "Cyprus", "CZ": "Czechia",
        "DK": "Denmark", "EE": "Estonia", "FI": "Finland", "FR": "France", "GR": "Greece", "HU": "Hungary", "IS": "Iceland",
        "IE": "Ireland", "IL": "Israel", "IT": "Italy", "LV": "Latvia", "LT": "Lithuania", "LU": "Luxembourg", "MT": "Malta",
        "MD": "Moldova", "ME": "Montenegro", "NL": "Netherlands", "MK": "North Macedonia", "PL": "Poland", "PT": "Portugal",
        "RO": "Romania", "RS": "Serbia", "SK": "Slovakia", "SI": "Slovenia", "ES": "Spain", "SE": "Sweden", "CH": "Switzerland",
        "GB": "United Kingdom", "UA": "Ukraine", "CA": "Canada",
    ]

    /// Every country covered, by name.
    package static var rows: [Row] {
        let services = [
            (NWSAlerts.countries, nws), (MetAlerts.countries, metAlerts), (BrightSkyAlerts.countries, brightSky),
            (ECCCAlerts.countries, eccc), (MeteoAlarm.feeds.map(\.country), meteoAlarm),
        ]
        return services.flatMap { countries, service in
            countries.map { code in
                Row(country: code, name: names[code] ?? code, service: service.service, licence: service.licence, attribution: service.attribution)
            }
        }.sorted { $0.name < $1.name }
    }

    /// The README's table: a header and one line a country.
    package static var markdownTable: String {
        (["| country | service | licence | attribution |", "|---|---|---|---|"]
            + rows.map { "| \($0.name) (\($0.country)) | \($0.service) | \($0.licence) | \($0.attribution) |" })
            .joined(separator: "\n")
    }
}
