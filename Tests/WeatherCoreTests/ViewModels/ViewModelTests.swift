import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

@MainActor
struct ViewModelTests {
    let english = DisplayOptions(units: .metric, clock: .twentyFourHour, language: .english)

    /// OpenWeather's service on `server` (the view models are tested over a real one).
    func service(_ server: LoopbackServer) -> OpenWeatherService {
        let configuration = WeatherConfiguration(apiKey: "k", baseURL: server.baseURL, timeout: 30)
        return OpenWeatherService(
            client: OpenWeatherClient(configuration: configuration, transport: SocketTransport(), backoff: [0.05]),
            cache: ResponseCache(directory: nil), now: TestClock().function)
    }

    @Test func aSearchPublishesItsDisplayAndLoadingChanges() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let model = CurrentWeatherViewModel(service: service(server), options: english)
        var displays: [CurrentWeatherDisplay] = []
        var loading: [Bool] = []
        model.onUpdate = { displays.append($0) }
        model.onLoadingChanged = { loading.append($0) }
        let outcome = await model.search("London")
        #expect(outcome == .updated)
        #expect(displays.map(\.place) == ["London, England, GB"])
        #expect(loading == [true, false])
        #expect(model.matches.count == 3)
        #expect(server.requests.map(\.path) == ["/geo/1.0/direct", "/data/2.5/weather", "/data/2.5/forecast"]
            || server.requests.map(\.path) == ["/geo/1.0/direct", "/data/2.5/forecast", "/data/2.5/weather"])
    }

    @Test func loadingEndsBeforeTheResultOrErrorIsPublished() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let model = CurrentWeatherViewModel(service: service(server), options: english)
        var events: [String] = []
        model.onUpdate = { _ in events.append("update") }
        model.onError = { _ in events.append("error") }
        model.onLoadingChanged = { events.append("loading \($0)") }
        await model.search("Testford")
        await model.search("Atlantis")
        #expect(events == ["loading true", "loading false", "update", "loading true", "loading false", "error"])
    }

    @Test func aNewerSearchWinsOverAnOlderOneStillInFlight() async throws {
        // London's geocoding is held until the test releases it, after Zurich's search has finished.
        let release = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { request in
            if request.value("q") == "London" { _ = release.wait(timeout: .now() + 30) }
            return FakeOpenWeather.route(request)
        }
        defer { server.stop() }
        let model = CurrentWeatherViewModel(service: service(server), options: english)
        var places: [String] = []
        var errors: [WeatherError] = []
        model.onUpdate = { places.append($0.place) }
        model.onError = { errors.append($0) }
        async let older = model.search("London")
        #expect(await until { server.requests.contains { $0.value("q") == "London" } })
        let newer = await model.search("Zurich")
        release.signal()
        let olderOutcome = await older
        #expect(newer == .updated)
        #expect(olderOutcome == .cancelled)
        #expect(places == ["Zürich, CH"])
        #expect(model.place?.name == "Zürich")
        #expect(errors.isEmpty)
    }

    @Test func switchingUnitsOrClockRerendersWithoutARequest() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let service = service(server)
        let current = CurrentWeatherViewModel(service: service, options: english)
        let hourly = HourlyViewModel(service: service, options: english)
        var temperatures: [String] = []
        var times: [String] = []
        current.onUpdate = { temperatures.append($0.temperature) }
        hourly.onUpdate = { times.append($0.rows[1].time) }
        await current.search("Testford")
        await hourly.show(try #require(current.place), count: 4)
        let before = server.requests.count
        current.options.units = .imperial
        hourly.options.clock = .twelveHour
        #expect(temperatures == ["7°C", "45°F"])
        #expect(times == ["00:00", "12 AM"])
        #expect(server.requests.count == before)
        #expect(before == 3)  // hourly was served by the cache
    }

    @Test func errorsArePublished() async throws {
        let server = try LoopbackServer { _ in .json("{\"cod\":401}", status: 401) }
        defer { server.stop() }
        let model = CurrentWeatherViewModel(service: service(server), options: english)
        var errors: [WeatherError] = []
        model.onError = { errors.append($0) }
        #expect(await model.search("London") == .failed(.invalidAPIKey))
        #expect(errors == [.invalidAPIKey])
        #expect(await model.search("91, 0") == .failed(.invalidInput(Phrase("error.latitude.range", ["value": "91"]))))
        #expect(server.requests.count == 1)  // the bad coordinates never left the machine
    }

    @Test func pickSwitchesToAnotherMatch() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let model = CurrentWeatherViewModel(service: service(server), options: english)
        await model.search("London")
        #expect(await model.pick(2) == .updated)
        #expect(model.place?.country == "CA")
        #expect(model.matches.count == 3)
        #expect(await model.pick(4) == .failed(.invalidInput(Phrase("error.pick.range", ["count": "3"]))))
        #expect(model.place?.country == "CA")
    }

    @Test func dailyViewModelPublishesFiveDays() async throws {
        let server = try FakeOpenWeather.start()
        defer { server.stop() }
        let daily = DailyViewModel(service: service(server), options: english)
        var rows: [String] = []
        daily.onUpdate = { rows = $0.rows.map(\.day) }
        #expect(await daily.show(TestData.place) == .updated)
        #expect(rows == ["Today", "Tue", "Wed", "Thu", "Fri"])
    }

    @Test func cancellingStopsARequestAndPublishesNothing() async throws {
        let server = try LoopbackServer { _ in .neverRespond }
        defer { server.stop() }
        let model = HourlyViewModel(service: service(server), options: english)
        var updates = 0
        model.onUpdate = { _ in updates += 1 }
        Task { @MainActor in
            // Cancelled once the request is on the wire, so the cancellation has a request to stop.
            _ = await until { !server.requests.isEmpty }
            model.cancel()
        }
        #expect(await model.show(TestData.place) == .cancelled)
        #expect(updates == 0)
    }
}

@MainActor
struct CompareViewModelTests {
    @Test func bothPlacesAreFetchedAtOnce() async throws {
        // London's geocoding is answered only once Zurich's has arrived too: one after the other would get a 503.
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        server.setHandler { [server] request in
            if request.value("q") == "London" {
                for _ in 0..<3000 where !server.requests.contains(where: { $0.value("q") == "Zurich" }) {
                    Thread.sleep(forTimeInterval: 0.01)
                }
                if !server.requests.contains(where: { $0.value("q") == "Zurich" }) { return .json("{}", status: 503) }
            }
            return FakeOpenWeather.route(request)
        }
        let client = OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: "k", baseURL: server.baseURL), transport: SocketTransport(), backoff: [])
        let model = CompareViewModel(
            service: OpenWeatherService(client: client, cache: ResponseCache(directory: nil)),
            options: DisplayOptions(language: .english))
        var pair: [String] = []
        model.onUpdate = { pair = [$0.place, $1.place] }
        #expect(await model.compare("London", "Zurich") == .updated)
        #expect(pair == ["London, England, GB", "Zürich, CH"])
    }
}
