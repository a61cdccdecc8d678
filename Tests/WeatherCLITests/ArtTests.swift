import Testing
@testable import WeatherCLI
@testable import WeatherCore

/// The condition drawings of `Assets/art/`, as `scripts/generate-art.py` writes them.
struct ArtTests {
    /// Every drawing is five lines of plain ASCII within its width, and starts on its first line, where the words
    /// beside it start.
    @Test(arguments: ConditionGroup.allCases)
    func everyDrawingStartsOnItsFirstLine(_ group: ConditionGroup) {
        for night in [false, true] {
            let lines = Art.lines(group, night: night)
            #expect(lines.count == 5, "\(group) \(night)")
            #expect(lines.first?.trimmingWhitespace.isEmpty == false, "\(group) \(night)")
            #expect(lines.allSatisfy { $0.count <= Art.width && $0.allSatisfy(\.isASCII) }, "\(group) \(night)")
        }
    }

    /// Partly cloudy shows the sun behind its cloud by day (its rays on the first line) and the moon by night.
    @Test func partlyCloudyShowsTheSunByDayAndTheMoonByNight() {
        let day = Art.lines(.clouds, night: false)
        let night = Art.lines(.clouds, night: true)
        #expect(day.first?.contains(#"\  /"#) == true)
        #expect(night.first?.contains("_..") == true)
        #expect(Art.lines(.unknown, night: false) == Art.lines(.overcast, night: false))  // no sun for the unknown
    }
}
