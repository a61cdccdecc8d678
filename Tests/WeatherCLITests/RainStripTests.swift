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
}
