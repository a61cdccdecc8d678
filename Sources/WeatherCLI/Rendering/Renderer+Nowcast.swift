import WeatherCore

extension Renderer {
    /// `:rain`: the next two hours to the step when there are minutes (the sentence, a strip of one cell per step
    /// between its start and end times, and its key), then the outlook from the hourly forecast.
    func rainWithMinutes(_ d: RainDisplay, heading: Line, notice: [Line]) -> [Line] {
        guard let nowcast = d.nowcast, let minutes = d.minutes else {
            return notice + (heading + style.line(strings["heading.separator"] + d.outlook)).wrapped(to: width)
        }
        var lines = notice + (heading + style.line(strings["heading.separator"] + minutes)).wrapped(to: width)
        lines.append(strip(nowcast.steps.map(\.intensity), kinds: nowcast.steps.map(\.kind), start: d.nowcastStart, end: d.nowcastEnd))
        lines += stripKey(nowcast).wrapped(to: width)
        lines += style.paragraph(d.outlook, width: width)
        return lines
    }

    /// One cell per step ("·" dry, "▂" light, "▅" moderate, "█" heavy; ".", "-", "=", "#" in ASCII), readable
    /// without colour; wet cells, when there is colour, in the colour of what falls (`kinds`, one a step: the rain's
    /// blue, the snow's, the sleet's; the rain's where it is not said). Each step gets as many cells as fit (up to 3)
    /// beside the times; when even one cell a step does not fit, the times go, then neighbouring steps merge, each
    /// cell the heavier of its steps and the kind of the first wet one.
    func strip(_ steps: [RainIntensity?], kinds: [PrecipitationKind?] = [], start: String?, end: String?) -> Line {
        let indent = "  "
        let times = [start, end].compactMap { $0 }.reduce(0) { $0 + $1.count + 1 }
        var cells = steps
        var cellKinds = steps.indices.map { $0 < kinds.count && steps[$0] != nil ? kinds[$0] : nil }
        var room = width - indent.count - times
        var withTimes = true
        if cells.count > room {
            withTimes = false
            room = width - indent.count
        }
        while cells.count > room, cells.count > 1 {
            cellKinds = stride(from: 0, to: cells.count, by: 2).map { i in
                cellKinds[i] ?? (i + 1 < cells.count ? cellKinds[i + 1] : nil)
            }
            cells = stride(from: 0, to: cells.count, by: 2).map { i in
                [cells[i], i + 1 < cells.count ? cells[i + 1] : nil].compactMap { $0 }.max()
            }
        }
        let repeatCount = max(1, min(3, room / max(1, cells.count)))
        var line = style.line(indent)
        if withTimes, let start { line = line + style.line(start + " ") }
        for (cell, kind) in zip(cells, cellKinds) {
            let glyph = String(repeating: stripGlyph(cell), count: repeatCount)
            line = line + style.line(glyph, cell == nil ? .dim : .art(Self.group(kind)))
        }
        if withTimes, let end { line = line + style.line(" " + end) }
        return line
    }

    /// "· dry  ▂ light  ▅ moderate  █ heavy", led by what falls when it is not rain alone: "snow:  · dry  …",
    /// "rain, then snow:  · dry  …" (the first spell's kinds, as its sentence says them; "precipitation" where the
    /// steps do not say).
    func stripKey(_ nowcast: Nowcast? = nil) -> Line {
        let keys: [RainIntensity?] = [nil] + RainIntensity.allCases
        let parts = keys.map { stripGlyph($0) + " " + strings["rain.strip." + ($0?.rawValue ?? "dry")] }
        var lead = ""
        if let kinds = nowcast.flatMap(NowcastKinds.init), kinds != NowcastKinds(kind: .rain) {
            let word = { (kind: PrecipitationKind?) in self.strings["rain.strip.kind." + (kind?.rawValue ?? "precipitation")] }
            let said = kinds.turning.map { strings("rain.strip.turning", ["first": word(kinds.kind), "then": word($0.kind)]) } ?? word(kinds.kind)
            lead = strings("rain.strip.kinds", ["kinds": said]) + "  "
        }
        return style.line("  " + lead + parts.joined(separator: "  "), .dim)
    }

    /// The current view's label for the minutes' line: "Rain", "Snow" or "Sleet" by what the first spell brings (and
    /// "Rain" for a dry two hours, whose sentence says "no rain or snow"); "Next 2 hours" for a spell that turns from one kind
    /// to another, or whose kind no step says.
    func nowcastLabel(_ nowcast: Nowcast?) -> String {
        guard let kinds = nowcast.flatMap(NowcastKinds.init) else { return strings["label.nowcast"] }
        switch (kinds.kind, kinds.turning) {
        case (.rain, nil): return strings["label.nowcast"]
        case (.snow, nil): return strings["label.nowcast.snow"]
        case (.sleet, nil): return strings["label.nowcast.sleet"]
        default: return strings["label.nowcast.other"]
        }
    }

    /// The colour of what falls: the condition group's.
    static func group(_ kind: PrecipitationKind?) -> ConditionGroup {
        switch kind {
        case .snow: .snow
        case .sleet: .sleet
        case .rain, nil: .rain
        }
    }

    private func stripGlyph(_ intensity: RainIntensity?) -> String {
        switch intensity {
        case nil: style.unicode ? "·" : "."
        case .light: style.unicode ? "▂" : "-"
        case .moderate: style.unicode ? "▅" : "="
        case .heavy: style.unicode ? "█" : "#"
        }
    }
}
