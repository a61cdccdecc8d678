import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// Every provider's geocoding reads a typed place alike: OpenWeather's, Open-Meteo's, and MET Norway's (which uses
/// Open-Meteo's without a key and OpenWeather's with one), each against a loopback server that searches the same
/// gazetteer as the real one would (`FakeGazetteer`).
struct PlaceReadingsTests {
    /// A name for each geocoder a provider uses, and a way to build it over `server`.
    static let geocoders: [String] = ["openweather", "open-meteo", "met.no", "met.no+key"]

    static func service(_ geocoder: String, _ server: LoopbackServer, language: Language = .english) -> any WeatherProviding {
        let keyed = geocoder == "openweather" || geocoder == "met.no+key"
        let factory = ProviderFactory(
            openWeather: WeatherConfiguration(apiKey: keyed ? "k" : nil, baseURL: server.baseURL, timeout: 30),
            environment: ["OPENMETEO_BASE_URL": server.baseURL, "METNO_BASE_URL": server.baseURL],
            transport: SocketTransport(), cache: ResponseCache(directory: nil))
        switch geocoder {
        case "openweather": return factory.service(.openWeather, language: language)
        case "open-meteo": return factory.service(.openMeteo, language: language)
        default: return factory.service(.metNorway, language: language)
        }
    }

    static func found(_ typed: String, _ geocoder: String) async throws -> [String] {
        let server = try FakeGazetteer.start()
        defer { server.stop() }
        return try await service(geocoder, server).places(matching: LocationQuery.parse(typed)).map(\.displayName)
    }

    @Test(arguments: geocoders)
    func twoLettersAfterACityAreAStateWhereTheNameIsThere(geocoder: String) async throws {
        // IL is Israel too, and TX no country: neither has the name.
        #expect(try await Self.found("Springfield, IL", geocoder) == ["Springfield, Illinois, US"])
        #expect(try await Self.found("springfield, il", geocoder) == ["Springfield, Illinois, US"])
        #expect(try await Self.found("Paris, TX", geocoder) == ["Paris, Texas, US"])
        #expect(try await Self.found("London, ON", geocoder) == ["London, Ontario, CA"])
        // WA is Washington and Western Australia: only the second has a Perth.
        #expect(try await Self.found("Perth, WA", geocoder) == ["Perth, Western Australia, AU"])
    }

    @Test(arguments: geocoders)
    func aCountryStaysACountryElsewhere(geocoder: String) async throws {
        #expect(try await Self.found("Paris, FR", geocoder) == ["Paris, Île-de-France, FR"])
        #expect(try await Self.found("Perth, AU", geocoder) == ["Perth, Western Australia, AU", "Perth, Tasmania, AU"])
        #expect(try await Self.found("Perth, GB", geocoder) == ["Perth, Scotland, GB"])
        #expect(try await Self.found("Perth, WA, AU", geocoder) == ["Perth, Western Australia, AU"])
    }

    @Test(arguments: geocoders)
    func aNameInTheStateAndTheCountryIsListedTheStateFirst(geocoder: String) async throws {
        // CA is California and Canada, and each has a London.
        #expect(try await Self.found("London, CA", geocoder) == ["London, California, US", "London, Ontario, CA"])
    }

    @Test(arguments: geocoders)
    func aStateWithoutTheNameIsNotFound(geocoder: String) async throws {
        await #expect(throws: WeatherError.placeNotFound("Springfield, TX")) { try await Self.found("Springfield, TX", geocoder) }
    }

    @Test func eachReadingIsOneSearchAndTheCacheAnswersAgain() async throws {
        let server = try FakeGazetteer.start()
        defer { server.stop() }
        let openWeather = Self.service("openweather", server)
        _ = try await openWeather.places(matching: LocationQuery.parse("Springfield, IL"))
        #expect(Set(server.requests(to: "/geo/1.0/direct").compactMap { $0.value("q") }) == ["Springfield,IL,US", "Springfield,IL"])
        let openMeteo = Self.service("open-meteo", server)
        _ = try await openMeteo.places(matching: LocationQuery.parse("Springfield, IL"))
        let searches = server.requests(to: "/v1/search").map { "\($0.value("countryCode") ?? "") \($0.value("count") ?? "")" }
        #expect(Set(searches) == ["US 100", "IL 10"])
        let before = server.requests.count
        _ = try await openWeather.places(matching: LocationQuery.parse("springfield, il"))
        _ = try await openMeteo.places(matching: LocationQuery.parse("Springfield ,IL"))
        #expect(server.requests.count == before)
    }

    @Test(arguments: geocoders)
    func aRegionThatIsTheCitysNameIsLeftOut(geocoder: String) async throws {
        #expect(try await Self.found("Lisbon", geocoder) == ["Lisbon, PT", "Lisbon, Maine, US"])
        #expect(try await Self.found("São Paulo", geocoder) == ["São Paulo, BR"])
        #expect(try await Self.found("Sao Paulo, BR", geocoder) == ["São Paulo, BR"])
    }

    @Test(arguments: ["open-meteo", "met.no"])
    func aStateOpenMeteoNamesInAnotherLanguageIsStillTheState(geocoder: String) async throws {
        let server = try FakeGazetteer.start()
        defer { server.stop() }
        let service = Self.service(geocoder, server, language: .french)
        let found = { (typed: String) in try await service.places(matching: LocationQuery.parse(typed)).map(\.displayName) }
        #expect(try await found("Paris, TX") == ["Paris, Texas, US"])
        #expect(server.requests(to: "/v1/search").allSatisfy { $0.value("language") == "fr" })  // Texas is Texas in French
        #expect(try await found("Perth, WA") == ["Perth, Australie-Occidentale, AU"])
        #expect(try await found("London, CA") == ["London, Californie, US", "London, Ontario, CA"])
        let english = server.requests(to: "/v1/search").filter { $0.value("language") == "en" }
        #expect(english.map { "\($0.value("name") ?? "") \($0.value("countryCode") ?? "")" } == ["Perth AU", "London US"])
    }
}
