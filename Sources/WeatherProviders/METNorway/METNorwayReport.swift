import FoundationEssentials
import WeatherCore

/// A Locationforecast answer in the shared models: current conditions, 1-hour slots, 3-hour steps and local days.
///
/// - Current conditions are the entry for the hour now is in (the first entry when the answer starts later). MET
///   forecasts rather than observes, so there is no visibility and no "rain in the last hour"; the feels-like
///   temperature is worked out (`FeelsLike`), and sunrise and sunset too (`SolarTimes`).
/// - 1-hour slots are the hourly part of the answer (about two and a half days).
/// - 3-hour steps are made from the 1-hour slots (`ThreeHourSteps`), then from the 6-hour part (`SixHourSteps`), so
///   the views step through every provider's forecast alike.
/// - Days are local calendar days in `zone`: high and low from the instant temperatures, the condition,
///   precipitation and chance from the day's 3-hour steps (a day without any: from the 6-hour periods that start in
///   it, else the 12-hour ones), sunrise and sunset worked out, the highest UV index from
///   the instant ones (clear-sky, in the hourly part only: a later day has none).
package struct METNorwayReport: Equatable, Sendable {
    package var current: CurrentConditions
    package var hourly: [ForecastSlot]
    package var steps: [ForecastSlot]
    package var days: [DayForecast]

    package init(_ forecast: Locationforecast, latitude: Double, longitude: Double, zone: PlaceTimeZone, now: Date) {
        let place = (latitude: latitude, longitude: longitude)
        let first = forecast.entries.lastIndex { $0.time <= now } ?? 0
        let entries = Array(forecast.entries[first...])
        current = Self.current(entries[0], place: place, zone: zone)
        hourly = entries.compactMap { entry in entry.nextHour.map { Self.slot(entry, $0, hours: 1, place: place) } }
        steps = SixHourSteps.extend(ThreeHourSteps.from(hourly), with: entries) { entry, period in
            Self.slot(entry, period, hours: 3, place: place)
        }
        days = Self.days(entries, steps: steps, place: place, zone: zone)
    }

    typealias Coordinates = (latitude: Double, longitude: Double)

    static func current(_ entry: Locationforecast.Entry, place: Coordinates, zone: PlaceTimeZone) -> CurrentConditions {
        let daylight = SolarTimes.daylight(
            latitude: place.latitude, longitude: place.longitude, on: entry.time, zone: zone)
        let windSpeed = entry.windSpeed ?? 0
        return CurrentConditions(
            observedAt: entry.time,
            condition: condition(entry.nextHour ?? entry.nextSixHours ?? entry.nextTwelveHours, at: entry.time, place: place),
            temperature: entry.temperature,
            feelsLike: FeelsLike.temperature(entry.temperature, humidity: entry.humidity ?? 0, windSpeed: windSpeed),
            humidity: ResponseDecoding.percent(entry.humidity),
            pressure: entry.pressure,
            windSpeed: windSpeed,
            windDegrees: entry.windDirection,
            windGust: entry.windGust,
            cloudCover: ResponseDecoding.percent(entry.cloudCover),
            sunrise: daylight.sunrise,
            sunset: daylight.sunset,
            uvIndex: entry.uvIndexClearSky)
    }

    /// A slot of `hours` hours at the entry's time, with `period`'s weather.
    static func slot(
        _ entry: Locationforecast.Entry, _ period: Locationforecast.Period, hours: Int, place: Coordinates
    ) -> ForecastSlot {
        ForecastSlot(
            time: entry.time,
            condition: condition(period, at: entry.time.addingTimeInterval(Double(hours) * 1800), place: place),
            temperature: entry.temperature,
            humidity: ResponseDecoding.percent(entry.humidity),
            windSpeed: entry.windSpeed,
            windDegrees: entry.windDirection,
            precipitationProbability: period.probability,
            precipitation: period.precipitation,
            isSnow: period.symbol.map(SymbolCodes.isSnow) ?? false, hours: Double(hours), uvIndex: entry.uvIndexClearSky)
    }

    /// The period's symbol as a condition; a symbol without a day or night variant is night when the sun is down at
    /// `time`. A missing or undocumented symbol is "unknown".
    static func condition(_ period: Locationforecast.Period?, at time: Date, place: Coordinates) -> Condition {
        let night = !SolarTimes.isSunUp(latitude: place.latitude, longitude: place.longitude, at: time)
        return period?.symbol.flatMap { SymbolCodes.condition($0, isNight: night) }
            ?? Condition(code: 0, main: "Unknown", description: "unknown", isNight: night)
    }

    /// A day's highest UV index: the first day's from now on (as its high is); a later one's only when the hourly part,
    /// which alone has the index, covers it from its early morning to its evening, so a day cut short in its afternoon
    /// never shows its morning's as its highest.
    static func uvIndexMax(_ readings: [(hour: Int, index: Double)], isFirst: Bool) -> Double? {
        guard isFirst || (readings.contains { $0.hour <= 6 } && readings.contains { $0.hour >= 18 }) else { return nil }
        return readings.map(\.index).max()
    }

    /// Local days from the first entry's. The first day counts from now; a later one only when the answer covers
    /// it from its early morning (06:00 or before) to its evening (18:00 or after), so a day the forecast only
    /// touches gets no high and low from one reading.
    static func days(
        _ entries: [Locationforecast.Entry], steps: [ForecastSlot], place: Coordinates, zone: PlaceTimeZone
    ) -> [DayForecast] {
        var readings: [Int: [(hour: Int, temperature: Double)]] = [:]
        var uvIndexes: [Int: [(hour: Int, index: Double)]] = [:]
        for entry in entries {
            let local = LocalTime(entry.time, zone)
            readings[local.dayNumber, default: []].append((local.hour, entry.temperature))
            if let index = entry.uvIndexClearSky { uvIndexes[local.dayNumber, default: []].append((local.hour, index)) }
        }
        var stepsByDay: [Int: [ForecastSlot]] = [:]
        for step in steps { stepsByDay[LocalTime(step.time, zone).dayNumber, default: []].append(step) }
        // The longer periods of the entries past the hourly part, by the day they start in: a day no 3-hour step
        // reaches (periods that do not start on a UTC hour divisible by 3) takes its condition and amount from them.
        var periodsByDay: [Int: [ForecastSlot]] = [:]
        for entry in entries where entry.nextHour == nil {
            guard let (period, hours) = entry.nextSixHours.map({ ($0, 6) }) ?? entry.nextTwelveHours.map({ ($0, 12) }) else { continue }
            periodsByDay[LocalTime(entry.time, zone).dayNumber, default: []].append(slot(entry, period, hours: hours, place: place))
        }
        let hasProbability = entries.contains { $0.nextHour?.probability != nil || $0.nextSixHours?.probability != nil }
        let firstDay = readings.keys.min()
        return readings.keys.sorted().compactMap { day -> DayForecast? in
            let values = readings[day] ?? []
            let isWhole = values.contains { $0.hour <= 6 } && values.contains { $0.hour >= 18 }
            guard let high = values.map(\.temperature).max(), let low = values.map(\.temperature).min(), day == firstDay || isWhole
            else { return nil }
            let midnight = zone.midnight(day: day)
            let daylight = SolarTimes.daylight(
                latitude: place.latitude, longitude: place.longitude, on: midnight, zone: zone)
            let daySteps = stepsByDay[day] ?? periodsByDay[day] ?? []
            // 12-hour periods overlap the 6-hour ones and each other: only steps of up to six hours are added up.
            let amounts = daySteps.filter { $0.hours <= 6 }.compactMap(\.precipitation)
            var condition = DailySummary.dominantCondition(daySteps, zone: zone)
            condition?.isNight = false
            var forecast = DayForecast(
                date: midnight, high: high, low: low, condition: condition, sunrise: daylight.sunrise, sunset: daylight.sunset,
                precipitation: amounts.isEmpty ? nil : amounts.reduce(0, +),
                precipitationProbability: hasProbability ? WetWeather.highest(daySteps.map(\.precipitationProbability)) : nil,
                uvIndexMax: uvIndexMax(uvIndexes[day] ?? [], isFirst: day == firstDay))
            // Today from the present hour: its high and low are the hours left, not the day's.
            forecast.isWhole = isWhole
            return forecast
        }
    }
}
