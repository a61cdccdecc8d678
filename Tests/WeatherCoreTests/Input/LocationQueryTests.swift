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
        ("Perth, WA, AU", "Perth,AU"), ("Paris, FR", "Paris,FR"), ("London, Ontario", "London,Ontario"), ("Oslo, XX", "Oslo,XX"),
    ])
    func searchesSendTheTidiedName(text: String, query: String) {
        #expect(PlaceSearch(text).readings.map(\.query) == [query])
    }

    @Test(arguments: [
        // A state only: no country has the code.
        ("Paris, TX", ["Paris,TX,US"], ["US"]), ("London, ON", ["London,CA"], ["CA"]), ("Sydney, NSW", ["Sydney,AU"], ["AU"]),
        // A state and a country: the state first, as Americans type it.
        ("Springfield, IL", ["Springfield,IL,US", "Springfield,IL"], ["US", "IL"]),
        ("springfield, il", ["springfield,il,US", "springfield,il"], ["US", "IL"]),
        ("London, CA", ["London,CA,US", "London,CA"], ["US", "CA"]),
        // Two states.
        ("Perth, WA", ["Perth,WA,US", "Perth,AU"], ["US", "AU"]), ("Darwin, NT", ["Darwin,CA", "Darwin,AU"], ["CA", "AU"]),
        // A country only.
        ("Perth, AU", ["Perth,AU"], ["AU"]), ("Paris, fr", ["Paris,fr"], ["FR"]), ("London, UK", ["London,GB"], ["GB"]),
    ])
    func twoLettersAfterANameAreReadEveryWayTheyCanBe(text: String, queries: [String], countries: [String]) {
        let search = PlaceSearch(text)
        #expect(search.readings.map(\.query) == queries)
        #expect(search.readings.map(\.country) == countries)
        #expect(search.name == String(text.prefix { $0 != "," }))
    }

    @Test func aStateReadingFiltersByItsStateAndACountryReadingKeepsEveryResult() {
        let search = PlaceSearch("Springfield, IL")
        #expect(search.readings.map(\.state) == [PlaceSearch.StateFilter(code: "IL", name: "Illinois"), nil])
        let perth = PlaceSearch("Perth, WA").readings.map(\.state?.name)
        #expect(perth == ["Washington", "Western Australia"])
    }

    @Test func searchesKeepWhatWasTypedForMessages() {
        #expect(PlaceSearch("  london ,  uk\u{1B}[0m ").typed == "london ,  uk")
        #expect(PlaceSearch("Kingston ,ON,  CA").typed == "Kingston ,ON,  CA")
    }

    @Test(arguments: [
        ("Springfield, IL, US", "IL", "Illinois"), ("Washington, dc, US", "DC", "District of Columbia"),
        ("San Juan, PR, US", "PR", "Puerto Rico"), ("London, ON, CA", "ON", "Ontario"), ("Dawson, yt, ca", "YT", "Yukon"),
        ("Perth, wa, au", "WA", "Western Australia"), ("Hobart, TAS, AU", "TAS", "Tasmania"),
    ])
    func stateAndProvinceCodesNameTheirState(text: String, code: String, name: String) {
        #expect(PlaceSearch(text).readings.map(\.state) == [PlaceSearch.StateFilter(code: code, name: name)])
    }

    @Test(arguments: ["London", "London, GB", "London, XX, CA", "London, ON, US", "Paris, TX, FR", "A, B, IL, US", "Perth, AU"])
    func otherSearchesKeepEveryResult(text: String) {
        #expect(PlaceSearch(text).readings.count == 1)
        #expect(PlaceSearch(text).readings[0].state == nil)
        let places = [
            Place(name: "London", state: "Ontario", country: "CA", latitude: 1, longitude: 2),
            Place(name: "London", latitude: 3, longitude: 4),
        ]
        #expect(PlaceSearch(text).readings[0].filter(places) == places)
    }

    @Test func theFilterMatchesTheStateByNameOrCodeWhateverTheCaseOrAccents() {
        let places = [
            Place(name: "A", state: "Québec", country: "CA", latitude: 1, longitude: 1),
            Place(name: "B", state: "quebec", country: "CA", latitude: 2, longitude: 2),
            Place(name: "C", state: "QC", country: "CA", latitude: 3, longitude: 3),
            Place(name: "D", state: "Ontario", country: "CA", latitude: 4, longitude: 4),
            Place(name: "E", country: "CA", latitude: 5, longitude: 5),
        ]
        #expect(PlaceSearch("X, QC, CA").readings[0].filter(places).map(\.name) == ["A", "B", "C"])
        #expect(PlaceSearch("X, qc, ca").readings[0].filter(places).map(\.name) == ["A", "B", "C"])
        #expect(PlaceSearch("X, QC").readings[0].filter(places).map(\.name) == ["A", "B", "C"])
    }

    @Test func theStateTablesAreComplete() {
        #expect(StateNames.unitedStates.count == 57)  // 50 states, DC and 6 territories
        #expect(StateNames.canada.count == 13)
        #expect(Set(StateNames.unitedStates.values).count == 57)
        #expect(StateNames.unitedStates.keys.allSatisfy { $0.count == 2 && $0 == $0.uppercased() })
        #expect(StateNames.canada.keys.allSatisfy { $0.count == 2 && $0 == $0.uppercased() })
        #expect(StateNames.name(code: "ca", country: "us") == "California")
        #expect(StateNames.name(code: "ON", country: "GB") == nil)
        #expect(StateNames.australia.count == 8)
        #expect(StateNames.code(name: "Western Australia", country: "au") == "WA")
    }

    @Test func countryCodesAreISOs() {
        #expect(CountryCodes.all.count == 250)  // 249 assigned and Kosovo's XK
        #expect(CountryCodes.all.allSatisfy { $0.count == 2 && $0 == $0.uppercased() })
        for code in ["il", "FR", "AU", "CA", "GB", "PT", "BR"] { #expect(CountryCodes.contains(code)) }
        for code in ["TX", "UK", "WA", "ON", "NSW", "XX"] { #expect(!CountryCodes.contains(code)) }
    }

    /// Places one per reading, for `combine`.
    static func place(_ name: String, _ state: String, _ country: String, _ at: Double) -> Place {
        Place(name: name, state: state, country: country, latitude: at, longitude: at)
    }

    @Test func aStateThatHasTheNameWinsOverACountryThatHasNot() {
        let illinois = Self.place("Springfield", "Illinois", "US", 1)
        let fuzzy = Self.place("Springfield Heights", "Haifa", "IL", 2)
        #expect(PlaceSearch("Springfield, IL").combine([[illinois], [fuzzy]]) == [illinois])
    }

    @Test func aCountryStandsWhenNoStateHasTheName() {
        let paris = Self.place("Paris", "Île-de-France", "FR", 1)
        #expect(PlaceSearch("Paris, FR").combine([[paris]]) == [paris])
        let unnamed = Self.place("Springfielder", "Haifa", "IL", 2)
        #expect(PlaceSearch("Springfield, IL").combine([[], [unnamed]]) == [unnamed])
    }

    @Test func aNameInBothIsListedTheStateFirst() {
        let california = Self.place("London", "California", "US", 1)
        let ontario = Self.place("London", "Ontario", "CA", 2)
        let fuzzy = Self.place("Londonderry", "Nova Scotia", "CA", 3)
        #expect(PlaceSearch("London, CA").combine([[california], [fuzzy, ontario, california]]) == [california, ontario, fuzzy])
    }

    @Test(arguments: ["", "   ", ",", " , , ", "\u{0}\u{7}"])
    func emptyInputIsRefused(text: String) {
        #expect(throws: WeatherError.self) { try LocationQuery.parse(text) }
    }

    @Test func overlongInputIsRefused() {
        #expect(throws: WeatherError.self) { try LocationQuery.parse(String(repeating: "a", count: 10_000)) }
    }
}
