import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct WMOCodesTests {
    /// Every code Open-Meteo documents for `weather_code`, with the group its art and colour come from.
    static let documented: [(wmo: Int, group: ConditionGroup)] = [
        (0, .clear), (1, .fewClouds), (2, .clouds), (3, .overcast), (45, .mist), (48, .mist),
        (51, .drizzle), (53, .drizzle), (55, .drizzle), (56, .freezingRain), (57, .freezingRain),
        (61, .rain), (63, .rain), (65, .rain), (66, .freezingRain), (67, .freezingRain),
        (71, .snow), (73, .snow), (75, .snow), (77, .snow), (80, .showers), (81, .showers), (82, .showers),
        (85, .snow), (86, .snow), (95, .thunderstorm), (96, .thunderstorm), (99, .thunderstorm),
    ]

    @Test(arguments: documented)
    func everyDocumentedCodeHasAGroupAndADescription(wmo: Int, group: ConditionGroup) {
        let condition = WMOCodes.condition(wmo, isNight: false)
        #expect(condition.group == group)
        #expect(!condition.description.isEmpty && condition.description != "unknown")
        #expect(!condition.main.isEmpty)
    }

    @Test func theTableHoldsExactlyTheDocumentedCodes() {
        #expect(WMOCodes.table.keys.sorted() == Self.documented.map(\.wmo))
    }

    @Test func intensitiesKeepTheirWordsAndOpenWeatherCodes() {
        #expect(WMOCodes.condition(61, isNight: false).code == 500)
        #expect(WMOCodes.condition(65, isNight: false).description == "heavy rain")
        #expect(WMOCodes.condition(99, isNight: false).description == "thunderstorm with heavy hail")
        #expect(WMOCodes.condition(45, isNight: false).main == "Fog")
    }

    @Test func isDayZeroIsNight() {
        #expect(WMOCodes.condition(0, isNight: true).isNight)
        #expect(!WMOCodes.condition(0, isNight: false).isNight)
    }

    @Test(arguments: [4, 100, -1, nil] as [Int?])
    func anUndocumentedOrMissingCodeIsUnknown(wmo: Int?) {
        let condition = WMOCodes.condition(wmo, isNight: true)
        #expect(condition.code == 0)
        #expect(condition.group == .unknown)
        #expect(condition.description == "unknown")
        #expect(condition.isNight)
    }
}
