import Testing
import WeatherCLI
import WeatherCore

/// Ages and durations as the terminal words them: a notice's copy age, a time-out, a wait.
struct RelativeAgeTests {
    @Test func relativeAges() {
        let english = Strings.terminal(.english)
        #expect(RelativeAge.describe(seconds: 1500, english) == "25 minutes")
        #expect(RelativeAge.describe(seconds: 60, english) == "1 minute")
        #expect(RelativeAge.describe(seconds: 7200, english) == "2 hours")
        #expect(RelativeAge.describe(seconds: 30, english) == "30 seconds")
        #expect(RelativeAge.describe(seconds: 0, english) == "1 second")
        #expect(RelativeAge.seconds(2.5, english) == "2.5 seconds")
        let french = Strings.terminal(.french)
        #expect(RelativeAge.describe(seconds: 60, french) == "1 minute")
        #expect(RelativeAge.describe(seconds: 7200, french) == "2 heures")
        #expect(RelativeAge.seconds(2.5, french) == "2,5 secondes")
        #expect(RelativeAge.describe(seconds: 86_400, Strings.terminal(.german)) == "1 Tag")
        #expect(RelativeAge.describe(seconds: 3 * 86_400, Strings.terminal(.german)) == "3 Tagen")
    }
}
