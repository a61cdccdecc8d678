import Foundation
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct FeelsLikeTests {
    @Test func coldWindFeelsColderAsTheWindChillTablesSay() {
        // Environment Canada's table: -10 °C in a 20 km/h wind feels like -18; -20 °C at 30 km/h like -33.
        #expect(FeelsLike.temperature(-10, humidity: 80, windSpeed: 20 / 3.6) == -17.9)
        #expect(abs(FeelsLike.temperature(-20, humidity: 80, windSpeed: 30 / 3.6) - -32.6) < 0.05)
    }

    @Test func humidHeatFeelsHotterAsTheHeatIndexTableSays() {
        // NWS heat index table: 90 °F at 70 % is 106 °F; 100 °F at 40 % is 109 °F.
        let first = FeelsLike.temperature((90 - 32) * 5 / 9, humidity: 70, windSpeed: 1)
        let second = FeelsLike.temperature((100 - 32) * 5 / 9, humidity: 40, windSpeed: 1)
        #expect(abs(first * 9 / 5 + 32 - 106) < 1)
        #expect(abs(second * 9 / 5 + 32 - 109) < 1)
    }

    @Test func otherwiseItFeelsLikeTheAir() {
        #expect(FeelsLike.temperature(15, humidity: 90, windSpeed: 10) == 15)
        #expect(FeelsLike.temperature(5, humidity: 50, windSpeed: 1) == 5)  // 3.6 km/h: too little wind for a chill
        #expect(FeelsLike.temperature(30, humidity: 20, windSpeed: 1) == 30)  // too dry for the heat index
    }
}
