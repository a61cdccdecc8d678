import Testing
@testable import WeatherCore

struct UnitFormattingTests {
    @Test(arguments: [(-0.4, "0°C"), (-0.08, "0°C"), (-0.5, "-1°C"), (0.5, "1°C"), (12.49, "12°C"), (-12.5, "-13°C")])
    func roundingNeverShowsMinusZero(celsius: Double, expected: String) {
        #expect(UnitFormatting.temperature(celsius: celsius, .metric) == expected)
    }

    @Test func temperatureConversions() {
        #expect(UnitFormatting.temperature(celsius: 0, .imperial) == "32°F")
        #expect(UnitFormatting.temperature(celsius: -40, .imperial) == "-40°F")
        #expect(UnitFormatting.temperature(celsius: -17.9, .imperial) == "0°F")  // -0.22 °F
        #expect(UnitFormatting.temperature(celsius: 20, .standard) == "293 K")
    }

    @Test func windSpeedPerUnitSystem() {
        #expect(UnitFormatting.speed(metresPerSecond: 10, .metric) == "36 km/h")
        #expect(UnitFormatting.speed(metresPerSecond: 10, .imperial) == "22 mph")
        #expect(UnitFormatting.speed(metresPerSecond: 10, .standard) == "10 m/s")
    }

    @Test func pressureVisibilityAndPrecipitation() {
        #expect(UnitFormatting.pressure(hectopascals: 1013.25, .metric) == "1013 hPa")
        #expect(UnitFormatting.pressure(hectopascals: 1013.25, .imperial) == "29.92 inHg")
        #expect(UnitFormatting.distance(metres: 10_000, .metric) == "10 km")
        #expect(UnitFormatting.distance(metres: 16_093, .imperial) == "10 mi")
        #expect(UnitFormatting.distance(metres: 2_500, .metric) == "2.5 km")
        #expect(UnitFormatting.precipitation(millimetres: 1.25, .metric) == "1.3 mm")
        #expect(UnitFormatting.precipitation(millimetres: 25.4, .imperial) == "1 in")
        #expect(UnitFormatting.precipitation(millimetres: 2.54, .imperial) == "0.1 in")
        #expect(UnitFormatting.precipitation(millimetres: 2.3, .imperial) == "0.09 in")
        #expect(UnitFormatting.precipitation(millimetres: 0.1, .imperial) == "<0.01 in")  // never "0.00 in"
        #expect(UnitFormatting.precipitation(millimetres: 0.02, .metric) == "<0.1 mm")
        #expect(UnitFormatting.precipitation(millimetres: 2.0, .metric) == "2 mm")
        #expect(UnitFormatting.precipitation(millimetres: 0, .metric) == "0 mm")
        #expect(UnitFormatting.percent(fraction: 0.456) == "46%")
        #expect(UnitFormatting.percent(fraction: 1.2) == "100%")
    }

    @Test(arguments: [
        (0.0, "N"), (11.24, "N"), (11.25, "NNE"), (45, "NE"), (90, "E"), (180, "S"), (236, "SW"), (348.74, "NNW"),
        (348.75, "N"), (359, "N"), (360, "N"), (-22.5, "NNW"), (720, "N"),
    ])
    func sixteenPointCompass(degrees: Double, expected: String) {
        #expect(CompassDirection.cardinal(degrees: degrees) == expected)
    }

    @Test func windArrowsPointLikeTheirCompassName() {
        // The arrow shows where the air goes: wind from the south blows north.
        #expect(CompassDirection.arrow(windFrom: 180) == "↑")
        #expect(CompassDirection.arrow(windFrom: 0) == "↓")
        #expect(CompassDirection.arrow(windFrom: 45) == "↙")
        #expect(CompassDirection.arrow(windFrom: 270) == "→")
        #expect(CompassDirection.cardinal(degrees: 180) == "S")
    }
}
