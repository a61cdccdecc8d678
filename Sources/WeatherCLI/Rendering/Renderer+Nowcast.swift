import WeatherCore

extension Renderer {
    /// `:rain`: the next two hours to the step when there are minutes (the sentence, a strip of one cell per step
    /// between its start and end times, and its key), then the outlook from the hourly forecast.
    func rainWithMinutes(_ d: RainDisplay, heading: Line, notice: [Line]) -> [Line] {
        guard let nowcast = d.nowcast, let minutes = d.minutes else {
            return notice + (heading + style.line(strings["heading.separator"] + d.outlook)).wrapped(to: width)
        }
        var lines = notice + (heading + style.line(strings["heading.separator"] + minutes)).wrapped(to: width)
        lines.append(strip(nowcast.steps.map(\.intensity), start: d.nowcastStart, end: d.nowcastEnd))
        lines += stripKey().wrapped(to: width)
        lines += style.paragraph(d.outlook, width: width)
        return lines
    }

    /// One cell per step ("·" dry, "▂" light, "▅" moderate, "█" heavy; ".", "-", "=", "#" in ASCII), readable
    /// without colour; wet cells in the rain's blue when there is colour. Each step gets as many cells as fit (up to 3)
    /// beside the times; when even one cell a step does not fit, the times go, then neighbouring steps merge, each
    /// cell the heavier of its steps.
    func strip(_ steps: [RainIntensity?], start: String?, end: String?) -> Line {
        let indent = "  "
        let times = [start, end].compactMap { $0 }.reduce(0) { $0 + $1.count + 1 }
        var cells = steps
        var room = width - indent.count - times
        var withTimes = true
        if cells.count > room {
            withTimes = false
            room = width - indent.count
        }
        while cells.count > room, cells.count > 1 {
            cells = stride(from: 0, to: cells.count, by: 2).map { i in
                [cells[i], i + 1 < cells.count ? cells[i + 1] : nil].compactMap { $0 }.max()
            }
        }
        let repeatCount = max(1, min(3, room / max(1, cells.count)))
        var line = style.line(indent)
        if withTimes, let start { line = line + style.line(start + " ") }
        for cell in cells {
            let glyph = String(repeating: stripGlyph(cell), count: repeatCount)
            line = line + style.line(glyph, cell == nil ? .dim : .art(.rain))
        }
        if withTimes, let end { line = line + style.line(" " + end) }
        return line
    }

    /// "· dry  ▂ light  ▅ moderate  █ heavy".
    func stripKey() -> Line {
        let keys: [RainIntensity?] = [nil] + RainIntensity.allCases
        let parts = keys.map { stripGlyph($0) + " " + strings["rain.strip." + ($0?.rawValue ?? "dry")] }
        return style.line("  " + parts.joined(separator: "  "), .dim)
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
