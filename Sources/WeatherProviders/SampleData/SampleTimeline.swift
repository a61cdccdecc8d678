import FoundationEssentials
import HTTPKit
import WeatherCore

/// Where offline mode puts a sample place's answers on the real clock, and what the sky and the thermometer say there.
///
/// The reading is ten minutes old, the forecast's slots lie on the next UTC 3-hour boundaries, sunrise and sunset on
/// the place's local today (later days: plus whole days). Every time then says night exactly between sunset and
/// sunrise, and takes its temperature from a `TemperatureCurve` through each local day's low and high, which are the
/// lowest and highest sample temperatures among the eight slots that land on that day (for a day the forecast only
/// partly covers, the nearest eight). Weather, rain, wind and the like stay on their slots.
struct SampleTimeline: Sendable {
    /// The reading's time, Unix seconds.
    let observed: Int
    /// What moves a sample slot onto the real clock, in seconds.
    let slotShift: Int
    let sun: SunSchedule
    /// Nil when the sample has no slot temperatures; temperatures then stay as bundled.
    let curve: TemperatureCurve?

    /// - Parameter forecast: the place's bundled forecast answer, whose sun times and slot temperatures set the day.
    init(forecast: JSONValue, now: Date) {
        let city = forecast["city"]
        let offset = city?["timezone"]?.int ?? 0
        let observed = Int(now.timeIntervalSince1970.rounded(.down)) - 600
        let slotShift = (SunSchedule.floorDivision(observed, 10_800) + 1) * 10_800 - SampleClock.firstSlot
        self.observed = observed
        self.slotShift = slotShift

        let today = SunSchedule.day(of: observed, utcOffset: offset)
        let dayShift = (today - SunSchedule.day(of: SampleClock.reference, utcOffset: offset)) * 86_400
        let midnight = today * 86_400 - offset
        let sun = SunSchedule(
            sunrise: city?["sunrise"]?.int.map { $0 + dayShift } ?? midnight + 6 * 3600,
            sunset: city?["sunset"]?.int.map { $0 + dayShift } ?? midnight + 18 * 3600,
            utcOffset: offset)
        self.sun = sun

        let slots: [(time: Int, temperature: Double)] = (forecast["list"]?.array ?? []).compactMap { item in
            guard let time = item["dt"]?.int, let temperature = item["main"]?["temp"]?.double else { return nil }
            return (time + slotShift, temperature)
        }
        guard let last = slots.last else {
            curve = nil
            return
        }
        // From the day before the reading's (its evening leads into tonight) to the day after the last slot's.
        let firstDay = today - 1
        let ranges = (firstDay...max(today, sun.day(of: last.time)) + 1).map { day in
            let start = min(slots.count(where: { sun.day(of: $0.time) < day }), max(slots.count - 8, 0))
            let temperatures = slots[start..<min(start + 8, slots.count)].map(\.temperature)
            return (low: temperatures.min() ?? last.temperature, high: temperatures.max() ?? last.temperature)
        }
        curve = TemperatureCurve(firstDay: firstDay, ranges: ranges, sun: sun)
    }

    /// `answer`, the place's bundled current weather or forecast, moved onto the real clock.
    func shifted(_ answer: JSONValue) -> JSONValue {
        var answer = answer
        if answer["dt"] != nil {
            answer["dt"] = .number(Double(observed))
            answer["sys"] = withSunTimes(answer["sys"])
            answer["weather"] = Self.sky(answer["weather"], night: sun.isNight(at: observed))
            answer["main"] = retempered(answer["main"], at: observed)
        }
        if answer["city"] != nil { answer["city"] = withSunTimes(answer["city"]) }
        if let list = answer["list"]?.array {
            answer["list"] = .array(list.map { item in
                guard let sampleTime = item["dt"]?.int else { return item }
                var item = item
                let time = sampleTime + slotShift
                let night = sun.isNight(at: time)
                item["dt"] = .number(Double(time))
                item["dt_txt"] = .string(Self.utcText(time))
                item["weather"] = Self.sky(item["weather"], night: night)
                if item["sys"]?["pod"] != nil { item["sys"]?["pod"] = .string(night ? "n" : "d") }
                item["main"] = retempered(item["main"], at: time)
                return item
            })
        }
        return answer
    }

    /// `sys` or `city` with today's sunrise and sunset, where it gives them.
    private func withSunTimes(_ value: JSONValue?) -> JSONValue? {
        var value = value
        if value?["sunrise"] != nil { value?["sunrise"] = .number(Double(sun.sunrise)) }
        if value?["sunset"] != nil { value?["sunset"] = .number(Double(sun.sunset)) }
        return value
    }

    /// `main` with `temp` on the curve at `time`, and `feels_like`, `temp_min` and `temp_max` moved by as much.
    private func retempered(_ main: JSONValue?, at time: Int) -> JSONValue? {
        guard var main, let old = main["temp"]?.double, let value = curve?.value(at: time) else { return main }
        let temperature = Self.hundredths(value)
        main["temp"] = .number(temperature)
        for key in ["feels_like", "temp_min", "temp_max"] {
            if let figure = main[key]?.double { main[key] = .number(Self.hundredths(figure + temperature - old)) }
        }
        return main
    }

    /// `weather` entries with their icons' day/night suffix ("01d", "01n") set.
    static func sky(_ weather: JSONValue?, night: Bool) -> JSONValue? {
        guard let entries = weather?.array else { return weather }
        return .array(entries.map { entry in
            guard let icon = entry["icon"]?.string, icon.hasSuffix("d") || icon.hasSuffix("n") else { return entry }
            var entry = entry
            entry["icon"] = .string(icon.dropLast() + (night ? "n" : "d"))
            return entry
        })
    }

    /// Rounded to two decimals, as the samples are written.
    static func hundredths(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }

    /// `dt_txt`: "2025-11-22 06:00:00", in UTC.
    static func utcText(_ time: Int) -> String {
        let local = LocalTime(Date(timeIntervalSince1970: Double(time)), utcOffset: 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(local.year)-\(two(local.month))-\(two(local.day)) \(two(local.hour)):\(two(local.minute)):00"
    }
}
