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

/// Open-Meteo's UV index for a place, for a provider that has none: now, and hour by hour.
package struct OpenMeteoUVIndex: Equatable, Sendable {
    /// One hour's index, at the hour's start.
    package struct Hour: Equatable, Sendable {
        package var time: Date
        package var index: Double

        package init(time: Date, index: Double) {
            self.time = time
            self.index = index
        }
    }

    package var now: Double?
    package var hours: [Hour]

    package init(now: Double?, hours: [Hour]) {
        self.now = now
        self.hours = hours
    }

    /// The same report with these figures: the current index, each step's the highest of the hours it covers (nil
    /// when it covers none), and Open-Meteo named as their source. A report with no figure at all is left as it was.
    package func applied(to report: WeatherReport) -> WeatherReport {
        var report = report
        report.current.uvIndex = now
        report.forecast = report.forecast.map { step in
            var step = step
            let end = step.time.addingTimeInterval(step.hours * 3600)
            step.uvIndex = UVIndex.highest(hours.filter { $0.time >= step.time && $0.time < end }.map(\.index))
            return step
        }
        let hasAny = now != nil || report.forecast.contains { $0.uvIndex != nil }
        report.uvOrigin = hasAny ? UVOrigin(provider: .openMeteo) : nil
        return report
    }
}
