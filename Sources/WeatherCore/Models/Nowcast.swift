import FoundationEssentials

/// Precipitation over the next two hours, minute by minute where a source has it: steps of 5 minutes (MET Norway's
/// radar nowcast) or 15 (Open-Meteo's 15-minute forecast where it is real, not interpolated). Each step says how hard
/// it falls from its start to the next step's; the source, its step and whether it is radar data go with them, so a
/// view never claims a precision the data does not have.
package struct Nowcast: Equatable, Sendable {
    /// One step: from `time` for the nowcast's step, at `millimetresPerHour`.
    package struct Step: Equatable, Sendable {
        package var time: Date
        package var millimetresPerHour: Double

        package init(time: Date, millimetresPerHour: Double) {
            self.time = time
            self.millimetresPerHour = millimetresPerHour
        }

        /// What falls: nil when it is dry (under `Nowcast.wetRate`).
        package var intensity: RainIntensity? { RainIntensity(millimetresPerHour: millimetresPerHour) }
    }

    /// The steps, in order, each `stepMinutes` after the one before.
    package var steps: [Step]
    /// 5 or 15.
    package var stepMinutes: Int
    /// True for radar data (MET Norway's nowcast), false for a model's 15-minute forecast.
    package var isRadar: Bool
    /// Who it comes from, for the attribution and the sentence's "(MET Norway radar, 5-minute steps)".
    package var source: ProviderID
    package var fetchedAt: Date

    package init(steps: [Step], stepMinutes: Int, isRadar: Bool, source: ProviderID, fetchedAt: Date) {
        self.steps = steps
        self.stepMinutes = stepMinutes
        self.isRadar = isRadar
        self.source = source
        self.fetchedAt = fetchedAt
    }

    /// Two hours: what a nowcast covers.
    package static let window: TimeInterval = 2 * 3600

    /// The length of a step, in seconds.
    package var stepSeconds: TimeInterval { TimeInterval(stepMinutes * 60) }

    /// The steps from the one holding `now` to two hours after it; empty when the nowcast is over (then it is not
    /// shown: the hourly forecast speaks instead).
    package func ahead(of now: Date) -> Nowcast {
        var copy = self
        let first = steps.firstIndex { $0.time.addingTimeInterval(stepSeconds) > now }
        guard let first else {
            copy.steps = []
            return copy
        }
        let end = steps[first].time.addingTimeInterval(Self.window)
        copy.steps = steps[first...].filter { $0.time < end }
        return copy
    }

    /// When the last step ends.
    package var end: Date? { steps.last.map { $0.time.addingTimeInterval(stepSeconds) } }
}

/// How hard rain falls, by the American Meteorological Society's glossary ("rain"): light under 2.5 mm/h, moderate
/// to 7.6 mm/h, heavy above. Under 0.1 mm/h (a radar's trace) is dry.
package enum RainIntensity: String, CaseIterable, Comparable, Sendable {
    case light, moderate, heavy

    /// Nil when dry.
    package init?(millimetresPerHour rate: Double) {
        guard rate.isFinite, rate >= Nowcast.wetRate else { return nil }
        self = rate < 2.5 ? .light : rate < 7.6 ? .moderate : .heavy
    }

    package static func < (a: RainIntensity, b: RainIntensity) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

extension Nowcast {
    /// The least rate that counts as wet, in mm/h.
    package static let wetRate = 0.1
}

/// What the steps say, to the step: when rain starts and stops within the window, or that it is dry or wet
/// throughout. The first spell only; its intensity is its heaviest step's.
package enum NowcastOutlook: Equatable, Sendable {
    /// Dry in every step, until `until` (the last step's end).
    case dry(until: Date)
    /// Wet in every step, until at least `until`.
    case throughout(RainIntensity, until: Date)
    /// Dry now, wet from `start`; dry again from `stop`, or (nil) still wet at `end`, the window's end.
    case starting(RainIntensity, start: Date, stop: Date?, end: Date)
    /// Wet now, dry from `stop`.
    case stopping(RainIntensity, stop: Date)

    /// Nil when there is no step.
    package init?(_ nowcast: Nowcast) {
        let steps = nowcast.steps
        guard let end = nowcast.end, let firstStep = steps.first else { return nil }
        guard let wet = steps.firstIndex(where: { $0.intensity != nil }) else {
            self = .dry(until: end)
            return
        }
        let dryAgain = steps[wet...].firstIndex { $0.intensity == nil }
        let spell = steps[wet..<(dryAgain ?? steps.endIndex)]
        let intensity = spell.compactMap(\.intensity).max() ?? .light
        let stop = dryAgain.map { steps[$0].time }
        if steps[wet].time == firstStep.time {
            if let stop {
                self = .stopping(intensity, stop: stop)
            } else {
                self = .throughout(intensity, until: end)
            }
        } else {
            self = .starting(intensity, start: steps[wet].time, stop: stop, end: end)
        }
    }
}

/// Minute-level precipitation for a place, from a source the program composes (WeatherProviders: MET Norway's
/// nowcast where its radar covers, Open-Meteo's 15-minute data where it is real). The core names none.
package protocol NowcastProviding: Sendable {
    /// The place's next two hours, from the cache while fresh, else the network; nil where no source has real
    /// minute-level data for it (out of radar coverage, outside the regions).
    func nowcast(for place: Place) async throws -> Nowcast?
    /// The cached copy while it is fresh, with no request; nil otherwise.
    func cachedNowcast(for place: Place) async -> Nowcast?
    /// Where its request for `place` would go (for a connection opened ahead of it); nil where it would ask nothing.
    func url(for place: Place) -> URL?
}

extension NowcastProviding {
    package func url(for place: Place) -> URL? { nil }
}
