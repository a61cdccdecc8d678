import Testing
@testable import WeatherCore

/// How a place is named wherever it is shown.
struct PlaceTests {
    @Test(arguments: [
        ("Lisbon", "Lisbon", "PT", "Lisbon, PT"), ("São Paulo", "São Paulo", "BR", "São Paulo, BR"),
        ("São Paulo", "Sao Paulo", "BR", "São Paulo, BR"), ("Québec", "QUEBEC", "CA", "Québec, CA"),
        ("New York", "New York", "US", "New York, US"),
        ("Springfield", "Illinois", "US", "Springfield, Illinois, US"), ("Lisbon", "Maine", "US", "Lisbon, Maine, US"),
        ("Mexico City", "Mexico", "MX", "Mexico City, Mexico, MX"),
    ])
    func aRegionWithTheCitysNameIsLeftOut(name: String, state: String, country: String, shown: String) {
        let place = Place(name: name, state: state, country: country, latitude: 1, longitude: 2)
        #expect(place.displayName == shown)
    }

    @Test func whatIsMissingIsLeftOutAndNoNameIsTheCoordinates() {
        #expect(Place(name: "Oslo", country: "NO", latitude: 1, longitude: 2).displayName == "Oslo, NO")
        #expect(Place(name: "", state: "", latitude: 48.8566, longitude: 2.3522).displayName == "48.8566, 2.3522")
        #expect(Place(name: "Lisbon", state: "Lisbon", latitude: 1, longitude: 2).region == nil)
    }
}
