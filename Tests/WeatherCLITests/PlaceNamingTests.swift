import Testing
@testable import WeatherCLI
@testable import WeatherCore

/// What a one-shot that matched several places suggests typing: the shortest name that finds that place alone.
struct PlaceNamingTests {
    static let places = [
        Place(name: "London", state: "England", country: "GB", latitude: 51.5073, longitude: -0.1276),
        Place(name: "London", state: "Ontario", country: "CA", latitude: 42.9834, longitude: -81.233),
        Place(name: "London", state: "Kentucky", country: "US", latitude: 37.129, longitude: -84.0833),
        Place(name: "London", state: "Ohio", country: "US", latitude: 39.8865, longitude: -83.4483),
        Place(name: "London", state: "Ohio", country: "US", latitude: 39.9, longitude: -83.5),
    ]

    @Test func theCountryWhenItIsEnough() {
        #expect(PlaceNaming.query(for: Self.places[0], among: Self.places) == "London, GB")
        let perth = Place(name: "Perth", state: "Western Australia", country: "AU", latitude: -31.95, longitude: 115.86)
        #expect(PlaceNaming.query(for: perth, among: [perth]) == "Perth, AU")
    }

    @Test func notACountryThatIsAlsoAStatesCode() {
        // "London, CA" reads as California first, "Haifa, IL" as Illinois.
        #expect(PlaceNaming.query(for: Self.places[1], among: Self.places) == "London, ON, CA")
        let haifa = Place(name: "Haifa", state: "Haifa", country: "IL", latitude: 32.8, longitude: 35)
        #expect(PlaceNaming.query(for: haifa, among: [haifa]) == "32.8, 35")
        #expect(StateNames.isCode("il") && StateNames.isCode("WA") && StateNames.isCode("NSW"))
        #expect(!StateNames.isCode("GB") && !StateNames.isCode("AU") && !StateNames.isCode("US"))
    }

    @Test func theStateCodeWhenTheCountryHasSeveral() {
        #expect(PlaceNaming.query(for: Self.places[2], among: Self.places) == "London, KY, US")
    }

    @Test func coordinatesWhenNothingElseTellsThemApart() {
        #expect(PlaceNaming.query(for: Self.places[3], among: Self.places) == "39.8865, -83.4483")
    }

    @Test func stateCodesReadBothWays() {
        #expect(StateNames.code(name: "Ontario", country: "CA") == "ON")
        #expect(StateNames.code(name: "québec", country: "ca") == "QC")
        #expect(StateNames.code(name: "England", country: "GB") == nil)
        for (code, name) in StateNames.unitedStates { #expect(StateNames.code(name: name, country: "US") == code) }
    }
}
