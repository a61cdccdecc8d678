import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Places of the same name: the one picked last is the one the bare name means, in this session and the next (read
/// back from the preferences file), at the prompt and in `:compare`; completion offers each with its region. Real
/// providers against a loopback server searching a gazetteer with four Springfields.
@MainActor
struct PickedPlaceTests {
    @MainActor
    final class Session {
        let app: WeatherApp
        var events: [AppEvent] = []

        init(_ provider: ProviderID, server: LoopbackServer, preferencesFile: URL) {
            let (store, loaded) = PreferencesStore.open(at: preferencesFile)
            let factory = ProviderFactory(
                openWeather: WeatherConfiguration(apiKey: provider == .openWeather ? "k" : nil, baseURL: server.baseURL, timeout: 30),
                environment: ["OPENMETEO_BASE_URL": server.baseURL, "METNO_BASE_URL": server.baseURL],
                transport: SocketTransport(), cache: ResponseCache(directory: nil))
            app = WeatherApp(
                preferences: loaded.preferences, store: store, offline: false, providers: .standard, provider: provider,
                defaultProvider: factory.defaultProvider, failover: false, makeService: factory.service(for:))
            app.onEvent = { [unowned self] in events.append($0) }
        }

        /// The place the last current view named.
        var shown: String? {
            events.reversed().lazy.compactMap { if case .current(let display) = $0 { display.place } else { nil } }.first
        }

        /// The matches listed last.
        var listed: [String] {
            events.reversed().lazy.compactMap { if case .matches(let places, _) = $0 { places.map(\.displayName) } else { nil } }
                .first ?? []
        }

        var compared: (String, String)? {
            events.reversed().lazy.compactMap { if case .compare(let a, let b) = $0 { (a.place, b.place) } else { nil } }.first
        }
    }

    static let illinois = "Springfield, Illinois, US"
    static let missouri = "Springfield, Missouri, US"

    @Test(arguments: [ProviderID.openMeteo, .openWeather, .metNorway])
    func theSpringfieldPickedLastIsTheOneItsNameMeans(provider: ProviderID) async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let server = try FakeGazetteer.start()
        defer { server.stop() }
        let file = folder.path("preferences.json")

        let first = Session(provider, server: server, preferencesFile: file)
        _ = await first.app.handle("Springfield")
        #expect(first.shown == Self.missouri)  // the largest
        let number = try #require(first.listed.firstIndex(of: Self.illinois)) + 1
        _ = await first.app.handle(":pick \(number)")
        #expect(first.shown == Self.illinois)
        let searches = server.requests.filter { ["/geo/1.0/direct", "/v1/search"].contains($0.path) }.count
        _ = await first.app.handle("Springfield")
        #expect(first.shown == Self.illinois)
        #expect(server.requests.filter { ["/geo/1.0/direct", "/v1/search"].contains($0.path) }.count == searches)

        // A new session reads the file: the bare name still means Illinois, alone and in a comparison.
        let second = Session(provider, server: server, preferencesFile: file)
        _ = await second.app.handle("Springfield")
        #expect(second.shown == Self.illinois)
        _ = await second.app.handle(":compare Springfield; Lisbon")
        #expect(second.compared?.0 == Self.illinois)
        #expect(second.compared?.1 == "Lisbon, PT")

        // Both stay a Tab away, each with its region.
        #expect(Array(second.app.completionCities.prefix(2)) == [Self.illinois, Self.missouri])
        #expect(CompletionMatcher.complete("spring", cities: second.app.completionCities)
            == .choices(common: "Springfield, ", options: [Self.illinois, Self.missouri]))
        #expect(CompletionMatcher.complete(":compare Lisbon; Springfield, M", cities: second.app.completionCities)
            == .replace(":compare Lisbon; " + Self.missouri))

        // Named in full, Missouri is shown, and from then on the bare name means it.
        _ = await second.app.handle(Self.missouri)
        #expect(second.shown == Self.missouri)
        _ = await second.app.handle("springfield")
        #expect(second.shown == Self.missouri)
    }

    @Test func thePreferencesHoldTheWholePlace() throws {
        var preferences = Preferences()
        let place = Place(
            name: "Springfield", state: "Illinois", country: "US", latitude: 39.799, longitude: -89.644, timeZone: "America/Chicago")
        preferences.remember(place)
        let read = try Preferences(data: preferences.data)
        #expect(read.recentCities == [place])
        #expect(read.lastCity == place)
    }
}
