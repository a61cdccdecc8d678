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
        ("Paris", "Paris"), ("  Paris ,  FR ", "Paris,FR"), ("Springfield, IL, US", "Springfield,IL,US"),
        ("São  Paulo", "São Paulo"), ("New York", "New York"), ("1e5, 3", "1e5,3"), ("nan, 0", "nan,0"),
        ("London&appid=x#frag", "London&appid=x#frag"), ("../../etc/passwd", "../../etc/passwd"),
        ("Lon\u{1B}[31mdon", "London"), ("Lon\u{1B}]0;title\u{7}don", "London"), ("Lo\u{0}n\u{202E}don", "London"),
    ])
    func names(text: String, expected: String) throws {
        #expect(try LocationQuery.parse(text) == .name(expected))
    }

    @Test(arguments: ["", "   ", ",", " , , ", "\u{0}\u{7}"])
    func emptyInputIsRefused(text: String) {
        #expect(throws: WeatherError.self) { try LocationQuery.parse(text) }
    }

    @Test func overlongInputIsRefused() {
        #expect(throws: WeatherError.self) { try LocationQuery.parse(String(repeating: "a", count: 10_000)) }
    }
}
