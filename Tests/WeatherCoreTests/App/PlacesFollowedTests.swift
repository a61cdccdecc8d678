import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore

/// `:places` and `:forget` in the app model: the home and the recent cities listed, numbered, with their weather; a
/// number opens one; `:forget` takes one off the recent list (and Tab's names), and says why it cannot.
@MainActor
struct PlacesFollowedTests {
    static let paris = Place(name: "Paris", state: "Île-de-France", country: "FR", latitude: 48.8534, longitude: 2.3488)

    /// A harness whose recent cities are Testford then London (most recent first) and whose home is Paris.
    static func followingThree() async -> WeatherAppTests.Harness {
        var preferences = Preferences()
        preferences.home = paris
        let h = WeatherAppTests.harness(preferences: preferences)
        await h.app.run(.search("London"))
        await h.app.run(.search("Testford"))
        h.events.clear()
        return h
    }

    static func places(_ events: [AppEvent]) -> PlacesDisplay? {
        events.lazy.compactMap { if case .places(let d) = $0 { d } else { nil } }.last
    }

    @Test func theListIsTheHomeThenTheRecentCitiesEachWithItsWeather() async throws {
        let h = await Self.followingThree()
        defer { h.folder.remove() }
        await h.app.run(.places)
        let d = try #require(Self.places(h.events.shown))
        #expect(d.rows.map(\.place.name) == ["Paris", "Testford", "London"])
        #expect(d.rows.map(\.number) == [1, 2, 3])
        #expect(d.rows.map(\.isHome) == [true, false, false])
        #expect(d.rows.allSatisfy { $0.weather != nil && $0.localTime != nil })
        #expect(h.app.screen == .places)
    }

    @Test func aNumberUnderTheListOpensThatPlaceWithNoGeocoding() async {
        let h = await Self.followingThree()
        defer { h.folder.remove() }
        await h.app.run(.places)
        let requests = h.provider.requests.count
        h.events.clear()
        #expect(await h.app.handle("3"))
        #expect(h.app.place == WeatherAppTests.londonGB)
        #expect(h.app.screen == .current)
        #expect(h.provider.requests.dropFirst(requests) == ["report London"])
    }

    @Test func forgetByNumberTakesThePlaceOffTheRecentListAndTheListShown() async throws {
        let h = await Self.followingThree()
        defer { h.folder.remove() }
        await h.app.run(.places)
        let requests = h.provider.requests.count
        h.events.clear()
        await h.app.run(.forget("2"))
        #expect(h.events.shown.first == .forgotten(WeatherAppTests.testford))
        let d = try #require(Self.places(h.events.shown))
        #expect(d.rows.map(\.place.name) == ["Paris", "London"])
        #expect(d.rows.map(\.number) == [1, 2])
        #expect(h.provider.requests.count == requests)  // drawn again from what it holds
        #expect(!h.app.completionCities.contains(WeatherAppTests.testford.displayName))
        let saved = try Preferences(data: Data(contentsOf: h.preferencesFile))
        #expect(saved.recentCities.map(\.name) == ["London"])
        // The numbers follow the list as drawn now: 2 is London.
        await h.app.run(.forget("2"))
        #expect(h.events.shown.contains(.forgotten(WeatherAppTests.londonGB)))
    }

    @Test func forgetByNameFindsAPlaceFollowed() async throws {
        let h = await Self.followingThree()
        defer { h.folder.remove() }
        await h.app.run(.forget("london"))
        #expect(h.events.shown == [.forgotten(WeatherAppTests.londonGB)])
        #expect(h.app.preferences.recentCities.map(\.name) == ["Testford"])
    }

    @Test func forgetSaysWhyItCannot() async {
        let h = await Self.followingThree()
        defer { h.folder.remove() }
        await h.app.run(.places)
        h.events.clear()
        await h.app.run(.forget("9"))
        await h.app.run(.forget("Atlantis"))
        await h.app.run(.forget("1"))  // Paris, the home
        #expect(h.events.shown == [
            .failed(.invalidInput(Phrase("error.forget.range", ["count": "3"]))),
            .failed(.invalidInput(Phrase("error.forget.unknown", ["name": "Atlantis"]))),
            .failed(.invalidInput(Phrase("error.forget.home", ["name": Self.paris.displayName]))),
        ])
        #expect(h.app.preferences.recentCities.count == 2)
    }

    /// `:map` shows the same places (its own view model, its own event), numbered as the list, and a number opens one.
    @Test func theMapShowsThePlacesFollowedAndItsNumbersOpenThem() async throws {
        let h = await Self.followingThree()
        defer { h.folder.remove() }
        await h.app.run(.map)
        guard case .map(let d) = h.events.shown.last else { Issue.record("no map: \(h.events.shown)"); return }
        #expect(d.rows.map(\.place.name) == ["Paris", "Testford", "London"])
        #expect(h.app.screen == .map)
        await h.app.run(.forget("London"))
        guard case .map(let after) = h.events.shown.last else { Issue.record("not drawn again: \(h.events.shown)"); return }
        #expect(after.rows.map(\.place.name) == ["Paris", "Testford"])
        #expect(await h.app.handle("2"))
        #expect(h.app.place == WeatherAppTests.testford)
    }

    @Test func noPlaceFollowedListsNothingAndAsksNothing() async throws {
        let h = WeatherAppTests.harness()
        defer { h.folder.remove() }
        await h.app.run(.places)
        let d = try #require(Self.places(h.events.shown))
        #expect(d.rows.isEmpty)
        #expect(h.provider.requests.isEmpty)
        await h.app.run(.forget("1"))
        #expect(h.events.shown.last == .failed(.invalidInput(Phrase("error.forget.none", ["count": "0"]))))
    }

    @Test func parsing() throws {
        #expect(try Command.parse(":places") == .places)
        #expect(try Command.parse(":map") == .map)
        #expect(try Command.parse(":forget 2") == .forget("2"))
        #expect(try Command.parse(":forget  São Paulo, BR ") == .forget("São Paulo, BR"))
        #expect(throws: WeatherError.invalidInput(Phrase("error.forget.usage"))) { try Command.parse(":forget") }
        #expect(throws: WeatherError.self) { try Command.parse(":places 2") }
    }
}
