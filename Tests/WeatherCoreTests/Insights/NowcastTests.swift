import Foundation
import Testing
@testable import WeatherCore

/// Rain to the minute (issue 28): what the steps say at their edges, and the sentence that says it to the step, in
/// the place's local time and the user's clock, with its source and step.
struct NowcastTests {
    /// 13:00 UTC on Tuesday 2023-11-14, the reports' observation time.
    static let start = Date(timeIntervalSince1970: Double(InsightTests.midnight + 13 * 3600))
    static let radar = ProviderID(rawValue: "radar", displayName: "Radar Service", attribution: "", needsKey: false)

    /// Steps at `rates`, each of `kind` (rain unless told), or of `kinds`, one a step, when given.
    static func nowcast(
        _ rates: [Double], step: Int = 5, radar: Bool = true, from start: Date = start, kind: PrecipitationKind? = .rain,
        kinds: [PrecipitationKind?]? = nil
    ) -> Nowcast {
        Nowcast(
            steps: rates.enumerated().map { index, rate in
                Nowcast.Step(
                    time: start.addingTimeInterval(Double(index * step * 60)), millimetresPerHour: rate,
                    kind: kinds.map { index < $0.count ? $0[index] : nil } ?? kind)
            },
            stepMinutes: step, isRadar: radar, source: Self.radar, fetchedAt: start)
    }

    static func time(_ minutes: Int) -> Date { start.addingTimeInterval(Double(minutes * 60)) }

    let formatter = DisplayFormatter(
        options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: .english), now: NowcastTests.start)

    func sentence(_ nowcast: Nowcast, offset: Int = 0, formatter: DisplayFormatter? = nil) -> String? {
        var report = ForecastSummariesTests.report(ForecastSummariesTests.drySlots)
        report.zone = .fixed(offset)
        return (formatter ?? self.formatter).summaries.nowcastSentence(nowcast, report)
    }

    @Test func dryThroughoutSaysUntilTheLastStepEnds() {
        let nowcast = Self.nowcast(Array(repeating: 0, count: 24))
        #expect(NowcastOutlook(nowcast) == .dry(until: Self.time(120)))
        #expect(sentence(nowcast) == "No rain or snow until at least 15:00 (Radar Service radar, 5-minute steps).")
    }

    /// A trace under 0.1 mm/h is dry; 0.1 is wet.
    @Test func aTraceIsDryAndTheThresholdIsWet() {
        #expect(NowcastOutlook(Self.nowcast([0.09, 0.05, 0])) == .dry(until: Self.time(15)))
        #expect(NowcastOutlook(Self.nowcast([0.1, 0, 0])) == .stopping(.light, stop: Self.time(5)))
    }

    @Test func rainingThroughoutSaysItGoesOnPastTheWindow() {
        let nowcast = Self.nowcast(Array(repeating: 3, count: 24))
        #expect(NowcastOutlook(nowcast) == .throughout(.moderate, until: Self.time(120)))
        #expect(sentence(nowcast) == "Moderate rain until at least 15:00 (Radar Service radar, 5-minute steps).")
    }

    /// Rain starting exactly at a step is "from about" that step's start; it stops at the first dry step's start.
    @Test func rainStartingAtAStepAndStoppingAtALaterOne() {
        var rates = Array(repeating: 0.0, count: 24)
        for i in 5..<14 { rates[i] = i == 9 ? 8 : 1 }
        let nowcast = Self.nowcast(rates)
        #expect(NowcastOutlook(nowcast) == .starting(.heavy, start: Self.time(25), stop: Self.time(70), end: Self.time(120)))
        #expect(sentence(nowcast) == "Heavy rain from about 13:25, stopping around 14:10 (Radar Service radar, 5-minute steps).")
    }

    /// Dry only in the last step: it stops at that step's start, the last time there is.
    @Test func rainStoppingAtTheLastStep() {
        var rates = Array(repeating: 1.0, count: 24)
        rates[23] = 0
        rates[0] = 0
        let nowcast = Self.nowcast(rates)
        #expect(NowcastOutlook(nowcast) == .starting(.light, start: Self.time(5), stop: Self.time(115), end: Self.time(120)))
        #expect(sentence(nowcast) == "Light rain from about 13:05, stopping around 14:55 (Radar Service radar, 5-minute steps).")
    }

    /// Wet only in the last step: it starts there and is still falling when the data ends.
    @Test func rainStartingAtTheLastStep() {
        var rates = Array(repeating: 0.0, count: 24)
        rates[23] = 0.4
        let nowcast = Self.nowcast(rates)
        #expect(NowcastOutlook(nowcast) == .starting(.light, start: Self.time(115), stop: nil, end: Self.time(120)))
        #expect(sentence(nowcast) == "Light rain from about 14:55, still falling at 15:00 (Radar Service radar, 5-minute steps).")
    }

    /// Raining now, dry from the second step.
    @Test func rainingNowStoppingAtTheNextStep() {
        let nowcast = Self.nowcast([2, 0, 0, 0, 0, 0, 0, 0], step: 15, radar: false)
        #expect(NowcastOutlook(nowcast) == .stopping(.light, stop: Self.time(15)))
        #expect(sentence(nowcast) == "Light rain now, stopping around 13:15 (Radar Service, 15-minute steps).")
    }

    /// The place's local time and the user's clock, in another language.
    @Test func timesAreThePlacesInTheClockChosen() {
        var rates = Array(repeating: 0.0, count: 24)
        rates[6] = 1
        let nowcast = Self.nowcast(rates)
        let twelve = DisplayFormatter(options: DisplayOptions(units: .metric, clock: .twelveHour, language: .english), now: Self.start)
        #expect(sentence(nowcast, offset: 3600, formatter: twelve) == "Light rain from about 2:30 PM, stopping around 2:35 PM (Radar Service radar, 5-minute steps).")
        let french = DisplayFormatter(options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: .french), now: Self.start)
        #expect(sentence(nowcast, formatter: french) == "Pluie faible à partir de 13:30 environ, cessant vers 13:35 (radar Radar Service, pas de 5 minutes).")
    }

    /// Steps already over are left out, and the window is two hours from the step holding now.
    @Test func aheadDropsPastStepsAndKeepsTwoHours() {
        let nowcast = Self.nowcast(Array(repeating: 0, count: 40))
        let ahead = nowcast.ahead(of: Self.time(12))
        #expect(ahead.steps.first?.time == Self.time(10))
        #expect(ahead.steps.count == 24)
        #expect(nowcast.ahead(of: Self.time(500)).steps.isEmpty)
    }

    /// `:rain` says where its outlook comes from: the minutes when there are, else the forecast, by its step.
    @Test func rainViewSaysItsSource() {
        let report = ForecastSummariesTests.report(ForecastSummariesTests.drySlots)
        let hourly = formatter.rain(report)
        #expect(hourly.outlook.hasSuffix(" From the forecast in 3-hour steps."), "\(hourly.outlook)")
        #expect(hourly.minutes == nil && hourly.nowcast == nil)
        let minutes = formatter.rain(report, nowcast: Self.nowcast([0, 0, 1, 1, 0]))
        #expect(minutes.minutes == "Light rain from about 13:10, stopping around 13:20 (Radar Service radar, 5-minute steps).")
        #expect(minutes.nowcastStart == "13:00" && minutes.nowcastEnd == "13:25")
        // A nowcast that is over is not shown.
        #expect(formatter.rain(report, nowcast: Self.nowcast([1], from: Self.time(-60))).minutes == nil)
    }

    // MARK: What falls (issue 28)

    /// Snow and sleet are said as the steps say them, each intensity its own words.
    @Test func snowAndSleetAreSaidAsTheStepsSayThem() {
        #expect(sentence(Self.nowcast([0, 0, 1, 3, 0], kind: .snow)) == "Moderate snow from about 13:10, stopping around 13:20 (Radar Service radar, 5-minute steps).")
        #expect(sentence(Self.nowcast([0.5, 0.5, 0], step: 15, radar: false, kind: .sleet)) == "Light sleet now, stopping around 13:30 (Radar Service, 15-minute steps).")
        #expect(sentence(Self.nowcast([8, 8], kind: .snow)) == "Heavy snow until at least 13:10 (Radar Service radar, 5-minute steps).")
    }

    /// Rain turning to snow within the spell says when; steps with no kind in it are passed over; back and forth is
    /// said as sleet; a spell no step names is "precipitation", never rain.
    @Test func aSpellTurningFromRainToSnowSaysWhen() {
        let turning = Self.nowcast([0, 1, 1, 1, 1, 0], kinds: [nil, .rain, nil, .snow, .snow])
        #expect(NowcastKinds(turning) == NowcastKinds(kind: .rain, turning: .init(kind: .snow, at: Self.time(15))))
        #expect(sentence(turning) == "Light rain from about 13:05, turning to snow around 13:15, stopping around 13:25 (Radar Service radar, 5-minute steps).")
        let now = Self.nowcast([1, 1, 0], kinds: [.snow, .rain])
        #expect(sentence(now) == "Light snow now, turning to rain around 13:05, stopping around 13:10 (Radar Service radar, 5-minute steps).")
        let mixed = Self.nowcast([1, 1, 1], kinds: [.rain, .snow, .rain])
        #expect(NowcastKinds(mixed) == NowcastKinds(kind: .sleet))
        #expect(sentence(mixed) == "Light sleet until at least 13:15 (Radar Service radar, 5-minute steps).")
        #expect(sentence(Self.nowcast([0, 1, 0], kind: nil)) == "Light precipitation from about 13:05, stopping around 13:10 (Radar Service radar, 5-minute steps).")
        // Only the first spell counts: a later spell of snow leaves the first's rain alone.
        #expect(NowcastKinds(Self.nowcast([1, 0, 1], kinds: [.rain, nil, .snow])) == NowcastKinds(kind: .rain))
        #expect(NowcastKinds(Self.nowcast([0, 0], kind: .snow)) == nil)
        let german = DisplayFormatter(options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: .german), now: Self.start)
        #expect(sentence(turning, formatter: german) == "Leichter Regen ab etwa 13:05, gegen 13:15 in Schnee übergehend, endet gegen 13:25 (Radar von Radar Service, 5-Minuten-Schritte).")
    }

    /// Where the source says nothing of what falls, the weather's condition now says it (its snow, sleet or rain),
    /// marked as such; a condition that says nothing leaves "precipitation".
    @Test func stepsTheSourceLeavesUnsaidTakeTheWeathersCondition() {
        var report = ForecastSummariesTests.report(ForecastSummariesTests.drySlots)
        report.zone = .fixed(0)
        let unsaid = Self.nowcast([0, 1, 1, 0], kinds: [nil, .snow, nil])
        report.current.condition = Condition(code: 601, main: "Snow", description: "snow", isNight: false)
        let snowing = formatter.rain(report, nowcast: Self.nowcast([0, 1, 1, 0], kind: nil))
        #expect(snowing.minutes == "Light snow from about 13:05, stopping around 13:15 (Radar Service radar, 5-minute steps).")
        #expect(snowing.nowcast?.steps.map(\.kind) == [nil, .snow, .snow, nil])
        #expect(snowing.nowcast?.steps.map(\.kindFromWeather) == [false, true, true, false])
        // A step the source names keeps its kind.
        report.current.condition = Condition(code: 500, main: "Rain", description: "light rain", isNight: false)
        let named = formatter.rain(report, nowcast: unsaid)
        #expect(named.nowcast?.steps.map(\.kind) == [nil, .snow, .rain, nil])
        #expect(named.minutes == "Light snow from about 13:05, turning to rain around 13:10, stopping around 13:15 (Radar Service radar, 5-minute steps).")
        report.current.condition = Condition(code: 804, main: "Clouds", description: "overcast clouds", isNight: false)
        #expect(formatter.rain(report, nowcast: Self.nowcast([1, 0], kind: nil)).minutes?.hasPrefix("Light precipitation now") == true)
        report.current.condition = Condition(code: 612, main: "Snow", description: "light shower sleet", isNight: false)
        #expect(formatter.nowcastLine(Self.nowcast([1, 0], kind: nil), report)?.1.hasPrefix("Light sleet now") == true)
        #expect(PrecipitationKind(.thunderstorm) == nil && PrecipitationKind(.drizzle) == .rain && PrecipitationKind(.freezingRain) == .rain)
    }
}
