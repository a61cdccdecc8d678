import Testing
@testable import WeatherCore

struct CompletionMatcherTests {
    let cities = ["Zürich, CH", "Rio de Janeiro, BR", "New York, US", "Newcastle upon Tyne, GB", "London, GB"]

    @Test func ignoresCaseAndAccents() {
        #expect(CompletionMatcher.complete("zur", cities: cities) == .replace("Zürich, CH"))
        #expect(CompletionMatcher.complete("ZÜR", cities: cities) == .replace("Zürich, CH"))
    }

    @Test func completesMultiWordNamesWhole() {
        #expect(CompletionMatcher.complete("Rio", cities: cities) == .replace("Rio de Janeiro, BR"))
        #expect(CompletionMatcher.complete("New Y", cities: cities) == .replace("New York, US"))
    }

    @Test func listsSeveralMatchesAndExtendsToWhatTheyShare() {
        #expect(
            CompletionMatcher.complete("ne", cities: cities)
                == .choices(common: "New", options: ["New York, US", "Newcastle upon Tyne, GB"]))
    }

    @Test func namesakesAreOfferedWithTheirRegions() {
        let cities = ["Springfield, Illinois, US", "Springfield, Missouri, US", "Spring, Texas, US"]
        #expect(CompletionMatcher.complete("springf", cities: cities)
            == .choices(common: "Springfield, ", options: ["Springfield, Illinois, US", "Springfield, Missouri, US"]))
        #expect(CompletionMatcher.complete("Springfield, m", cities: cities) == .replace("Springfield, Missouri, US"))
    }

    @Test func nothingMatches() {
        #expect(CompletionMatcher.complete("Tokyo", cities: cities) == .none)
    }

    @Test func completesCommandsAndTheirArguments() {
        #expect(CompletionMatcher.complete(":hou", cities: cities) == .replace(":hourly "))
        #expect(CompletionMatcher.complete(":ho", cities: cities) == .choices(common: ":ho", options: [":hourly", ":home"]))
        #expect(CompletionMatcher.complete(":lo", cities: cities) == .replace(":locate "))
        #expect(CompletionMatcher.complete(":home lon", cities: cities) == .replace(":home London, GB"))
        #expect(CompletionMatcher.complete(":units im", cities: cities) == .replace(":units imperial"))
        #expect(CompletionMatcher.complete(":units ", cities: cities) == .choices(common: ":units ", options: ["metric", "imperial", "standard"]))
        #expect(CompletionMatcher.complete(":clock 1", cities: cities) == .replace(":clock 12"))
    }

    @Test func compareCompletesEachOfItsTwoPlaces() {
        let cities = ["Rio de Janeiro, BR", "Reykjavík, IS", "London, England, GB"]
        #expect(CompletionMatcher.complete(":compare Lon", cities: cities) == .replace(":compare London, England, GB"))
        #expect(CompletionMatcher.complete(":compare London; rey", cities: cities) == .replace(":compare London; Reykjavík, IS"))
        #expect(CompletionMatcher.complete(":compare Rio;Lo", cities: cities) == .replace(":compare Rio;London, England, GB"))
        #expect(CompletionMatcher.complete(":compare R", cities: cities)
            == .choices(common: ":compare R", options: ["Rio de Janeiro, BR", "Reykjavík, IS"]))
    }
}
