import FoundationEssentials

extension ForecastSummaries {
    /// The minute-level sentence, its times exact to the step in the place's local time and the user's clock, what
    /// falls as its steps say (`NowcastKinds`), and its source and step said: "Light snow from about 14:25, stopping
    /// around 15:10 (MET Norway radar, 5-minute steps)." Nil when the nowcast has no step.
    package func nowcastSentence(_ nowcast: Nowcast, _ report: WeatherReport) -> String? {
        guard let outlook = NowcastOutlook(nowcast) else { return nil }
        let text = Self.nowcastWords(outlook, NowcastKinds(nowcast), strings) { LocalTime($0, report.zone).clockTime(options.clock) }
        let source = strings(
            nowcast.isRadar ? "summary.nowcast.source.radar" : "summary.nowcast.source.model",
            ["source": nowcast.source.displayName, "minutes": String(nowcast.stepMinutes)])
        return Self.sentence(text + " " + source + ".")
    }

    /// What the steps say, without their source: "light snow from about 14:25, stopping around 15:10", or "light rain
    /// from about 14:25, turning to snow around 14:50, stopping around 15:10", its times written by `time`; what
    /// falls is "precipitation" where no step says. The terminal's plain mode says it too, its source in words of its own.
    package static func nowcastWords(_ outlook: NowcastOutlook, _ kinds: NowcastKinds?, _ strings: Strings, time: (Date) -> String) -> String {
        let kind = kinds?.kind?.rawValue ?? "precipitation"
        let rain = { (intensity: RainIntensity) in strings["summary.nowcast.\(kind).\(intensity.rawValue)"] }
        // A spell that turns from one kind to another says so, and when, in a sentence of its own.
        var values: [String: String] = [:]
        var turning = ""
        if let turn = kinds?.turning {
            values = ["then": strings["summary.nowcast.then.\(turn.kind.rawValue)"], "change": time(turn.at)]
            turning = ".turning"
        }
        func say(_ key: String, _ more: [String: String]) -> String {
            strings(key + turning, values.merging(more) { $1 })
        }
        return switch outlook {
        case .dry(let end): strings("summary.nowcast.dry", ["end": time(end)])
        case .throughout(let intensity, let end): say("summary.nowcast.throughout", ["rain": rain(intensity), "end": time(end)])
        case .starting(let intensity, let start, let stop?, _):
            say("summary.nowcast.startStop", ["rain": rain(intensity), "start": time(start), "stop": time(stop)])
        case .starting(let intensity, let start, nil, let end):
            say("summary.nowcast.startLasting", ["rain": rain(intensity), "start": time(start), "end": time(end)])
        case .stopping(let intensity, let stop): say("summary.nowcast.stopping", ["rain": rain(intensity), "stop": time(stop)])
        }
    }

    /// What the `:rain` outlook comes from when there is no minute-level data: "From the hourly forecast." or "From
    /// the forecast in 3-hour steps.", by the forecast's own step.
    package func hourlyBasis(_ report: WeatherReport) -> String {
        // The step most of the coming slots have: the first may be cut short at now.
        let steps = report.forecast.prefix(8).map { Int($0.hours.rounded()) }
        let hours = steps.max { a, b in steps.count { $0 == a } < steps.count { $0 == b } } ?? 1
        return Self.sentence(strings.plural("summary.outlook.basis.hours", max(1, hours)))
    }
}
