import FoundationEssentials
import Glibc
import WeatherCore

/// A smooth daily temperature cycle: each local day's low at sunrise, its high in mid-afternoon, and at each local
/// midnight a value inside both neighbouring days' ranges.
///
/// Between two of these points the temperature eases along half a cosine, so it only rises from a low to the next
/// high and only falls from a high to the next low: a day's coldest moment is its sunrise and its warmest 15:00.
struct TemperatureCurve: Sendable {
    /// Local time of day, in seconds after midnight, at which a day is warmest.
    static let warmest = 15 * 3600
    /// Where local midnight sits between the warmer of two days' lows (0) and the cooler of their highs (1).
    static let midnightShare = 0.4

    /// Unix seconds, ascending.
    private let times: [Int]
    /// The temperature at each of `times`.
    private let values: [Double]

    /// - Parameters:
    ///   - firstDay: the local day (`SunSchedule.day(of:)`) of `ranges[0]`.
    ///   - ranges: the low and high of consecutive local days; the curve covers the first day's sunrise to the last
    ///     day's afternoon.
    ///   - sun: when each day's sun rises.
    init(firstDay: Int, ranges: [(low: Double, high: Double)], sun: SunSchedule) {
        var times: [Int] = []
        var values: [Double] = []
        for (index, range) in ranges.enumerated() {
            let midnight = sun.midnight(startingDay: firstDay + index)
            if index > 0 {
                let previous = ranges[index - 1]
                let floor = max(previous.low, range.low), ceiling = min(previous.high, range.high)
                times.append(midnight)
                values.append(floor + Self.midnightShare * (ceiling - floor))
            }
            // Guards for places where the sun rises near midnight or after noon, so the points stay in order.
            let dawn = min(max(sun.sunrise(onDay: firstDay + index), midnight + 60), midnight + 20 * 3600)
            let afternoon = max(midnight + Self.warmest, dawn + 3600)
            times += [dawn, afternoon]
            values += [range.low, range.high]
        }
        self.times = times
        self.values = values
    }

    /// The temperature at `time`; before the first point or after the last, that point's.
    func value(at time: Int) -> Double? {
        guard let next = times.firstIndex(where: { $0 > time }) else { return values.last }
        guard next > 0 else { return values.first }
        let start = times[next - 1], end = times[next]
        let eased = (1 - cos(Double.pi * Double(time - start) / Double(end - start))) / 2
        return values[next - 1] + (values[next] - values[next - 1]) * eased
    }
}
