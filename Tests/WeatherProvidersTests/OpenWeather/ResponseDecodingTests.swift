import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct ResponseDecodingTests {
    @Test func currentWeatherWithRainGustsAndExtraConditions() throws {
        let (current, offset) = try ResponseDecoding.current(Fixtures.data("current_testford.json"))
        #expect(offset == 0)
        #expect(current.condition.code == 501)  // the first weather entry is the primary one
        #expect(current.condition.description == "moderate rain")
        #expect(current.condition.isNight)
        #expect(current.temperature == 7.46)
        #expect(current.windGust == 11.3)
        #expect(current.windDegrees == 236)
        #expect(current.visibility == 16093)  // above the documented 10 km maximum, kept
        #expect(current.rain == Precipitation(millimetres: 0.82, hours: 1))
        #expect(current.snow == nil)
        #expect(current.sunrise == Date(timeIntervalSince1970: 1_699_946_000))
    }

    @Test func currentWeatherWithMissingOptionalsStringCodUnknownFieldsAndHumidityOver100() throws {
        let (current, offset) = try ResponseDecoding.current(Fixtures.data("current_minimal.json"))
        #expect(offset == 3600)
        #expect(current.humidity == 100)
        #expect(current.visibility == nil)
        #expect(current.windDegrees == nil)
        #expect(current.windGust == nil)
        #expect(current.rain == nil)
        #expect(current.temperature == -0.08)
    }

    @Test func snowOverThreeHours() throws {
        let (current, offset) = try ResponseDecoding.current(Fixtures.data("current_snow_3h.json"))
        #expect(current.snow == Precipitation(millimetres: 1.6, hours: 3))
        #expect(current.sunrise == nil)
        #expect(offset == -12600)
    }

    @Test func fortySlotForecastWithIntegerAndFloatPop() throws {
        let (slots, offset) = try ResponseDecoding.forecast(Fixtures.data("forecast_testford.json"))
        #expect(slots.count == 40)
        #expect(offset == 0)
        #expect(slots.map(\.time) == slots.map(\.time).sorted())
        #expect(slots[5].precipitationProbability == 1)  // "pop": 1
        #expect(slots[3].precipitationProbability == 0)  // "pop": 0
        #expect(slots[2].precipitationProbability == 0.2)  // "pop": 0.2
        #expect(slots[8].humidity == 100)  // 101 clamped (the 8th entry's: the instant at the start of the 9th slot)
        #expect(slots[4].precipitation == 1.25)
        #expect(slots[4].isSnow == false)
        #expect(slots[30].isSnow)
        #expect(slots[0].precipitation == 0)  // a dry step has no rain or snow field: nothing falls
    }

    @Test func forecastWithEmptyCity() throws {
        let (slots, offset) = try ResponseDecoding.forecast(Fixtures.data("forecast_empty_city.json"))
        #expect(slots.count == 2)
        #expect(offset == 0)
        #expect(slots[0].condition.group == .snow)
        #expect(slots[0].windDegrees == nil)  // the first entry has no direction; the first slot is its own
        #expect(slots[1].windSpeed == 3.3)  // a slot's wind is the one at its start: the entry before its own
    }

    @Test func geocodingKeepsEveryDistinctMatch() throws {
        let places = try ResponseDecoding.places(Fixtures.data("geo_london.json"))
        #expect(places.map(\.country) == ["GB", "CA", "US"])  // the duplicate Ohio entry is dropped
        #expect(places[0].displayName == "London, England, GB")
        #expect(places[2].displayName == "London, OH, US")
        #expect(try ResponseDecoding.places(Data("[]".utf8)).isEmpty)
    }

    @Test(arguments: [
        ("{\"main\": ", "detail.notJSON"),
        ("<html>oops</html>", "detail.notJSON"),
        ("{\"list\": 5}", "detail.unexpectedShape"),
        ("[1, 2]", "detail.unexpectedShape"),
        ("", "detail.empty"),
    ])
    func unreadableBodiesAreBadResponses(body: String, detail: String) {
        #expect(throws: WeatherError.badResponse(Phrase(detail))) { try ResponseDecoding.forecast(Data(body.utf8)) }
    }

    @Test func errorBodiesWithIntegerOrStringCod() throws {
        let unauthorized = try JSONValue.parse(Fixtures.data("error_401.json"))
        #expect(unauthorized["cod"]?.text == "401")
        let notFound = try JSONValue.parse(Fixtures.data("error_404.json"))
        #expect(notFound["cod"]?.text == "404")
        #expect(ResponseDecoding.errorMessage(Fixtures.data("error_404.json")) == "city not found")
    }

    @Test func placesAreNamedInTheLanguageAskedWhereOpenWeatherHasIt() throws {
        let json = Data(#"""
            [{"name":"Munich","local_names":{"de":"München","it":"Monaco di Baviera","pt":"Munique","fr":"","en":"Munich (en)"},
              "lat":48.1371,"lon":11.5754,"country":"DE","state":"Bavaria"},
             {"name":"Testford","lat":51.5,"lon":-0.12,"country":"GB"}]
            """#.utf8)
        #expect(try ResponseDecoding.places(json, language: "de").map(\.name) == ["München", "Testford"])
        #expect(try ResponseDecoding.places(json, language: "it").first?.name == "Monaco di Baviera")
        #expect(try ResponseDecoding.places(json, language: "pt_br").first?.name == "Munique")  // local_names says "pt"
        #expect(try ResponseDecoding.places(json, language: "fr").first?.name == "Munich")  // empty: the default name
        #expect(try ResponseDecoding.places(json, language: "es").first?.name == "Munich")  // none
        #expect(try ResponseDecoding.places(json).first?.name == "Munich")  // English: the default name
        // Every language's name is kept, to name the place in another one later; none for an empty one.
        let munich = try #require(try ResponseDecoding.places(json, language: "de").first)
        #expect(munich.names == [.german: "München", .italian: "Monaco di Baviera", .portuguese: "Munique", .english: "Munich (en)"])
        #expect(munich.named(in: .portuguese).name == "Munique" && munich.named(in: .french).name == "München")
        #expect(try ResponseDecoding.places(json).first?.names[.english] == "Munich")  // asked in English: its own name
    }

    /// Every condition code OpenWeather documents is keyed and worded by this project in each language (so its answers
    /// are asked for with no `lang` and redraw in any language from the cache); an undocumented code keeps
    /// OpenWeather's own words.
    @Test func everyDocumentedConditionIsWordedHereAndAnUnknownOneKeepsItsWords() throws {
        let documented = [
            200, 201, 202, 210, 211, 212, 221, 230, 231, 232, 300, 301, 302, 310, 311, 312, 313, 314, 321, 500, 501, 502,
            503, 504, 511, 520, 521, 522, 531, 600, 601, 602, 611, 612, 613, 615, 616, 620, 621, 622, 701, 711, 721, 731,
            741, 751, 761, 762, 771, 781, 800, 801, 802, 803, 804,
        ]
        for code in documented {
            let entry = try JSONValue.parse(Data(#"[{"id":\#(code),"main":"X","description":"its own words","icon":"01d"}]"#.utf8))
            let condition = try ResponseDecoding.condition(entry)
            #expect(condition.key == "owm.\(code)")
            for language in Language.allCases {
                #expect(Strings.table(language)["owm.\(code)"]?.isEmpty == false, "owm.\(code) in \(language.code)")
            }
        }
        let unknown = try ResponseDecoding.condition(JSONValue.parse(Data(#"[{"id":599,"main":"Rain","description":"odd rain"}]"#.utf8)))
        #expect(unknown.key == nil)
        #expect(unknown.description(Strings(.french)) == "odd rain")
        let known = try ResponseDecoding.condition(JSONValue.parse(Data(#"[{"id":501,"main":"Rain","description":"moderate rain"}]"#.utf8)))
        #expect(known.description(Strings(.french)) == "pluie modérée" && known.description(Strings(.english)) == "moderate rain")
    }
}
