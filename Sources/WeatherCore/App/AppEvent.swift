import FoundationEssentials

/// Everything the app model tells its view, through one channel (`WeatherApp.onEvent`): views to draw, lists,
/// notes, failures and the loading state. The words a person reads are the view's to choose.
package enum AppEvent: Equatable, Sendable {
    case current(CurrentWeatherDisplay)
    case hourly(HourlyDisplay)
    case daily(DailyDisplay)
    case rain(RainDisplay)
    case air(AirDisplay)
    /// The air quality scale in force (nil: the place's own), and whether `:aqi` just saved it.
    case airScale(AQIScale?, saved: Bool)
    /// Plain mode in force (`:plain` alone), or just turned on or off and saved (`:plain on|off`).
    case plain(Bool, saved: Bool)
    case compare(CurrentWeatherDisplay, CurrentWeatherDisplay)
    /// `:places`: the places followed, numbered, with their weather.
    case places(PlacesDisplay)
    /// `:map`: the same places, to be drawn as pins on a map.
    case map(PlacesDisplay)
    /// `:forget`: the place left the recent list.
    case forgotten(Place)
    /// The places the last search matched, in the order found (it never changes), and the index of the shown one.
    case matches([Place], shown: Int)
    /// Past places close to a name that found nothing ("did you mean"), likeliest first, at most three.
    case suggestions([Place])
    /// `:recent`: past places, most recent first.
    case recent([Place])
    /// `:units` or `:clock` with no value: the settings in force. Also said, `saved`, after `:units` or `:clock` with
    /// a value changed one while no view was on screen to show it.
    case settings(units: UnitSystem, clock: ClockStyle, saved: Bool = false)
    /// `:lang`: the language in force; also said after a change.
    case language(Language)
    case help
    /// `:provider`: the provider asked first, and whether it is the default one; also said after a change.
    case provider(ProviderID, isDefault: Bool)
    /// Offline mode switched on (with the sample places) or off.
    case offlineChanged(on: Bool, samplePlaces: [String])
    /// `:offline on` when it is already on (or off when off).
    case offlineUnchanged(on: Bool)
    /// A place guessed from the time zone is about to be shown (at a first launch with no home, or by `:here`).
    case guessed(PlaceGuess)
    /// `:home`: the home (nil: none yet); `saved` after `:home CITY` made it the home.
    case home(Place?, saved: Bool)
    /// `:locate`: the IP geolocation service `service` placed this machine there (its weather follows).
    case located(Place, service: String)
    /// `:locate` failed: why, and the service asked.
    case locateFailed(WeatherError, service: String)
    /// The official warnings for the place of the current view, after it (they never hold it back).
    case warnings(WarningsDisplay)
    /// `:alerts`: the place's warnings listed, or the whole text of one.
    case alerts(AlertsDisplay)
    /// A command failed; the session goes on.
    case failed(WeatherError)
    /// A copy shown while it was refreshed could not be refreshed, and stays shown: why, and its age in seconds.
    case refreshFailed(Place, reason: WeatherError, copyAge: Int)
    /// The preferences could not be saved (said once a session).
    case saveFailed(path: String)
    /// The current view again, its place newly named (a geocoder asked beside the weather answered after it was drawn:
    /// the name in the language, the region). Only at the prompt; the rest of the view is as it was.
    case renamed(CurrentWeatherDisplay)
    /// A request started (true) or the newest one ended (false).
    case loading(Bool)
}
