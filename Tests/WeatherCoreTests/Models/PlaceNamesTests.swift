import Foundation
import HTTPKit
import Testing
@testable import WeatherCore

/// A place keeps names, not a name: its default and the ones known per language, saved and read back (files written
/// before read as they were), and the identity that makes a town found on the machine and by a provider one place.
struct PlaceNamesTests {
    static var london: Place {
        var place = Place(name: "London", state: "England", country: "GB", latitude: 51.5073, longitude: -0.1276)
        place.setName("Londres", in: .french)
        place.setName("Londra", state: "Inghilterra", in: .italian)
        return place
    }

    @Test func aPlaceIsNamedInTheLanguageAskedElseByItsDefault() {
        #expect(Self.london.named(in: .french).displayName == "Londres, England, GB")
        #expect(Self.london.named(in: .italian).displayName == "Londra, Inghilterra, GB")
        #expect(Self.london.named(in: .german).displayName == "London, England, GB")
    }

    @Test func namesAreSavedAndReadBack() throws {
        let saved = try JSONValue.parse(Data(JSONValue.object(["place": Self.london.json]).prettyPrinted.utf8))
        let json = try #require(saved["place"])
        let read = try #require(Place(json: json))
        #expect(read == Self.london)
    }

    @Test func aPreferencesFileWrittenBeforeNamesStillReads() throws {
        let old = Data(#"""
            {"version": 2, "lastCity": {"name": "Paris", "country": "FR", "latitude": 48.8534, "longitude": 2.3488},
             "recentCities": [{"name": "Paris", "country": "FR", "latitude": 48.8534, "longitude": 2.3488},
                              {"name": "Lyon", "state": "Auvergne-Rhône-Alpes", "country": "FR", "latitude": 45.75, "longitude": 4.85,
                               "names": {"fr": "Lyon", "it": "Lione", "xx": "?", "de": 5}}]}
            """#.utf8)
        let preferences = try Preferences(data: old)
        #expect(preferences.lastCity?.name == "Paris" && preferences.lastCity?.names == [:])
        #expect(preferences.recentCities.map(\.name) == ["Paris", "Lyon"])
        // A language not spoken here, or a value that is no name, is left out; the rest is kept.
        #expect(preferences.recentCities[1].names == [.french: "Lyon", .italian: "Lione"])
    }

    @Test func theSameTownFoundTwoWaysIsOnePlace() {
        let local = Place(name: "London", country: "GB", latitude: 51.50853, longitude: -0.12574)  // the table's
        var provider = Place(name: "Londres", state: "England", country: "GB", latitude: 51.5073219, longitude: -0.1276474)
        provider.setName("London", in: .english)
        #expect(local.isSamePlace(as: provider))  // 170 m apart, a name in common
        // Open-Meteo in French: no name in common, but at the very spot (it uses the same GeoNames point).
        #expect(local.isSamePlace(as: Place(name: "Londres", country: "GB", latitude: 51.50853, longitude: -0.12574)))
        // A town of its own a kilometre away, or a namesake across a border, is another place.
        #expect(!local.isSamePlace(as: Place(name: "Testford", country: "GB", latitude: 51.5, longitude: -0.12)))
        #expect(!local.isSamePlace(as: Place(name: "London", country: "CA", latitude: 51.50853, longitude: -0.12574)))
        // The same name 30 km away is another town.
        #expect(!local.isSamePlace(as: Place(name: "London", country: "GB", latitude: 51.77, longitude: -0.12)))
    }

    @Test func rememberingTheSameTownAgainKeepsOneEntryWithEveryName() {
        var preferences = Preferences()
        preferences.remember(Self.london)
        preferences.remember(Place(name: "London", country: "GB", latitude: 51.50853, longitude: -0.12574))
        #expect(preferences.recentCities.count == 1)
        #expect(preferences.recentCities[0].names[.french] == "Londres")  // the older entry's names kept
        #expect(preferences.recentCities[0].latitude == 51.50853)  // the newer one's coordinates
    }

    @Test func theGazetteerSaysWhenAMatchIsClear() throws {
        let gazetteer = Gazetteer()
        guard case .clear(let london) = gazetteer.answer("London") else { Issue.record("London is clear"); return }
        #expect(london.first?.country == "GB" && london.count > 1)  // the others kept for :pick
        guard case .ambiguous(let springfields) = gazetteer.answer("Springfield") else { Issue.record("ambiguous"); return }
        #expect(springfields.count > 5 && springfields[0].state == "Missouri")
        guard case .clear(let one) = gazetteer.answer("Springfield, IL") else { Issue.record("one in Illinois"); return }
        #expect(one.map(\.state) == ["Illinois"])
        #expect(gazetteer.answer("Testford") == .unknown)
        #expect(gazetteer.naming(latitude: 51.509, longitude: -0.126)?.name == "London")
        #expect(gazetteer.naming(latitude: 30, longitude: -40) == nil)  // mid-Atlantic: farther than 10 km from any
    }
}
