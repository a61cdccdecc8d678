/// The states of the United States, the provinces of Canada and the states of Australia by their postal codes, named
/// as the geocoders name them in a result's `state` (OpenWeather) or `admin1` (Open-Meteo).
package enum StateNames {
    /// The 50 states, the District of Columbia, and the territories a US search may return.
    package static let unitedStates: [String: String] = [
        "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
        "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia",
        "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa",
        "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland",
        "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri",
        "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
        "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio",
        "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
        "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
        "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
        "DC": "District of Columbia",
        "AS": "American Samoa", "GU": "Guam", "MP": "Northern Mariana Islands", "PR": "Puerto Rico",
        "VI": "United States Virgin Islands", "UM": "United States Minor Outlying Islands",
    ]

    /// The 10 provinces and 3 territories.
    package static let canada: [String: String] = [
        "AB": "Alberta", "BC": "British Columbia", "MB": "Manitoba", "NB": "New Brunswick",
        "NL": "Newfoundland and Labrador", "NS": "Nova Scotia", "NT": "Northwest Territories", "NU": "Nunavut",
        "ON": "Ontario", "PE": "Prince Edward Island", "QC": "Quebec", "SK": "Saskatchewan", "YT": "Yukon",
    ]

    /// The 6 states and 2 territories, by the codes Australians write ("WA", "NSW").
    package static let australia: [String: String] = [
        "NSW": "New South Wales", "VIC": "Victoria", "QLD": "Queensland", "WA": "Western Australia",
        "SA": "South Australia", "TAS": "Tasmania", "NT": "Northern Territory", "ACT": "Australian Capital Territory",
    ]

    /// The countries with a table here, in the order a code they share is read: the US first, as Americans type it.
    package static let countries = ["US", "CA", "AU"]

    /// The state or province `code` names in `country` ("US", "CA" or "AU", any case); nil for any other code or
    /// country.
    package static func name(code: String, country: String) -> String? {
        table(country)[code.uppercased()]
    }

    /// True when `code` (any case) is a state's or province's in one of the tables ("IL", "CA", "WA").
    package static func isCode(_ code: String) -> Bool {
        countries.contains { name(code: code, country: $0) != nil }
    }

    /// The postal code of a state or province named as the geocoding names it ("Ontario" in "CA" is "ON").
    package static func code(name: String, country: String) -> String? {
        let key = name.matchKey
        return table(country).first { $0.value.matchKey == key }?.key
    }

    private static func table(_ country: String) -> [String: String] {
        switch country.uppercased() {
        case "US": unitedStates
        case "CA": canada
        case "AU": australia
        default: [:]
        }
    }
}
