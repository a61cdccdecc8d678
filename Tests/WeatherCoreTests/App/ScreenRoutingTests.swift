import Foundation
import WeatherCoreTesting
import WeatherProviders
import Testing
@testable import WeatherCore

/// The app model holds a `Screen` and hands each command to that screen's view model: the command reaches it, what
/// it publishes is drawn, and a change of units draws the screen shown again, from its view model, with no request.
/// An in-memory provider counts the requests.
@MainActor
struct ScreenRoutingTests {
    /// Each view command, the screen it shows, and the name of the event that draws it.
    nonisolated static let views: [(command: Command, screen: Screen, event: String)] = [
        (.hourly(nil), .hourly(HourlyStep(count: 8)), "hourly"),
        (.hourByHour(6), .hourly(HourlyStep(count: 6, hourByHour: true)), "hourly"),
        (.daily, .days, "daily"),
        (.rain, .rain, "rain"),
        (.compare("London", "Testford"), .compare("London", "Testford"), "compare"),
        (.places, .places, "places"),
        (.map, .map, "map"),
        (.search("Testford"), .current, "current"),
    ]

    /// The name of the view an event draws; nil for any other event.
    static func view(_ event: AppEvent) -> String? {
        switch event {
        case .current: "current"
        case .hourly: "hourly"
        case .daily: "daily"
        case .rain: "rain"
        case .compare: "compare"
        case .places: "places"
        case .map: "map"
        default: nil
        }
    }

    @Test(arguments: 0..<views.count)
    func aCommandReachesItsScreensViewModelAndOnlyThatOneIsDrawn(_ index: Int) async {
        let (command, screen, event) = Self.views[index]
        let h = WeatherAppTests.harness()
        defer { h.folder.remove() }
        await h.app.run(.search("London"))
        h.events.clear()
        let before = h.provider.requests.count
        await h.app.run(command)
        #expect(h.app.screen == screen)
        #expect(h.events.shown.compactMap(Self.view) == [event], "\(h.events.shown)")
        #expect(h.provider.requests.count > before)  // asked for, not drawn from what another view model holds
    }

    @Test(arguments: 0..<views.count)
    func aUnitsChangeRedrawsTheScreenShownWithoutARequest(_ index: Int) async throws {
        let (command, _, event) = Self.views[index]
        let h = WeatherAppTests.harness()
        defer { h.folder.remove() }
        await h.app.run(.search("London"))
        await h.app.run(command)
        let requests = h.provider.requests
        h.events.clear()
        await h.app.run(.units(.imperial))
        #expect(h.events.shown.count == 1, "\(h.events.shown)")
        #expect(h.events.shown.compactMap(Self.view) == [event])
        #expect(h.provider.requests == requests)
        // Ctrl-L: the same screen, as it was drawn last.
        let drawn = try #require(h.events.shown.last)
        h.events.clear()
        h.app.redrawView()
        #expect(h.events.shown == [drawn])
        #expect(h.provider.requests == requests)
    }

    /// The screen value is all it takes to ask for the view again: after `:provider`, the hour-by-hour view comes
    /// back with its six hours, from the new service.
    @Test func aNewProviderAsksForTheScreenShownAgainWithItsStep() async throws {
        let h = WeatherAppTests.harness()
        defer { h.folder.remove() }
        await h.app.run(.search("Testford"))
        await h.app.run(.hourByHour(6))
        guard case .hourly(let before) = h.events.shown.last else { Issue.record("no hourly view: \(h.events.all)"); return }
        let requests = h.provider.requests.count
        h.events.clear()
        await h.app.run(.provider(.metNorway))
        #expect(h.app.screen == .hourly(HourlyStep(count: 6, hourByHour: true)))
        guard case .hourly(let after) = h.events.shown.last else { Issue.record("not asked again: \(h.events.all)"); return }
        #expect(after == before)
        #expect(h.provider.requests.count == requests + 1)
    }

    @Test func aOneShotsQuietSearchDrawsNothingUntilItsViewIsAskedFor() async {
        let h = WeatherAppTests.harness(persist: false)
        defer { h.folder.remove() }
        await h.app.search("Testford", quietly: true)
        #expect(h.app.screen == nil)
        #expect(h.events.shown.isEmpty)
        await h.app.run(.units(.imperial))  // no screen: said, not drawn
        #expect(h.events.shown == [.settings(units: .imperial, clock: .twentyFourHour, saved: false)])
        await h.app.run(.daily)
        #expect(h.events.shown.compactMap(Self.view) == ["daily"])
    }

    @Test func everyScreenHasAViewModelOfItsOwn() {
        let models = ScreenViewModels(service: FakeProvider(places: [:]), options: DisplayOptions(), now: Date.init)
        let screens: [Screen] = [.current, .hourly(HourlyStep()), .days, .rain, .compare("A", "B"), .places, .map, .air, .alerts(nil)]
        let distinct = Set(screens.map { ObjectIdentifier(models[$0]) })
        #expect(distinct.count == screens.count)
        #expect(Set(models.all.map(ObjectIdentifier.init)) == distinct)
        #expect(screens.filter(\.needsPlace).count == screens.count - 3)
    }
}
