import Foundation
import Synchronization
import Testing
import WeatherCoreTesting
@testable import WeatherCore
@testable import WeatherProviders

/// Where the app starts and what `:home`, `:here` and `:locate` show: the last city before the home, the home before
/// the guess from the time zone, and the IP geolocation service asked only by `:locate`.
@MainActor
struct WhereaboutsTests {
    static let lisbon = Place(name: "Lisbon", country: "PT", latitude: 38.7167, longitude: -9.1333, timeZone: "Europe/Lisbon")
    static let porto = Place(name: "Porto", state: "Porto", country: "PT", latitude: 41.1496, longitude: -8.611, timeZone: "Europe/Lisbon")
    static let testford = TestData.place

    /// A locator in memory that counts its calls.
    final class CountingLocator: PlaceLocating {
        let calls = Atomic<Int>(0)
        let answer: Result<Place, WeatherError>
        init(_ answer: Result<Place, WeatherError>) { self.answer = answer }
        var serviceName: String { "ipinfo.test" }
        func locate() async throws -> Place {
            calls.add(1, ordering: .relaxed)
            return try answer.get()
        }
    }

    @MainActor
    final class EventLog {
        var all: [AppEvent] = []
    }

    @MainActor
    struct Harness {
        let app: WeatherApp
        let provider: FakeProvider
        let folder: TemporaryFolder
        let locator: CountingLocator
        let log: EventLog
        var events: [AppEvent] { log.all }
        var shown: [AppEvent] { events.filter { if case .loading = $0 { false } else { true } } }
        var preferencesFile: URL { folder.path("preferences.json") }
    }

    static func harness(
        preferences: Preferences = Preferences(), zone: String? = "Europe/Lisbon",
        locator: Result<Place, WeatherError> = .success(porto)
    ) -> Harness {
        let folder = TemporaryFolder()
        let provider = FakeProvider(places: ["testford": [testford], "lisbon": [lisbon]])
        let store = PreferencesStore.open(at: folder.path("preferences.json")).0
        let app = WeatherApp(
            preferences: preferences, store: store, offline: false, providers: .standard,
            now: { Date(timeIntervalSince1970: 1_699_918_300) }, makeService: { _ in provider })
        let counting = CountingLocator(locator)
        // The guess is made by the real code from the zone given (zone1970.tab and the built-in gazetteer).
        app.whereabouts = Whereabouts(zone: zone, locator: counting) { PlaceGuess.guess(zone: $0, files: ZoneFiles(directory: "/usr/share/zoneinfo")) }
        let log = EventLog()
        app.onEvent = { log.all.append($0) }
        let h = Harness(app: app, provider: provider, folder: folder, locator: counting, log: log)
        return h
    }

    static func shownPlace(_ events: [AppEvent]) -> String? {
        for event in events { if case .current(let display) = event { return display.place } }
        return nil
    }

    @Test func theLastCityComesFirst() async {
        var preferences = Preferences()
        preferences.remember(Self.testford)
        preferences.home = Self.porto
        let h = Self.harness(preferences: preferences)
        defer { h.folder.remove() }
        await h.app.resume()
        #expect(Self.shownPlace(h.shown) == Self.testford.displayName)
        #expect(!h.shown.contains { if case .guessed = $0 { true } else { false } })
        #expect(h.provider.requests == ["report Testford"])
    }

    @Test func withNoLastCityTheHomeComesBeforeTheGuess() async {
        var preferences = Preferences()
        preferences.home = Self.porto
        let h = Self.harness(preferences: preferences)
        defer { h.folder.remove() }
        await h.app.resume()
        #expect(Self.shownPlace(h.shown) == "Porto, PT")
        #expect(!h.shown.contains { if case .guessed = $0 { true } else { false } })
        #expect(h.app.place == Self.porto)
    }

    @Test func withNeitherTheGuessIsShownAndSaidToBeOne() async throws {
        let h = Self.harness()
        defer { h.folder.remove() }
        await h.app.resume()
        guard case .guessed(let guess) = h.shown.first else { Issue.record("no guess: \(h.shown)"); return }
        #expect(guess.zone == "Europe/Lisbon" && guess.place.name == "Lisbon" && guess.place.country == "PT")
        #expect(Self.shownPlace(h.shown) == "Lisbon, PT")
        #expect(h.app.place?.name == "Lisbon")
        // A guess is not remembered: the next launch guesses again, until a city is typed.
        #expect(!FileManager.default.fileExists(atPath: h.preferencesFile.path))
    }

    /// Offline, the samples are a few cities: no guess, rather than "no sample data for Lisbon".
    @Test func offlineGuessesNothing() async {
        let h = Self.harness()
        defer { h.folder.remove() }
        await h.app.run(.offline(true))
        await h.app.resume()
        #expect(!h.events.contains { if case .guessed = $0 { true } else { false } })
        #expect(h.app.place == nil)
    }

    @Test func aZoneNamingNoPlaceGivesNoGuess() async {
        let h = Self.harness(zone: "Etc/UTC")
        defer { h.folder.remove() }
        await h.app.resume()
        #expect(h.events.isEmpty)
        #expect(h.app.place == nil)
        #expect(h.provider.requests.isEmpty)
    }

    @Test func homeIsSavedShownAndPreferredByHere() async throws {
        let h = Self.harness()
        defer { h.folder.remove() }
        #expect(await h.app.handle(":home"))
        #expect(h.shown.last == .home(nil, saved: false))
        #expect(await h.app.handle(":home lisbon"))
        #expect(h.shown.last == .home(Self.lisbon, saved: true))
        #expect(try Preferences(data: Data(contentsOf: h.preferencesFile)).home == Self.lisbon)
        #expect(await h.app.handle("Testford"))
        #expect(await h.app.handle(":here"))
        #expect(Self.shownPlace(h.shown.reversed()) == "Lisbon, PT")
        #expect(!h.shown.contains { if case .guessed = $0 { true } else { false } })
    }

    @Test func anUnknownHomeIsTheUsualNotFoundAndChangesNothing() async throws {
        var preferences = Preferences()
        preferences.home = Self.porto
        let h = Self.harness(preferences: preferences)
        defer { h.folder.remove() }
        #expect(await h.app.handle(":home Atlantis"))
        #expect(h.shown.contains(.failed(.placeNotFound("Atlantis"))))
        #expect(!h.shown.contains { if case .home = $0 { true } else { false } })
        #expect(h.app.preferences.home == Self.porto)
    }

    @Test func hereWithoutAHomeIsTheGuessElseAClearLine() async {
        let guessing = Self.harness()
        defer { guessing.folder.remove() }
        await guessing.app.run(.here)
        #expect(guessing.shown.contains { if case .guessed = $0 { true } else { false } })
        #expect(Self.shownPlace(guessing.shown) == "Lisbon, PT")

        let utc = Self.harness(zone: "UTC")
        defer { utc.folder.remove() }
        await utc.app.run(.here)
        guard case .failed(.invalidInput(let phrase)) = utc.shown.first else { Issue.record("\(utc.shown)"); return }
        #expect(phrase.key == "error.here.none")
        #expect(utc.provider.requests.isEmpty)
    }

    @Test func theLocatorIsAskedOnlyByLocate() async throws {
        let h = Self.harness()
        defer { h.folder.remove() }
        await h.app.resume()
        for line in ["Testford", ":here", ":home", ":recent", ":hourly", ":help"] { #expect(await h.app.handle(line)) }
        #expect(h.locator.calls.load(ordering: .relaxed) == 0)
        #expect(await h.app.handle(":locate"))
        #expect(h.locator.calls.load(ordering: .relaxed) == 1)
        #expect(h.shown.contains(.located(Self.porto, service: "ipinfo.test")))
        #expect(Self.shownPlace(h.shown.reversed()) == "Porto, PT")
        // A place like any other: the last city, a recent one.
        let saved = try Preferences(data: Data(contentsOf: h.preferencesFile))
        #expect(saved.lastCity == Self.porto && saved.recentCities.first == Self.porto)
    }

    @Test func aFailedLocateSaysWhyAndShowsNothing() async {
        let h = Self.harness(locator: .failure(.serverError(status: 503)))
        defer { h.folder.remove() }
        await h.app.run(.locate)
        #expect(h.shown == [.locateFailed(.serverError(status: 503), service: "ipinfo.test")])
        #expect(h.provider.requests.isEmpty)
    }

    @Test func commands() throws {
        #expect(try Command.parse(":home") == .home(nil))
        #expect(try Command.parse(":home  Springfield, IL ") == .home("Springfield, IL"))
        #expect(try Command.parse(":HERE") == .here)
        #expect(try Command.parse(":locate") == .locate)
        #expect(try Command.parse(":lo") == .locate && Command.parse(":her") == .here && Command.parse(":hom X") == .home("X"))
        // The short forms of before stay theirs.
        #expect(try Command.parse(":ho 2") == .hourly(2) && Command.parse(":he") == .help && Command.parse(":l") == .language(nil))
        #expect(throws: WeatherError.self) { try Command.parse(":locate me") }
        #expect(throws: WeatherError.self) { try Command.parse(":here now") }
    }
}
