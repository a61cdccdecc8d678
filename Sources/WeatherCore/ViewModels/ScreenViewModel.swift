import FoundationEssentials

/// What the app model asks of the view model of a screen, whichever screen it is: to ask for it, to draw it again
/// with other options, and to hand over what it publishes. Each one owns its requests (`RequestingViewModel`: the
/// newest wins, loading and failures published) and publishes its display struct through its own `onUpdate`.
@MainActor
package protocol ScreenViewModel: RequestingViewModel {
    /// Units, clock and language: new ones publish the display again from what it holds, with no request.
    var options: DisplayOptions { get set }
    /// Asks for `screen` (one of this view model's) at `place` and publishes it; `place` is nil only for a screen that
    /// names its own places (`Screen.needsPlace`).
    @discardableResult
    func show(_ screen: Screen, at place: Place?) async -> RequestOutcome
    /// What it holds, as the event that draws it; nil while it holds nothing.
    var event: AppEvent? { get }
    /// Hands each display it publishes from now on to `publish`, as the event that draws it.
    func publishEvents(to publish: @escaping (AppEvent) -> Void)
}

/// The view models of the screens, one a screen, over one service: built together, and built again when the service
/// changes (offline mode, provider, language).
@MainActor
package struct ScreenViewModels {
    package let current: CurrentWeatherViewModel
    package let hourly: HourlyViewModel
    package let daily: DailyViewModel
    package let rain: RainViewModel
    package let comparison: CompareViewModel
    package let places: PlacesViewModel
    package let map: PlacesViewModel
    package let air: AirViewModel
    package let alerts: AlertsViewModel

    package init(
        service: any WeatherProviding, options: DisplayOptions, now: @escaping @Sendable () -> Date,
        air: (any AirQualityProviding)? = nil
    ) {
        current = CurrentWeatherViewModel(service: service, options: options, now: now)
        hourly = HourlyViewModel(service: service, options: options, now: now)
        daily = DailyViewModel(service: service, options: options, now: now)
        rain = RainViewModel(service: service, options: options, now: now)
        comparison = CompareViewModel(service: service, options: options, now: now)
        places = PlacesViewModel(.places, service: service, options: options, now: now)
        map = PlacesViewModel(.map, service: service, options: options, now: now)
        self.air = AirViewModel(service: service, source: air, options: options, now: now)
        alerts = AlertsViewModel(service: service, options: options, now: now)
    }

    /// The view model of `screen`.
    package subscript(screen: Screen) -> any ScreenViewModel {
        switch screen {
        case .current: current
        case .hourly: hourly
        case .days: daily
        case .rain: rain
        case .compare: comparison
        case .places: places
        case .map: map
        case .air: air
        case .alerts: alerts
        }
    }

    package var all: [any ScreenViewModel] { [current, hourly, daily, rain, comparison, places, map, air, alerts] }
}
