import FoundationEssentials
import Glibc
import WeatherCore

/// The temperature it feels like, for providers that do not send one: the wind chill index (Environment Canada
/// and the US National Weather Service, 2001) in cold wind, the NWS heat index in humid heat, the air
/// temperature otherwise.
package enum FeelsLike {
    /// °C from the air temperature (°C), relative humidity (%) and wind speed (m/s) at 10 m.
    ///
    /// Wind chill applies at 10 °C and below with wind above 4.8 km/h; the heat index from 26.7 °C (80 °F) with
    /// humidity of 40 % or more. Both are the published formulas, rounded to 0.1 °C.
    package static func temperature(_ celsius: Double, humidity: Double, windSpeed: Double) -> Double {
        let kmh = windSpeed * 3.6
        let felt: Double
        if celsius <= 10, kmh > 4.8 {
            let factor = pow(kmh, 0.16)
            felt = 13.12 + 0.6215 * celsius - 11.37 * factor + 0.3965 * celsius * factor
        } else if celsius >= 26.7, humidity >= 40 {
            felt = (heatIndex(fahrenheit: celsius * 9 / 5 + 32, humidity: min(100, humidity)) - 32) * 5 / 9
        } else {
            felt = celsius
        }
        return (felt * 10).rounded() / 10
    }

    /// The NWS heat index in °F: Rothfusz's regression with its two adjustments, or Steadman's simple form where
    /// that gives under 80 °F.
    static func heatIndex(fahrenheit t: Double, humidity rh: Double) -> Double {
        let simple = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094)
        guard (simple + t) / 2 >= 80 else { return simple }
        var index =
            -42.379 + 2.04901523 * t + 10.14333127 * rh - 0.22475541 * t * rh - 0.00683783 * t * t
            - 0.05481717 * rh * rh + 0.00122874 * t * t * rh + 0.00085282 * t * rh * rh - 0.00000199 * t * t * rh * rh
        if rh < 13, (80...112).contains(t) {
            index -= (13 - rh) / 4 * ((17 - abs(t - 95)) / 17).squareRoot()
        } else if rh > 85, (80...87).contains(t) {
            index += (rh - 85) / 10 * ((87 - t) / 5)
        }
        return index
    }
}
