import FoundationEssentials

/// Settings a command changes: units and clock (the screen drawn again, with no request), the language and offline
/// mode (the screen asked for again from a service built for them). `:provider` is beside the service, in
/// WeatherApp.swift.
extension WeatherApp {
    /// `:units` or `:clock` with a value: applied and saved. The screen shown, drawn again, shows the change; with
    /// none, the settings are said, and that they were saved.
    func settingChanged(_ edit: (inout Preferences) -> Void) {
        let published = emitted
        let saved = change(edit)
        applyOptions()
        if emitted == published { emit(.settings(units: options.units, clock: options.clock, saved: saved)) }
    }

    /// Applies units, clock and language to every view model; the screen shown is drawn again from what its view model
    /// holds, with no request.
    func applyOptions() {
        let settings = settings
        let options = DisplayOptions(
            units: settings.units, clock: settings.clock, language: settings.language, defaultProvider: defaultProvider)
        for model in models.all { model.options = options }
    }

    func setOffline(_ on: Bool) {
        guard on != offline else { return emit(.offlineUnchanged(on: on)) }
        offline = on
        rebuild()
        emit(.offlineChanged(on: on, samplePlaces: on ? samplePlaceNames : []))
    }

    /// `:lang CODE`: saved, and the screen shown is asked for again in the new language. The weather's answers hold no
    /// words (every provider's conditions are keys of the conditions table), so the cache answers while it is fresh and
    /// no weather request is made (`ManyPlacesTests`); asking again rather than redrawing lets a service built for the
    /// language answer what is worded by its source, as place names from geocoding are.
    func setLanguage(_ chosen: Language) async {
        let before = language
        flags.language = nil
        change { $0.language = chosen }
        emit(.language(chosen))
        guard chosen != before else { return }
        let shown = screen
        rebuild()  // new view models, holding nothing: applying the language draws nothing yet
        applyOptions()
        await show(again: shown, offlineToo: true)
    }

    /// `screen` asked for again from the service in force, once the view models are new; the current weather when it
    /// was none (a one-shot's search) or needs a place while there is none.
    func show(again screen: Screen?, offlineToo: Bool = false) async {
        guard offlineToo || !offline else { return }
        if let screen, !screen.needsPlace || place != nil { return await show(screen) }
        if place != nil { await show(.current) }
    }
}
