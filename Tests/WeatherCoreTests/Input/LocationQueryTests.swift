import Testing
@testable import WeatherCore

struct LocationQueryTests {
    @Test(arguments: [
        ("48.8566, 2.3522", 48.8566, 2.3522), ("-33.87,151.21", -33.87, 151.21), ("  0 , 0 ", 0, 0), ("+10.5,-20", 10.5, -20),
        ("90, 180", 90, 180), ("-90,-180", -90, -180),
    ])
    func coordinates(text: String, lat: Double, lon: Double) throws {
        #expect(try LocationQuery.parse(text) == .coordinates(latitude: lat, longitude: lon))
    }

    @Test(arguments: ["91, 0", "0, 181", "-90.5, 3", "0,-180.01"])
    func coordinatesOutOfRangeAreRefused(text: String) {
        #expect(throws: WeatherError.self) { try LocationQuery.parse(text) }
    }

    @Test(arguments: [
        ("Paris", "Paris"), ("  Paris ,  FR ", "Paris ,  FR"), ("Springfield, IL, US", "Springfield, IL, US"),
        ("São  Paulo", "São  Paulo"), ("New York", "New York"), ("1e5, 3", "1e5, 3"), ("nan, 0", "nan, 0"),
        ("London&appid=x#frag", "London&appid=x#frag"), ("../../etc/passwd", "../../etc/passwd"),
        ("Lon\u{1B}[31mdon", "London"), ("Lon\u{1B}]0;title\u{7}don", "London"), ("Lo\u{0}n\u{202E}don", "London"),
    ])
    func namesAreKeptAsTyped(text: String, expected: String) throws {
        #expect(try LocationQuery.parse(text) == .name(expected))
    }

    @Test(arguments: [
        ("Paris", "Paris"), ("  Paris ,  FR ", "Paris,FR"), ("Springfield, IL, US", "Springfield,IL,US"),
        ("São  Paulo", "São Paulo"), ("New York", "New York"), ("1e5, 3", "1e5,3"), (" , Paris,, FR ,", "Paris,FR"),
        ("London&appid=x#frag", "London&appid=x#frag"), ("Lon\u{1B}[31mdon", "London"),
        ("London, UK", "London,GB"), ("london ,uk", "london,GB"), ("London, England, uK", "London,England,GB"),
        ("UK", "UK"), ("Uki, AU", "Uki,AU"),
        ("Springfield, il, us", "Springfield,il,us"), ("London, ON, CA", "London,CA"), ("london, qc, ca", "london,ca"),
        ("London, XX, CA", "London,XX,CA"), ("London, ON, US", "London,ON,US"), ("Paris, TX, FR", "Paris,TX,FR"),
    ])
    func searchesSendTheTidiedName(text: String, query: String) {
        #expect(PlaceSearch(text).query == query)
    }

    @Test func searchesKeepWhatWasTypedForMessages() {
        #expect(PlaceSearch("  london ,  uk\u{1B}[0m ").typed == "london ,  uk")
        #expect(PlaceSearch("Kingston ,ON,  CA").typed == "Kingston ,ON,  CA")
    }

    @Test(arguments: [
        ("Springfield, IL, US", "IL", "Illinois"), ("Washington, dc, US", "DC", "District of Columbia"),
        ("San Juan, PR, US", "PR", "Puerto Rico"), ("London, ON, CA", "ON", "Ontario"), ("Dawson, yt, ca", "YT", "Yukon"),
    ])
    func stateAndProvinceCodesNameTheirState(text: String, code: String, name: String) {
        #expect(PlaceSearch(text).state == PlaceSearch.StateFilter(code: code, name: name))
    }

    @Test(arguments: ["London", "London, GB", "London, XX, CA", "London, ON, US", "Paris, TX, FR", "A, B, IL, US"])
    func otherSearchesKeepEveryResult(text: String) {
        #expect(PlaceSearch(text).state == nil)
        let places = [
            Place(name: "London", state: "Ontario", country: "CA", latitude: 1, longitude: 2),
            Place(name: "London", latitude: 3, longitude: 4),
        ]
        #expect(PlaceSearch(text).filter(places) == places)
    }

    @Test func theFilterMatchesTheStateByNameOrCodeWhateverTheCaseOrAccents() {
        let places = [
            Place(name: "A", state: "Québec", country: "CA", latitude: 1, longitude: 1),
            Place(name: "B", state: "quebec", country: "CA", latitude: 2, longitude: 2),
            Place(name: "C", state: "QC", country: "CA", latitude: 3, longitude: 3),
            Place(name: "D", state: "Ontario", country: "CA", latitude: 4, longitude: 4),
            Place(name: "E", country: "CA", latitude: 5, longitude: 5),
        ]
        #expect(PlaceSearch("X, QC, CA").filter(places).map(\.name) == ["A", "B", "C"])
        #expect(PlaceSearch("X, qc, ca").filter(places).map(\.name) == ["A", "B", "C"])
    }

    @Test func theStateTablesAreComplete() {
        #expect(StateNames.unitedStates.count == 57)  // 50 states, DC and 6 territories
        #expect(StateNames.canada.count == 13)
        #expect(Set(StateNames.unitedStates.values).count == 57)
        #expect(StateNames.unitedStates.keys.allSatisfy { $0.count == 2 && $0 == $0.uppercased() })
        #expect(StateNames.canada.keys.allSatisfy { $0.count == 2 && $0 == $0.uppercased() })
        #expect(StateNames.name(code: "ca", country: "us") == "California")
        #expect(StateNames.name(code: "ON", country: "GB") == nil)
    }

    @Test(arguments: ["", "   ", ",", " , , ", "\u{0}\u{7}"])
    func emptyInputIsRefused(text: String) {
        #expect(throws: WeatherError.self) { try LocationQuery.parse(text) }
    }

    @Test func overlongInputIsRefused() {
        #expect(throws: WeatherError.self) { try LocationQuery.parse(String(repeating: "a", count: 10_000)) }
    }
}
