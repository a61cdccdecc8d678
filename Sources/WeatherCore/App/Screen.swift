import FoundationEssentials

/// What the app shows: one case a view. `WeatherApp` holds one and hands each command to the view model of that
/// screen (`ScreenViewModels`), which asks for it and publishes it; a change of units or clock draws it again from
/// what that view model holds, as Ctrl-L does, and a change of language or provider asks for it again.
///
/// Each view is one case here, one view model of the same form as `DailyViewModel` (a `ScreenViewModel` owning
/// its requests and publishing its display struct through `onUpdate`), one line in `ScreenViewModels`, its event in
/// `AppEvent` and its command in `WeatherApp.run`: no branch anywhere else in the app model.
package enum Screen: Equatable, Sendable {
    /// The place's current weather (a search, a pick, a recent city).
    case current
    /// The coming hours, in the provider's 3-hour steps or hour by hour.
    case hourly(HourlyStep)
    /// The days ahead (`:5day`).
    case days
    /// When it next rains or snows (`:rain`).
    case rain
    /// The official warnings for the place (`:alerts`), or the whole text of the Nth (`:alerts N`).
    case alerts(Int?)
    /// Two places side by side, as typed (`:compare`): asked for again as typed after a change of language or
    /// provider.
    case compare(String, String)
    /// The places followed, the recent cities and home (`:places`), one line each.
    case places
    /// The same places as pins on a map with their temperatures (`:map`).
    case map
    /// The air at the place now and for the rest of today, and its pollen (`:air`).
    case air

    /// True when it shows the place the commands apply to, so needs one; a comparison names its own two, the list
    /// of places its own.
    package var needsPlace: Bool {
        switch self {
        case .compare, .places, .map: false
        default: true
        }
    }
}

/// How the hourly view steps through the hours, and how many steps it shows.
package struct HourlyStep: Equatable, Sendable {
    /// Slots (3-hour steps) or hours shown.
    package var count: Int
    /// True for `:hourly 1h`: the provider's 1-hour steps.
    package var hourByHour: Bool

    /// `count` nil: `:hourly`'s 8 slots (a day ahead), or 24 hours hour by hour.
    package init(count: Int? = nil, hourByHour: Bool = false) {
        self.count = count ?? (hourByHour ? HourlyViewModel.defaultHours : HourlyViewModel.defaultCount)
        self.hourByHour = hourByHour
    }
}
