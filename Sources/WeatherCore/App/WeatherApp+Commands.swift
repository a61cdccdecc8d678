import FoundationEssentials

/// The commands: each one typed line, sent where it belongs. A view is a `Screen` for `show(_:)`.
extension WeatherApp {
    /// Runs one typed line; returns false when the session should end (`:quit`).
    package func handle(_ line: String) async -> Bool {
        do {
            let command = try Command.parse(line, providers: providers)
            if command == .quit { return false }
            await run(command)
        } catch {
            emit(.failed(error))
        }
        return true
    }

    /// Runs one command.
    package func run(_ command: Command) async {
        switch command {
        case .empty, .quit: break
        case .search(let text):
            // A number alone under a numbered list picks from it; no place is called "3".
            if let number = Int(text), number >= 1, listedRecent != nil || current.matches.count > 1 {
                await pick(number)
            } else {
                await search(text)
            }
        case .hourly(let count): await show(.hourly(HourlyStep(count: count)))
        case .hourByHour(let count): await show(.hourly(HourlyStep(count: count, hourByHour: true)))
        case .daily: await show(.days)
        case .rain: await show(.rain)
        case .air: await show(.air)
        case .airScale(_, chosen: false): emit(.airScale(preferences.airScale, saved: false))
        case .airScale(let scale, chosen: true):
            let saved = change { $0.airScale = scale }
            connectAir()
            emit(.airScale(scale, saved: saved))
            if screen == .current || screen == .air { redrawView() }
        case .plain(nil): emit(.plain(plain, saved: false))
        case .plain(let on?): setPlain(on)
        case .alerts(let number): await show(.alerts(number))
        case .compare(let first, let second): await show(.compare(first, second))
        case .places, .map:
            // Its numbers pick as `:recent`'s do.
            let followed = followedPlaces
            listedRecent = followed.isEmpty ? nil : followed
            await show(command == .map ? .map : .places)
        case .forget(let target): forget(target)
        case .units(let units?):
            flags.units = nil
            settingChanged { $0.units = units }
        case .clock(let clock?):
            flags.clock = nil
            settingChanged { $0.clock = clock }
        case .units(nil), .clock(nil):
            emit(.settings(units: options.units, clock: options.clock))
        case .language(nil): emit(.language(language))
        case .language(let chosen?): await setLanguage(chosen)
        case .recent:
            listedRecent = preferences.recentCities.isEmpty ? nil : preferences.recentCities
            emit(.recent(preferences.recentCities))
        case .pick(let number): await pick(number)
        case .offline(let on): setOffline(on)
        case .provider(nil): emit(.provider(provider, isDefault: provider == defaultProvider))
        case .provider(let chosen?): await setProvider(chosen)
        case .home(nil): emit(.home(preferences.home, saved: false))
        case .home(let city?): await setHome(city)
        case .here: await showHere()
        case .locate: await locate()
        case .help: emit(.help)
        }
    }
}
