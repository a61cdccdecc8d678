import FoundationEssentials
import WeatherCore

/// One decoded `/v1/forecast` answer, in canonical metric units.
package struct OpenMeteoForecast: Equatable, Sendable {
    package var current: CurrentConditions
    /// 1-hour steps from the hour holding the observation; each describes the hour that starts at its time.
    package var hourly: [ForecastSlot]
    /// Today and the days after it; nil when the answer has no usable day.
    package var days: [DayForecast]?
    /// The place's zone (`timezone`), else its offset now (`utc_offset_seconds`).
    package var zone: PlaceTimeZone
}
