import Foundation
import Synchronization
import Testing
import WeatherCoreTesting
@testable import WeatherCore
import WeatherProviders

/// `:air` through the app model (issue 28): it reaches the air view model, which asks the air source (not the
/// weather provider), a units change redraws it with no request, and offline it asks nothing and says why.
@MainActor
struct AirRoutingTests {
    /// An in-memory air source that counts what it is asked.
    final class CountingAir: AirQualityProviding {
        private let asked = Mutex<[String]>([])
        var requests: [String] { asked.withLock { $0 } }
        func airQuality(for place: Place) async throws -> AirQuality {
            asked.withLock { $0.append(place.name) }
            return AirQuality(
                now: AirQuality.Reading(time: Date(timeIntervalSince1970: 1_699_918_300), usAQI: 42, europeanAQI: 25, pm2_5: 5),
                hours: [], pollen: nil, source: ProviderID(rawValue: "air", displayName: "Air Source", attribution: "", needsKey: false),
                utcOffset: 0, fetchedAt: Date(timeIntervalSince1970: 1_699_918_300))
        }
        func cachedAirQuality(for place: Place) async -> AirQuality? { nil }
    }

    @Test func airReachesItsViewModelAndAsksTheAirSourceOnly() async throws {
        let h = WeatherAppTests.harness()
        defer { h.folder.remove() }
        let air = CountingAir()
        h.app.airSource = air
        await h.app.run(.search("Testford"))
        #expect(await until { air.requests.count == 1 })  // the current view's "Air" line, asked beside the weather
        let weatherRequests = h.provider.requests.count
        let asked = air.requests.count
        h.events.clear()
        await h.app.run(.air)
        #expect(h.app.screen == .air)
        guard case .air(let display) = h.events.shown.last else { Issue.record("no air view: \(h.events.all)"); return }
        #expect(display.index == AirIndex(scale: .european, value: 25))
        #expect(display.pollen == nil)
        #expect(air.requests.count == asked + 1)
        #expect(h.provider.requests.count == weatherRequests)
        h.events.clear()
        await h.app.run(.units(.imperial))
        #expect(h.events.shown.count == 1)
        #expect(air.requests.count == asked + 1)
    }

    @Test func offlineAirAsksNothingAndSaysSo() async throws {
        let h = WeatherAppTests.harness()
        defer { h.folder.remove() }
        let air = CountingAir()
        h.app.airSource = air
        await h.app.run(.search("Testford"))
        #expect(await until { air.requests.count == 1 })
        await h.app.run(.offline(true))
        h.events.clear()
        await h.app.run(.air)
        #expect(h.events.shown.contains(.failed(.invalidInput(Phrase("error.air.none")))), "\(h.events.all)")
        #expect(air.requests == ["Testford"])  // the search's "Air" line, before going offline
    }

    /// `WEATHER_OR_NOT_AIR=off` (the environment's layer of the settings): the air source is never asked, beside the
    /// weather or by `:air`, the current view has no air, and `:air` says it is off and how to turn it on.
    @Test func airTurnedOffAsksNothingAndSaysHowToTurnItOn() async throws {
        let provider = FakeProvider(places: ["testford": [TestData.place]])
        let app = WeatherApp(
            preferences: Preferences(), store: nil, offline: false, providers: .standard, environmentAir: false,
            makeService: { _ in provider })
        let events = WeatherAppTests.EventLog()
        app.onEvent = { events.all.append($0) }
        let air = CountingAir()
        app.airSource = air
        #expect(app.settings.air == false)
        await app.run(.search("Testford"))
        let views = events.shown.compactMap { event -> CurrentWeatherDisplay? in if case .current(let d) = event { d } else { nil } }
        #expect(views.count == 1 && views.allSatisfy { $0.air == nil }, "\(events.all)")
        events.clear()
        await app.run(.air)
        #expect(events.shown.contains(.failed(.invalidInput(Phrase("error.air.off")))), "\(events.all)")
        #expect(air.requests.isEmpty)
    }

    @Test func airParses() throws {
        #expect(try Command.parse(":air") == .air)
        #expect(throws: WeatherError.self) { try Command.parse(":air now") }
        #expect(try Command.parse(":aqi") == .airScale(nil, chosen: false))
        #expect(try Command.parse(":aqi US") == .airScale(.us, chosen: true))
        #expect(try Command.parse(":aqi eu") == .airScale(.european, chosen: true))
        #expect(try Command.parse(":aqi auto") == .airScale(nil, chosen: true))
        #expect(throws: WeatherError.self) { try Command.parse(":aqi china") }
    }

    /// `:aqi us` is saved and redraws the view shown in that scale with no request; a new launch reads it back.
    @Test func aScaleChosenIsSavedAndRedrawsWithNoRequest() async throws {
        let h = WeatherAppTests.harness()
        defer { h.folder.remove() }
        let air = CountingAir()
        h.app.airSource = air
        await h.app.run(.search("Testford"))
        await h.app.run(.air)
        let asked = air.requests.count
        h.events.clear()
        await h.app.run(.airScale(.us, chosen: true))
        #expect(h.events.shown.first == .airScale(.us, saved: true))
        guard case .air(let display) = h.events.shown.last else { Issue.record("not redrawn: \(h.events.all)"); return }
        #expect(display.index == AirIndex(scale: .us, value: 42))
        #expect(air.requests.count == asked)
        #expect(h.app.preferences.airScale == .us)
        let saved = try Preferences(data: Data(contentsOf: h.folder.path("preferences.json")))
        #expect(saved.airScale == .us)
        await h.app.run(.airScale(nil, chosen: true))
        #expect(h.app.preferences.airScale == nil)
    }
}
