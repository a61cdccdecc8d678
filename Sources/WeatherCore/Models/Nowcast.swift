import FoundationEssentials

/// Precipitation over the next two hours, minute by minute where a source has it: steps of 5 minutes (MET Norway's
/// radar nowcast) or 15 (Open-Meteo's 15-minute forecast where it is real, not interpolated). Each step says how hard
/// it falls from its start to the next step's; the source, its step and whether it is radar data go with them, so a
/// view never claims a precision the data does not have.
package struct Nowcast: Equatable, Sendable {
    /// One step: from `time` for the nowcast's step, at `millimetresPerHour`, of `kind` where the source says what
    /// falls (nil where it says nothing: MET Norway's radar past the hour its symbol covers, an Open-Meteo step whose
    /// rain and snowfall are both 0). `kindFromWeather` is true for a kind taken from the weather's own condition now
    /// (`fillingKinds(from:)`), the source saying none.
    package struct Step: Equatable, Sendable {
        package var time: Date
        package var millimetresPerHour: Double
        package var kind: PrecipitationKind?
        package var kindFromWeather: Bool

        package init(time: Date, millimetresPerHour: Double, kind: PrecipitationKind? = nil, kindFromWeather: Bool = false) {
            self.time = time
            self.millimetresPerHour = millimetresPerHour
            self.kind = kind
            self.kindFromWeather = kindFromWeather
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

    /// The wet steps whose source says nothing of what falls take what the weather's condition now says falls (the
    /// report's snow, sleet or rain), marked as such; with a condition that says nothing of it (dry, thunder,
    /// unknown) they keep no kind, and the words say "precipitation": never a kind the data does not give.
    package func fillingKinds(from condition: ConditionGroup?) -> Nowcast {
        guard let kind = condition.flatMap(PrecipitationKind.init) else { return self }
        var copy = self
        for index in copy.steps.indices where copy.steps[index].kind == nil && copy.steps[index].intensity != nil {
            copy.steps[index].kind = kind
            copy.steps[index].kindFromWeather = true
        }
        return copy
    }
}

/// What falls: rain, snow, or the two mixed (sleet, as MET Norway and OpenWeather's codes 611–616 name it).
package enum PrecipitationKind: String, CaseIterable, Sendable {
    case rain, snow, sleet

    /// What a condition says falls; nil for one that says nothing of it (dry, mist, a thunderstorm, which may bring
    /// either). Drizzle, showers and freezing rain fall as rain.
    package init?(_ group: ConditionGroup) {
        switch group {
        case .drizzle, .rain, .freezingRain, .showers: self = .rain
        case .snow: self = .snow
        case .sleet: self = .sleet
        case .thunderstorm, .mist, .clear, .fewClouds, .clouds, .overcast, .unknown: return nil
        }
    }
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

    /// The first spell's steps: from the first wet step to the next dry one; nil when every step is dry.
    package static func firstSpell(_ steps: [Nowcast.Step]) -> ArraySlice<Nowcast.Step>? {
        guard let wet = steps.firstIndex(where: { $0.intensity != nil }) else { return nil }
        let dryAgain = steps[wet...].firstIndex { $0.intensity == nil }
        return steps[wet..<(dryAgain ?? steps.endIndex)]
    }
}

/// What falls in the nowcast's first spell (the one `NowcastOutlook` speaks of), from its steps' kinds: one kind, or
/// one turning into another, or nil (`kind`) where no step says. Steps with no kind are passed over when others
/// have one. Rain, then snow, then rain again (more than one turn back and forth) is said as sleet, the two mixed.
package struct NowcastKinds: Equatable, Sendable {
    /// What falls first; nil when no step of the spell says.
    package var kind: PrecipitationKind?
    /// When the spell turns to another kind: that kind, and the start of the first step no longer of the first kind.
    package var turning: Turn?

    package struct Turn: Equatable, Sendable {
        package var kind: PrecipitationKind
        package var at: Date
    }

    package init(kind: PrecipitationKind?, turning: Turn? = nil) {
        self.kind = kind
        self.turning = turning
    }

    /// Nil when every step is dry.
    package init?(_ nowcast: Nowcast) {
        guard let spell = NowcastOutlook.firstSpell(nowcast.steps) else { return nil }
        let known = spell.filter { $0.kind != nil }
        guard let first = known.first?.kind, let last = known.last?.kind else {
            self.init(kind: nil)
            return
        }
        // Runs of one kind, in order.
        var runs: [(kind: PrecipitationKind, start: Date)] = []
        for step in known where step.kind != runs.last?.kind {
            if let kind = step.kind { runs.append((kind, step.time)) }
        }
        if runs.count == 1 {
            self.init(kind: first)
        } else if first != last {
            self.init(kind: first, turning: Turn(kind: last, at: runs[1].start))
        } else {
            self.init(kind: .sleet)
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
