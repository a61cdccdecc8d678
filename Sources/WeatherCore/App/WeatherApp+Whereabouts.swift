import FoundationEssentials

/// Where the person is: a home they saved (`:home CITY`), the place guessed from the machine's time zone, and, only
/// when asked (`:locate`), the place an IP geolocation service gives. At launch the last city comes first, then the
/// home, then the guess (`resume`).
extension WeatherApp {
    /// `:home CITY`: the city found as a search finds it (its weather shown), then saved as the home. A city not
    /// found gets the usual line, and the home stays as it was. An ambiguous name saves its first match, shown with
    /// the others listed under it (`:home "Springfield, IL"` names another): at the prompt the list alone, with no
    /// place shown, saved nothing (or, with a city already shown, that one).
    func setHome(_ text: String) async {
        // Marked failed until the search shows a place (a search cancelled with Ctrl-C saves no home either).
        lastSearchFailed = true
        await search(text, listsAtOnce: false)
        guard !lastSearchFailed, let home = place else { return }
        let saved = change { $0.home = home }
        emit(.home(home, saved: saved))
    }

    /// `:here`: the home, else the place guessed from the time zone (said to be a guess), else a line saying how to
    /// name one. `quietly` finds the place without publishing its current weather (a one-shot's other views).
    package func showHere(quietly: Bool = false) async {
        if let home = preferences.home {
            await showFound(home, remember: true, quietly: quietly)
        } else if let guess = whereabouts.guess() {
            emit(.guessed(guess))
            await showFound(guess.place, remember: false, quietly: quietly)
        } else {
            emit(.failed(.invalidInput(Phrase("error.here.none", ["zone": whereabouts.zone ?? "UTC"]))))
        }
    }

    /// `:locate`: asks the IP geolocation service where this machine is (the one request it makes, and only here),
    /// then shows that place as any other: saved as the last city and a recent one, offered by Tab. Ctrl-C cancels
    /// the request (`cancelRequests`), and nothing is said or shown.
    package func locate(quietly: Bool = false) async {
        guard !offline else { return emit(.failed(.invalidInput(Phrase("error.locate.offline")))) }
        guard let locator = whereabouts.locator else { return emit(.failed(.invalidInput(Phrase("error.locate.none")))) }
        emit(.loading(true))
        let found: Place
        do {
            found = try await whereabouts.locate(with: locator)
        } catch {
            emit(.loading(false))
            if let error = error as? WeatherError { emit(.locateFailed(error, service: locator.serviceName)) }
            return
        }
        emit(.loading(false))
        emit(.located(found, service: locator.serviceName))
        await showFound(found, remember: true, quietly: quietly)
    }

    /// Shows a place found without a search (the home, a guess, a located place): from its cached copy at the prompt,
    /// else asked for. `remember` makes it the last city and a recent one.
    private func showFound(_ found: Place, remember: Bool, quietly: Bool) async {
        screen = quietly ? nil : .current
        listedRecent = nil
        let outcome = await showKnown(found, quietly: quietly) ? .updated : await current.show(found)
        guard outcome == .updated, let shown = current.place else { return }
        lastSearchFailed = false
        place = shown
        if remember { self.remember(shown) }
    }
}
