import Foundation

/// `/data/2.5/weather`, decoded tolerantly: only what the views use, optional where the API omits it.
struct CurrentWeatherResponse: Decodable, Sendable {
    struct Main: Decodable, Sendable {
        let temp: Double
        let feels_like: Double?
        let pressure: Double?
        let humidity: Double?
    }
    struct Wind: Decodable, Sendable {
        let speed: Double?
        let deg: Double?
        let gust: Double?
    }
    struct Clouds: Decodable, Sendable { let all: Double? }
    struct Sys: Decodable, Sendable {
        let country: String?
        let sunrise: Double?
        let sunset: Double?
    }
    let weather: [WeatherEntry]?
    let main: Main
    let visibility: Double?
    let wind: Wind?
    let clouds: Clouds?
    let rain: PrecipitationAmounts?
    let snow: PrecipitationAmounts?
    let dt: Double
    let sys: Sys?
    let timezone: Int?
    let name: String?
}

/// `/data/2.5/forecast`.
struct ForecastResponse: Decodable, Sendable {
    struct Item: Decodable, Sendable {
        struct Main: Decodable, Sendable {
            let temp: Double
            let humidity: Double?
        }
        struct Wind: Decodable, Sendable {
            let speed: Double?
            let deg: Double?
        }
        struct Sys: Decodable, Sendable { let pod: String? }
        let dt: Double
        let main: Main
        let weather: [WeatherEntry]?
        let wind: Wind?
        let pop: Double?
        let rain: PrecipitationAmounts?
        let snow: PrecipitationAmounts?
        let sys: Sys?
    }
    struct City: Decodable, Sendable {
        let name: String?
        let country: String?
        let timezone: Int?
        let sunrise: Double?
        let sunset: Double?
    }
    let list: [Item]
    let city: City?
}

/// One `weather[]` entry.
struct WeatherEntry: Decodable, Sendable {
    let id: Int
    let main: String?
    let description: String?
    let icon: String?
}

/// `rain` or `snow`: `{"1h": …, "3h": …}`.
struct PrecipitationAmounts: Decodable, Sendable {
    let oneHour: Double?
    let threeHours: Double?

    enum CodingKeys: String, CodingKey {
        case oneHour = "1h"
        case threeHours = "3h"
    }
}

/// One `/geo/1.0/direct` or `/geo/1.0/reverse` match.
struct GeocodingResult: Decodable, Sendable {
    let name: String?
    let lat: Double
    let lon: Double
    let country: String?
    let state: String?
}
