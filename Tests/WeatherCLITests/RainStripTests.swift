import Foundation
import Testing
@testable import WeatherCLI
@testable import WeatherCore

/// `:rain`'s strip of the next two hours (issue 28): one cell a step, fitted to the width, readable without colour.
struct RainStripTests {
    /// Dry, light, moderate, heavy, then dry: 24 five-minute steps.
    static let steps: [RainIntensity?] = [nil, nil, .light, .moderate, .heavy] + Array(repeating: nil, count: 19)

    func strip(_ steps: [RainIntensity?], width: Int, unicode: Bool = true, start: String = "14:15", end: String = "16:15") -> String {
        let renderer = Renderer(style: Style(color: false, unicode: unicode), width: width)
        return renderer.strip(steps, start: start, end: end).plain
    }

    @Test func eachStepGetsAsManyCellsAsFitUpToThree() {
        #expect(strip(Self.steps, width: 80) == "  14:15 " + "····▂▂▅▅██" + String(repeating: "··", count: 19) + " 16:15")
        #expect(strip(Self.steps, width: 120) == "  14:15 " + "······▂▂▂▅▅▅███" + String(repeating: "···", count: 19) + " 16:15")
        #expect(strip(Array(Self.steps.prefix(8)), width: 40) == "  14:15 ······▂▂▂▅▅▅███········· 16:15")
    }

    /// Where the steps and the times do not fit, the times go; where the steps alone do not, neighbours merge, each
    /// cell the heavier of its two.
    @Test func theTimesGoThenNeighboursMerge() {
        let long = strip(Self.steps, width: 40, start: "2:15 PM", end: "4:15 PM")
        #expect(long == "  ··▂▅█" + String(repeating: "·", count: 19))
        let many = Array(repeating: RainIntensity?.none, count: 60) + [.light]
        #expect(strip(many, width: 40) == "  " + String(repeating: "·", count: 30) + "▂")
    }

    /// ASCII terminals and no colour: each intensity its own character, and the key says which.
    @Test func asciiAndTheKey() {
        #expect(strip(Self.steps, width: 80, unicode: false).hasPrefix("  14:15 ....--==##...."))
        let key = Renderer(style: Style(color: false, unicode: false), width: 80).stripKey().plain
        #expect(key == "  . dry  - light  = moderate  # heavy")
    }

    /// What falls (issue 28): wet cells in its colour (the rain's blue, the snow's white), a merged cell in its first
    /// wet step's; the key leads with what falls when it is not rain alone, as the sentence says it.
    @Test func snowCellsTakeTheSnowsColourAndTheKeySaysWhatFalls() {
        let colour = Style(color: true, unicode: true)
        let renderer = Renderer(style: colour, width: 80)
        let line = colour.render(renderer.strip([nil, .light, .light, nil], kinds: [nil, .rain, .snow, nil], start: nil, end: nil))
        #expect(line.contains("\u{1B}[38;5;75m▂▂▂\u{1B}[0m") && line.contains("\u{1B}[38;5;255m▂▂▂\u{1B}[0m"), "\(line.debugDescription)")
        let narrow = Renderer(style: colour, width: 4)
        #expect(colour.render(narrow.strip([nil, .light, .light, nil], kinds: [nil, .snow, .rain, nil], start: nil, end: nil)).contains("38;5;255m▂"))

        let start = Date(timeIntervalSince1970: 1_699_966_800)
        func nowcast(_ kinds: [PrecipitationKind?]) -> Nowcast {
            Nowcast(
                steps: kinds.enumerated().map { Nowcast.Step(time: start.addingTimeInterval(Double($0.offset * 300)), millimetresPerHour: 1, kind: $0.element) },
                stepMinutes: 5, isRadar: true, source: ProviderID(rawValue: "radar", displayName: "Radar", attribution: "", needsKey: false), fetchedAt: start)
        }
        let plain = Renderer(style: Style(color: false, unicode: true), width: 80)
        #expect(plain.stripKey(nowcast([.rain, .rain])).plain == "  · dry  ▂ light  ▅ moderate  █ heavy")
        #expect(plain.stripKey(nowcast([.snow])).plain == "  snow:  · dry  ▂ light  ▅ moderate  █ heavy")
        #expect(plain.stripKey(nowcast([.rain, .snow])).plain.hasPrefix("  rain, then snow:  · dry"))
        #expect(plain.stripKey(nowcast([nil])).plain.hasPrefix("  precipitation:  · dry"))
        #expect(plain.nowcastLabel(nowcast([.sleet])) == "Sleet" && plain.nowcastLabel(nowcast([.rain, .snow])) == "Next 2 hours")
        let german = Renderer(style: Style(color: false, unicode: true), width: 80, strings: Strings.terminal(.german))
        #expect(german.stripKey(nowcast([.snow])).plain.hasPrefix("  Schnee:  · trocken"))
    }
}
