import FoundationEssentials
import Glibc
import WeatherCore

/// Sunrise, sunset and the sun's height from latitude, longitude and date, by NOAA's solar calculator equations
/// (after Meeus' "Astronomical Algorithms"): within a minute or so below 72° of latitude, within a few minutes
/// beyond. Sunrise and sunset are when the sun's upper edge meets the horizon, refraction included (the centre
/// 0.833° below it), as MET Norway and most almanacs publish them.
package enum SolarTimes {
    /// The sun on one local day.
    package enum Daylight: Equatable, Sendable {
        case risesAndSets(sunrise: Date, sunset: Date)
        /// Midnight sun: the sun stays above the horizon all day.
        case polarDay
        /// The sun stays below the horizon all day.
        case polarNight

        package var sunrise: Date? {
            if case .risesAndSets(let sunrise, _) = self { sunrise } else { nil }
        }

        package var sunset: Date? {
            if case .risesAndSets(_, let sunset) = self { sunset } else { nil }
        }
    }

    /// The sun's centre at sunrise and sunset, in degrees below the horizon: refraction (34′) and its radius (16′).
    static let horizonDip = 0.833

    /// The sun on the local calendar day (in `zone`) that holds `date`.
    package static func daylight(latitude: Double, longitude: Double, on date: Date, zone: PlaceTimeZone) -> Daylight {
        let day = LocalTime(date, zone).dayNumber
        let localNoon = zone.instant(local: day * 86_400 + 43_200).timeIntervalSince1970
        // The solar noon nearest the local noon: a UTC midnight plus the meridian transit for the longitude.
        var midnight = (localNoon / 86_400).rounded(.down) * 86_400
        let transit = transitSeconds(longitude: longitude, at: localNoon)
        if midnight + transit - localNoon > 43_200 {
            midnight -= 86_400
        } else if localNoon - (midnight + transit) > 43_200 {
            midnight += 86_400
        }
        let noon = midnight + transitSeconds(longitude: longitude, at: midnight + transit)
        switch hourAngle(latitude: latitude, declination: Sun(at: noon).declination) {
        case .aboveAllDay: return .polarDay
        case .belowAllDay: return .polarNight
        case .crosses(let angle):
            let sunrise = refined(noon - angle * 240, side: -1, midnight: midnight, latitude: latitude, longitude: longitude)
            let sunset = refined(noon + angle * 240, side: 1, midnight: midnight, latitude: latitude, longitude: longitude)
            return .risesAndSets(
                sunrise: Date(timeIntervalSince1970: sunrise.rounded()), sunset: Date(timeIntervalSince1970: sunset.rounded()))
        }
    }

    /// The sun's centre above the horizon at `date`, in degrees (negative below it), without refraction.
    package static func elevation(latitude: Double, longitude: Double, at date: Date) -> Double {
        let seconds = date.timeIntervalSince1970
        let sun = Sun(at: seconds)
        let secondOfDay = seconds - (seconds / 86_400).rounded(.down) * 86_400
        // True solar time in minutes, then the hour angle in degrees (0 at solar noon).
        let solarMinutes = (secondOfDay / 60 + sun.equationOfTime + 4 * longitude).truncatingRemainder(dividingBy: 1440)
        let hourAngle = radians(solarMinutes / 4 - 180)
        let phi = radians(latitude)
        let sine = sin(phi) * sin(sun.declination) + cos(phi) * cos(sun.declination) * cos(hourAngle)
        return degrees(asin(min(1, max(-1, sine))))
    }

    /// True while any of the sun's disc is above the horizon (refraction included).
    package static func isSunUp(latitude: Double, longitude: Double, at date: Date) -> Bool {
        elevation(latitude: latitude, longitude: longitude, at: date) > -horizonDip
    }

    /// Seconds after UTC midnight at which the sun crosses the meridian at `longitude`, with the equation of time
    /// taken at `time` (Unix seconds).
    static func transitSeconds(longitude: Double, at time: Double) -> Double {
        (720 - 4 * longitude - Sun(at: time).equationOfTime) * 60
    }

    /// Sunrise (`side` -1) or sunset (+1) again, the sun's position taken at the first estimate rather than at noon;
    /// the estimate stands when the sun no longer crosses the horizon there (a day at the edge of polar day or night).
    private static func refined(
        _ estimate: Double, side: Double, midnight: Double, latitude: Double, longitude: Double
    ) -> Double {
        var time = estimate
        for _ in 0..<2 {
            guard case .crosses(let angle) = hourAngle(latitude: latitude, declination: Sun(at: time).declination) else { break }
            time = midnight + transitSeconds(longitude: longitude, at: time) + side * angle * 240
        }
        return time
    }

    private enum Crossing {
        /// Degrees from solar noon to sunrise (and from solar noon to sunset).
        case crosses(Double)
        case aboveAllDay
        case belowAllDay
    }

    private static func hourAngle(latitude: Double, declination: Double) -> Crossing {
        let phi = radians(latitude)
        let cosine = cos(radians(90 + horizonDip)) / (cos(phi) * cos(declination)) - tan(phi) * tan(declination)
        if cosine > 1 { return .belowAllDay }
        if cosine < -1 { return .aboveAllDay }
        return .crosses(degrees(acos(cosine)))
    }

    /// The sun's declination (radians) and the equation of time (minutes) at a moment, Unix seconds.
    private struct Sun {
        let declination: Double
        let equationOfTime: Double

        init(at seconds: Double) {
            let t = (seconds / 86_400 + 2_440_587.5 - 2_451_545) / 36_525  // Julian centuries since J2000.0
            let meanLongitude = radians((280.46646 + t * (36000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360))
            let meanAnomaly = radians(357.52911 + t * (35999.05029 - 0.0001537 * t))
            let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
            let center =
                sin(meanAnomaly) * (1.914602 - t * (0.004817 + 0.000014 * t))
                + sin(2 * meanAnomaly) * (0.019993 - 0.000101 * t) + sin(3 * meanAnomaly) * 0.000289
            let omega = radians(125.04 - 1934.136 * t)
            let apparentLongitude = radians(degrees(meanLongitude) + center - 0.00569 - 0.00478 * sin(omega))
            let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
            let obliquity = radians(meanObliquity + 0.00256 * cos(omega))
            declination = asin(sin(obliquity) * sin(apparentLongitude))
            let y = pow(tan(obliquity / 2), 2)
            let e = eccentricity
            let l = meanLongitude
            let m = meanAnomaly
            let radiansOfTime =
                y * sin(2 * l) - 2 * e * sin(m) + 4 * e * y * sin(m) * cos(2 * l) - 0.5 * y * y * sin(4 * l)
                - 1.25 * e * e * sin(2 * m)
            equationOfTime = 4 * degrees(radiansOfTime)
        }
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    private static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
