import FoundationEssentials
import WeatherCore

/// One Open-Meteo call. Weather is always asked for in metric units (°C, m/s, mm) and converted locally, so one
/// cached answer serves every unit system.
package enum OpenMeteoRequest: Hashable, Sendable {
    /// Geocoding: `name` is only the place's name; `countryCode` ("GB") narrows the search before the `count`.
    case search(name: String, countryCode: String?, count: Int = OpenMeteoRequest.defaultCount)
    case forecast(latitude: Double, longitude: Double)
    /// The forecasts of several places in one request (`:places`): the same variables as `.forecast`, the latitudes
    /// and longitudes comma-separated, answered by a JSON array in their order.
    case forecasts(latitudes: [Double], longitudes: [Double])
    /// The UV index alone, now and hour by hour: for a provider that has none (OpenWeather's free plan).
    case uvIndex(latitude: Double, longitude: Double)
    /// Air quality (`/v1/air-quality` on its own host): both indexes and the four pollutants now and hour by hour for
    /// today and tomorrow, and the six pollen now (null outside Europe).
    case airQuality(latitude: Double, longitude: Double)
    /// Precipitation in 15-minute steps for the next two hours and a half, from the quarter now running, with its
    /// rain and snowfall to say what falls (`OpenMeteoMinutelySource`, only where the data is real).
    case minutely15(latitude: Double, longitude: Double)

    /// What the current-conditions view shows.
    static let currentVariables = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "pressure_msl", "wind_speed_10m",
        "wind_direction_10m", "wind_gusts_10m", "cloud_cover", "weather_code", "is_day", "uv_index",
    ]
    /// What a forecast step holds, plus visibility and the last hour's precipitation for the current conditions.
    static let hourlyVariables = [
        "temperature_2m", "relative_humidity_2m", "wind_speed_10m", "wind_direction_10m", "precipitation_probability",
        "precipitation", "snowfall", "weather_code", "is_day", "visibility", "uv_index",
    ]
    /// What the 5-day view shows.
    static let dailyVariables = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "sunrise", "sunset", "precipitation_sum",
        "precipitation_probability_max", "uv_index_max",
    ]
    /// What the air view shows, now and for each hour.
    static let airVariables = ["us_aqi", "european_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide"]
    static let pollenVariables = PollenKind.allCases.map { "\($0.rawValue)_pollen" }
    /// Results a search asks for; one that keeps only a state's asks for the most the server gives.
    static let defaultCount = 10
    static let maximumCount = 100

    /// Today and the five days the 5-day view shows.
    static let forecastDays = 6

    var path: String {
        switch self {
        case .search: "/v1/search"
        case .forecast, .forecasts, .uvIndex, .minutely15: "/v1/forecast"
        case .airQuality: "/v1/air-quality"
        }
    }

    func parameters(language: String) -> [(String, String)] {
        switch self {
        case .search(let name, let countryCode, let count):
            [("name", name), ("count", String(count)), ("language", language), ("format", "json")]
                + (countryCode.map { [("countryCode", $0)] } ?? [])
        case .forecast(let lat, let lon):
            Self.forecastParameters(latitudes: APIRequest.coordinate(lat), longitudes: APIRequest.coordinate(lon))
        case .forecasts(let latitudes, let longitudes):
            Self.forecastParameters(
                latitudes: latitudes.map(APIRequest.coordinate).joined(separator: ","),
                longitudes: longitudes.map(APIRequest.coordinate).joined(separator: ","))
        case .uvIndex(let lat, let lon):
            [
                ("latitude", APIRequest.coordinate(lat)), ("longitude", APIRequest.coordinate(lon)),
                ("current", "uv_index"), ("hourly", "uv_index"), ("timezone", "auto"), ("timeformat", "unixtime"),
                ("forecast_days", String(Self.forecastDays)),
            ]
        case .airQuality(let lat, let lon):
            [
                ("latitude", APIRequest.coordinate(lat)), ("longitude", APIRequest.coordinate(lon)),
                ("current", (Self.airVariables + Self.pollenVariables).joined(separator: ",")),
                ("hourly", Self.airVariables.joined(separator: ",")), ("timezone", "auto"), ("timeformat", "unixtime"),
                ("forecast_days", "2"),
            ]
        case .minutely15(let lat, let lon):
            [
                ("latitude", APIRequest.coordinate(lat)), ("longitude", APIRequest.coordinate(lon)),
                ("minutely_15", "precipitation,rain,snowfall"), ("forecast_minutely_15", "10"), ("timeformat", "unixtime"),
            ]
        }
    }

    private static func forecastParameters(latitudes: String, longitudes: String) -> [(String, String)] {
        [
            ("latitude", latitudes), ("longitude", longitudes),
            ("current", Self.currentVariables.joined(separator: ",")),
            ("hourly", Self.hourlyVariables.joined(separator: ",")),
            ("daily", Self.dailyVariables.joined(separator: ",")),
            ("timezone", "auto"), ("timeformat", "unixtime"), ("forecast_days", String(Self.forecastDays)),
            ("temperature_unit", "celsius"), ("wind_speed_unit", "ms"), ("precipitation_unit", "mm"),
        ]
    }

    /// A stable name for the cache, apart from every other provider's: the name searched (or the coordinates
    /// rounded to 4 decimals) and, for a search, the country and language.
    func cacheKey(language: String) -> String {
        switch self {
        case .search(let name, let countryCode, let count):
            "open-meteo|search|\(name.lowercased())|\(countryCode ?? "")|\(language)" + (count == Self.defaultCount ? "" : "|\(count)")
        case .forecast(let lat, let lon): "open-meteo|forecast|\(APIRequest.coordinate(lat))|\(APIRequest.coordinate(lon))"
        case .forecasts(let latitudes, let longitudes):
            "open-meteo|forecasts|" + zip(latitudes, longitudes).map { "\(APIRequest.coordinate($0))|\(APIRequest.coordinate($1))" }.joined(separator: "|")
        case .uvIndex(let lat, let lon): "open-meteo|uv|\(APIRequest.coordinate(lat))|\(APIRequest.coordinate(lon))"
        case .airQuality(let lat, let lon): "open-meteo|air|\(APIRequest.coordinate(lat))|\(APIRequest.coordinate(lon))"
        case .minutely15(let lat, let lon): "open-meteo|minutely15|\(APIRequest.coordinate(lat))|\(APIRequest.coordinate(lon))"
        }
    }

    /// The full URL on the request's own host, every parameter percent-encoded.
    func url(configuration: OpenMeteoConfiguration) throws(WeatherError) -> URL {
        var base: String
        switch self {
        case .search: base = configuration.geocodingURL
        case .forecast, .forecasts, .uvIndex, .minutely15: base = configuration.forecastURL
        case .airQuality: base = configuration.airQualityURL
        }
        while base.hasSuffix("/") { base.removeLast() }
        let query = parameters(language: configuration.language)
            .map { "\($0.0)=\(APIRequest.percentEncode($0.1))" }
            .joined(separator: "&")
        guard let url = URL(string: base + path + "?" + query), url.scheme == "http" || url.scheme == "https" else {
            throw .badConfiguration(OpenMeteoConfiguration.badBaseURLMessage)
        }
        return url
    }

    /// The longest URL a `.forecasts` request is given: under the 8 KiB request line common servers accept (nginx's
    /// default buffer), with room for the method and the version. 200 places take about 5,500 characters, so one
    /// request; more places than fit go in as few requests as hold them.
    static let maximumURLLength = 7_000
    /// Open-Meteo's own limit: "Only up to 1000 locations can be requested at once".
    static let maximumLocations = 1_000

    /// `places` cut into runs whose `.forecasts` URL stays within `maximumURLLength` (and `maximumLocations`), in order.
    static func batches(_ places: [Place], configuration: OpenMeteoConfiguration) -> [[Place]] {
        func coordinates(_ place: Place) -> Int {
            APIRequest.coordinate(place.latitude).utf8.count + APIRequest.coordinate(place.longitude).utf8.count
        }
        guard let first = places.first,
            let one = try? OpenMeteoRequest.forecast(latitude: first.latitude, longitude: first.longitude)
                .url(configuration: configuration).absoluteString.utf8.count
        else { return places.isEmpty ? [] : [places] }
        // The URL without any coordinates.
        let base = one - coordinates(first)
        var batches: [[Place]] = []
        var batch: [Place] = []
        var length = 0
        for place in places {
            // Each further place adds "%2C" and its coordinates to both lists.
            let added = 6 + coordinates(place)
            if !batch.isEmpty, length + added > maximumURLLength || batch.count == maximumLocations {
                batches.append(batch)
                batch = []
            }
            length = batch.isEmpty ? base + added - 6 : length + added
            batch.append(place)
        }
        batches.append(batch)
        return batches
    }
}
