import Foundation
import WeatherCore
import WeatherProviders

/// The Testford fixtures as a report, for view and formatting tests.
package enum TestData {
    package static let current = Fixtures.data("current_testford.json")
    package static let forecast = Fixtures.data("forecast_testford.json")
    package static let place = Place(name: "Testford", state: "England", country: "GB", latitude: 51.5, longitude: -0.12)

    package static func report(source: DataSource = .live(fetchedAt: Date(timeIntervalSince1970: 1_699_918_300))) throws -> WeatherReport {
        let (conditions, offset) = try ResponseDecoding.current(current)
        let (slots, _) = try ResponseDecoding.forecast(forecast)
        return WeatherReport(place: place, current: conditions, forecast: slots, zone: .fixed(offset), source: source, provider: .openWeather)
    }
}
