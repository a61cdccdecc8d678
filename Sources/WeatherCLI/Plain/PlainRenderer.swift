import WeatherCore

/// Plain mode's form of every view (`--plain`, `TERM=dumb`, `:plain on`): sentences a screen reader speaks well, one a
/// line and never wrapped (the terminal wraps them, if anything), with no box drawing, graph, art, colour or emoji.
///
/// Made from the same display structs the drawn views use, and from their typed values (°C, m/s, hPa, mm), so each
/// figure is the one the drawn view shows; only the wording differs: units and compass points in words
/// ("18 kilometres per hour", "from the south-west"), a figure below zero said "minus", times on the clock chosen.
/// The sentences the core writes from the data (the hourly and 5-day summaries, the `:rain` outlook) are said with
/// their symbols in words (`spoken`).
package struct PlainRenderer: Sendable {
    /// The words of the language chosen (the core's tables and the terminal's).
    package var strings: Strings
    /// The clock the person chose, for the times the renderer writes itself (the observation's).
    package var clock: ClockStyle
    /// Where the views are read: a notice's hints name prompt commands there, options on the command line.
    package var context: MessageContext

    package init(strings: Strings = Strings.terminal(.english), clock: ClockStyle = .twentyFourHour, context: MessageContext = .commandLine) {
        self.strings = strings
        self.clock = clock
        self.context = context
    }

    // MARK: Current

    /// The place, when the figures were observed, the temperature and how it feels, the sky, then one sentence for
    /// each figure the drawn view has a line for.
    package func current(_ d: CurrentWeatherDisplay) -> [String] {
        notice(d.notice) + currentSentences(d)
    }

    private func currentSentences(_ d: CurrentWeatherDisplay) -> [String] {
        let units = d.context?.units ?? .metric
        let observed = d.conditions
        var lines = [sentence(placeName(d.place, d.context?.place))]
        if let observed, let zone = d.context?.zone {
            lines.append(strings("plain.observed", ["time": LocalTime(observed.observedAt, zone).clockTime(clock)]))
        }
        lines.append(strings("plain.temperature", [
            "temperature": temperature(d.temperatureCelsius, units), "feelsLike": temperature(d.feelsLikeCelsius, units),
        ]))
        lines.append(sentence(capitalized(d.condition)))
        if let high = d.highCelsius, let low = d.lowCelsius {
            let key = d.highLowCoversToday == false ? "plain.highLow.next" : "plain.highLow.today"
            lines.append(strings(key, ["high": temperature(high, units), "low": temperature(low, units)]))
        }
        if let observed, let wind = wind(observed, units) { lines.append(wind) }
        if let humidity = observed?.humidity { lines.append(strings("plain.humidity", ["percent": percent(humidity)])) }
        if let pressure = observed?.pressure { lines.append(strings("plain.pressure", ["pressure": self.pressure(pressure, units)])) }
        if let visibility = observed?.visibility { lines.append(strings("plain.visibility", ["distance": distance(visibility, units)])) }
        if let clouds = observed?.cloudCover { lines.append(strings("plain.clouds", ["percent": percent(clouds)])) }
        // In daylight, as the drawn view says it.
        if let uv = d.uvIndex, uv > 0 || !d.isNight {
            let key = d.uvOrigin?.isClearSky == true ? "plain.uv.clearSky" : "plain.uv"
            lines.append(strings(key, ["index": String(UVIndex.whole(uv)), "category": strings["uv." + UVCategory(index: uv).rawValue]]))
            if let provider = d.uvProvider { lines.append(strings("plain.uv.from", ["provider": provider])) }
        }
        for (kind, fallen) in [("plain.rain", observed?.rain), ("plain.snow", observed?.snow)] {
            guard let fallen, fallen.millimetres > 0 else { continue }
            lines.append(strings.plural(kind, fallen.hours, ["amount": amount(fallen.millimetres, units)]))
        }
        if let air = d.air { lines.append(strings("plain.air", airWords(air))) }
        // The minutes where the drawn view has their line.
        lines += minutes(d.nowcast, d.context?.zone)
        if let sunrise = d.sunrise, let sunset = d.sunset {
            lines.append(strings("plain.sun", ["sunrise": sunrise, "sunset": sunset]))
        }
        if let provider = d.provider { lines.append(strings("plain.provider", ["provider": provider])) }
        return lines
    }

    /// "Wind from the south-west at 18 kilometres per hour, gusting to 30 kilometres per hour.", or "No wind.".
    private func wind(_ c: CurrentConditions, _ units: UnitSystem) -> String? {
        guard let speed = c.windSpeed else { return nil }
        let figure = UnitFormatting.rounded(UnitFormatting.speedValue(metresPerSecond: speed, units))
        guard figure > 0 else { return strings["plain.calm"] }
        let gusts = c.windGust.map { UnitFormatting.rounded(UnitFormatting.speedValue(metresPerSecond: $0, units)) }
        let direction = c.windDegrees.map(from)
        let key = switch (direction != nil, gusts != nil) {
        case (true, true): "plain.wind.gusts"
        case (true, false): "plain.wind"
        case (false, true): "plain.wind.stillGusts"
        case (false, false): "plain.wind.still"
        }
        return strings(key, ["direction": direction ?? "", "speed": whole(speedKey(units), figure), "gusts": gusts.map { whole(speedKey(units), $0) } ?? ""])
    }

    // MARK: Hourly and days

    /// A heading, the summary, then one sentence an hour ("At 15:00: light rain, 13 degrees, …"), a sunrise or sunset
    /// its own sentence, and a new day said before its first hour.
    package func hourly(_ d: HourlyDisplay) -> [String] {
        let units = d.context?.units ?? .metric
        var lines = notice(d.notice) + [sentence(placeName(d.place, d.context?.place)), strings.plural("plain.hourly.heading", d.hours)]
        if let provider = d.provider { lines.append(strings("plain.provider", ["provider": provider])) }
        if !d.summary.isEmpty { lines.append(sentence(spoken(fullWeekdays(d.summary)))) }
        for row in d.rows {
            if let day = row.startsDay {
                let name = row.date.flatMap { date in d.context.map { longWeekday(LocalTime(date, $0.zone).weekday) } } ?? day
                lines.append(strings("plain.dayStarts", ["day": capitalized(name)]))
            }
            switch row.kind {
            case .sunrise: lines.append(strings("plain.sunrise", ["time": row.time]))
            case .sunset: lines.append(strings("plain.sunset", ["time": row.time]))
            case .weather:
                // The observation ("Now") has no step: its wind is the observation's.
                let when = row.slot == nil ? strings["plain.now"] : strings("plain.at", ["time": row.time])
                var details: [String] = []
                if let chance = row.precipitationProbability { details.append(strings("plain.chance", ["percent": percent(fraction: chance)])) }
                if let fallen = row.slot?.precipitation, fallen > 0 { details.append(strings("plain.amount", ["amount": amount(fallen, units)])) }
                let speed = row.slot.map { $0.windSpeed } ?? d.observation?.windSpeed
                let degrees = row.slot.map { $0.windDegrees } ?? d.observation?.windDegrees
                if let speed { details.append(rowWind(speed, degrees, units)) }
                if let uv = row.uvIndex { details.append(strings("plain.rowUV", ["index": String(UVIndex.whole(uv))])) }
                lines.append(strings("plain.row", [
                    "when": when, "condition": row.condition,
                    "temperature": row.temperatureCelsius.map { temperature($0, units) } ?? strings["plain.temperature.notGiven"],
                    "details": details.map { ", " + $0 }.joined(),
                ]))
            }
        }
        return lines
    }

    /// "wind from the south at 9 kilometres per hour", inside an hour's sentence.
    private func rowWind(_ speed: Double, _ degrees: Double?, _ units: UnitSystem) -> String {
        let figure = whole(speedKey(units), UnitFormatting.rounded(UnitFormatting.speedValue(metresPerSecond: speed, units)))
        guard let degrees else { return strings("plain.rowWind.still", ["speed": figure]) }
        return strings("plain.rowWind", ["direction": from(degrees), "speed": figure])
    }

    /// A heading, the summary, then one sentence a day ("Tuesday: light rain, high 14 degrees, low 8 degrees, …").
    package func daily(_ d: DailyDisplay) -> [String] {
        let units = d.context?.units ?? .metric
        var lines = notice(d.notice) + [sentence(placeName(d.place, d.context?.place)), strings.plural("plain.daily.heading", d.rows.count)]
        if let provider = d.provider { lines.append(strings("plain.provider", ["provider": provider])) }
        if !d.summary.isEmpty { lines.append(sentence(spoken(fullWeekdays(d.summary)))) }
        for row in d.rows {
            // Said whole: the drawn view's column has "Today" short in some languages ("Auj.").
            let today = row.day == strings["daily.today"]
            let when = today ? strings["plain.today"] : capitalized(row.summary.map { longWeekday($0.weekday) } ?? row.day)
            var details: [String] = []
            if let chance = row.precipitationProbability { details.append(strings("plain.chance", ["percent": percent(fraction: chance)])) }
            if let fallen = row.summary?.precipitation, fallen > 0 { details.append(strings("plain.amount", ["amount": amount(fallen, units)])) }
            if let uv = row.uvIndexMax { details.append(strings("plain.dayUV", ["index": String(UVIndex.whole(uv))])) }
            lines.append(strings("plain.day", [
                "when": when, "condition": row.condition, "high": temperature(row.highCelsius, units),
                "low": temperature(row.lowCelsius, units), "details": details.map { ", " + $0 }.joined(),
            ]))
        }
        return lines
    }

    // MARK: Rain, compare

    /// `:rain`: the place, the next two hours to the step when there are minutes (sentences instead of the drawn
    /// view's strip), then the outlook, its symbols in words.
    package func rain(_ d: RainDisplay) -> [String] {
        notice(d.notice) + [sentence(placeName(d.place, nil))] + (d.provider.map { [strings("plain.provider", ["provider": $0])] } ?? [])
            + minutes(d.nowcast, d.zone) + [sentence(spoken(fullWeekdays(d.outlook)))]
    }

    /// The minutes, from the steps: when rain or snow starts or stops, to the step ("Light snow from about 14:25,
    /// stopping around 15:10."), then where they come from and their step in words ("From MET Norway radar, in steps of 5
    /// minutes."). None without a nowcast, or without the place's zone to say its times in.
    private func minutes(_ nowcast: Nowcast?, _ zone: PlaceTimeZone?) -> [String] {
        guard let nowcast, let zone, let outlook = NowcastOutlook(nowcast) else { return [] }
        let words = ForecastSummaries.nowcastWords(outlook, NowcastKinds(nowcast), strings) { LocalTime($0, zone).clockTime(clock) }
        let source = strings(nowcast.isRadar ? "plain.nowcast.radar" : "plain.nowcast.model", [
            "source": nowcast.source.displayName, "steps": strings.plural("plain.nowcast.steps", nowcast.stepMinutes),
        ])
        return [sentence(capitalized(words)), source]
    }

    /// `:compare`: one place's sentences, an empty line, the other's; a notice said once above them.
    package func compare(_ a: CurrentWeatherDisplay, _ b: CurrentWeatherDisplay) -> [String] {
        let notices = Array(Set([a.notice, b.notice].compactMap { $0?.words(strings, in: context) })).sorted()
        return notices.flatMap(lines) + currentSentences(a) + [""] + currentSentences(b)
    }

    // MARK: Places

    /// `:places`, and `:map` as the same list: one sentence a place, with its number (which opens it).
    package func places(_ d: PlacesDisplay) -> [String] {
        guard !d.rows.isEmpty else { return lines(strings["places.none"]) }
        var lines = notice(d.notice) + [strings["plain.places.heading"]]
        if let provider = d.provider { lines.append(strings("plain.provider", ["provider": provider])) }
        for row in d.rows {
            let number = String(row.number)
            let place = placeName(row.place.displayName, row.place)
            guard let w = row.weather else {
                lines.append(strings("plain.places.unavailable", ["number": number, "place": place]))
                continue
            }
            let units = w.context?.units ?? .metric
            var details: [String] = []
            if let high = w.highCelsius, let low = w.lowCelsius {
                details.append(strings("plain.places.highLow", ["high": temperature(high, units), "low": temperature(low, units)]))
            }
            if let time = row.localTime { details.append(strings("plain.places.time", ["time": row.local.map(dayAndTime) ?? time])) }
            // A copy among live answers says so (all copies: the notice above says it once).
            if w.notice != nil, d.notice == nil { details.append(strings["plain.places.copy"]) }
            lines.append(strings(row.isHome ? "plain.places.home" : "plain.places.row", [
                "number": number, "place": place, "condition": w.condition,
                "temperature": temperature(w.temperatureCelsius, units), "details": details.map { ", " + $0 }.joined(),
            ]))
        }
        return lines
    }

    /// `:map` has no picture in plain mode: the places as the list says them.
    package func map(_ d: PlacesDisplay) -> [String] { places(d) }

    // MARK: Air

    /// `:air`: the index now, each pollutant, the coming hours of today, the pollen, and where it comes from.
    package func air(_ d: AirDisplay) -> [String] {
        var lines = [sentence(placeName(d.place, nil))]
        if let index = d.index { lines.append(strings("plain.air.now", airWords(index))) }
        for pollutant in d.pollutants {
            lines.append(strings("plain.air.pollutant", [
                "name": strings["plain.pollutant." + pollutant.key], "amount": decimals("plain.micrograms", fixed(pollutant.value, places: 1)),
            ]))
        }
        let hours = d.hours.compactMap { hour in hour.index.map { (hour.time, $0) } }
        if !hours.isEmpty {
            lines.append(strings["plain.air.today"])
            for (time, index) in hours { lines.append(strings("plain.air.hour", ["time": time].merging(airWords(index)) { a, _ in a })) }
        }
        switch d.pollen {
        case nil: lines.append(strings["air.pollen.noData"])
        case let pollen? where pollen.isEmpty: lines.append(strings["air.pollen.none"])
        case let pollen?:
            let list = pollen.map { strings("plain.air.pollenKind", ["kind": strings["pollen." + $0.kind.rawValue], "level": strings["pollen.level." + $0.level.rawValue]]) }
            lines.append(strings("plain.air.pollen", ["list": list.joined(separator: ", ")]))
        }
        lines.append(sentence(d.attribution))
        return lines
    }

    /// The category's word and the index on its scale: "good", "AQI 32".
    private func airWords(_ index: AirIndex) -> [String: String] {
        ["category": strings["air." + index.category.rawValue], "index": strings("air.index." + index.scale.rawValue, ["index": String(index.value)])]
    }

    // MARK: Warnings

    /// The warnings above the current view: "Warning: Wind, orange, until Tue 18:00.", one a line, most severe first.
    package func warnings(_ d: WarningsDisplay) -> [String] {
        d.items.map { strings("plain.warning", ["warning": warning($0)]) } + unavailable(d)
    }

    /// `:alerts`: the warnings numbered, each with its area, issuer and headline; `:alerts N`: that one whole. With no
    /// warning and a service that failed, that the warnings could not be had from it: never "no warnings".
    package func alerts(_ d: AlertsDisplay) -> [String] {
        let w = d.warnings
        var lines: [String]
        if d.off || w.noService {
            lines = self.lines(strings("alerts.noService", ["place": placeName(w.place, nil)]))
        } else if w.items.isEmpty, !w.unavailable.isEmpty {
            // Never "no warnings" unless every service covering the place answered.
            return self.lines(strings("alerts.unavailable", ["place": placeName(w.place, nil), "services": w.unavailable.joined(separator: ", ")]))
        } else if w.items.isEmpty {
            lines = self.lines(strings("alerts.none", ["place": placeName(w.place, nil)]))
        } else if let number = d.number {
            guard w.items.indices.contains(number - 1) else {
                return self.lines(strings("alerts.noSuch", ["number": String(number), "count": String(w.items.count)]))
            }
            let item = w.items[number - 1]
            let warning = item.warning
            lines = [strings("plain.warning", ["warning": self.warning(item)])]
            for text in [warning.area, warning.issuer, warning.headline, warning.description, warning.instruction] where !text.isEmpty {
                // A service's own words, their unit symbols said as the core's are.
                lines += self.lines(text).map { sentence(spoken($0)) }
            }
        } else {
            lines = w.items.enumerated().map { index, item in
                let warning = item.warning
                let more = [warning.area, warning.issuer, warning.headline].filter { !$0.isEmpty }.map { " " + sentence(spoken(oneLine($0))) }
                return strings("plain.alert", ["number": String(index + 1), "warning": self.warning(item)]) + more.joined()
            }
        }
        return lines + (strings.textsLanguages(d).map { [sentence($0)] } ?? []) + unavailable(w)
    }

    /// "Wind, orange, until Tuesday 18:00": the weekdays in full.
    private func warning(_ item: WarningItem) -> String {
        let level = strings["warnings.level." + item.warning.level.key]
        let from = item.from.map { shown in item.starts.map(dayAndTime) ?? shown }
        return strings(from == nil ? "warnings.line" : "warnings.line.from", [
            "event": item.warning.event, "level": level, "from": from ?? "", "until": item.ends.map(dayAndTime) ?? item.until,
        ])
    }

    private func unavailable(_ d: WarningsDisplay) -> [String] {
        d.unavailable.isEmpty ? [] : [sentence(capitalized(strings("warnings.unavailable", ["services": d.unavailable.joined(separator: ", ")])))]
    }

    // MARK: Messages

    /// A message as it is: its own line breaks kept, never wrapped.
    package func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A notice above a view, as sentences (no mark before it).
    private func notice(_ notice: Notice?) -> [String] {
        notice.map { lines($0.words(strings, in: context)) } ?? []
    }

    // MARK: Figures in words

    /// "14 degrees", "minus 3 degrees", "285 kelvin": the figure the drawn view shows, its unit in words.
    package func temperature(_ celsius: Double, _ units: UnitSystem) -> String {
        whole(units == .standard ? "plain.kelvin" : "plain.degrees", UnitFormatting.rounded(UnitFormatting.temperatureValue(celsius: celsius, units)))
    }

    /// A whole figure with its unit, in the plural the figure takes; "minus" before one below zero.
    private func whole(_ key: String, _ value: Int) -> String {
        let words = strings.plural(key, value == Int.min ? Int.max : abs(value))
        return value < 0 ? strings("plain.minus", ["value": words]) : words
    }

    /// A figure with decimals and its unit, in the language's decimal separator: the plural form, but in French the
    /// singular below 2 ("0,8 millimètre", "1,5 kilomètre").
    private func decimals(_ key: String, _ figure: String) -> String {
        let value = Double(figure.replacing(",", with: ".")) ?? 2
        let one = strings.language == .french && abs(value) < 2
        return strings(key + (one ? ".one" : ".other"), ["count": figure])
    }

    private func speedKey(_ units: UnitSystem) -> String {
        switch units {
        case .metric: "plain.kmh"
        case .imperial: "plain.mph"
        case .standard: "plain.ms"
        }
    }

    /// "1012 hectopascals", "29.88 inches of mercury".
    private func pressure(_ hectopascals: Double, _ units: UnitSystem) -> String {
        guard units == .imperial else { return whole("plain.hPa", UnitFormatting.rounded(hectopascals)) }
        return decimals("plain.inHg", fixed(UnitFormatting.pressureValue(hectopascals: hectopascals, units), places: 2))
    }

    /// "10 kilometres", "8.5 kilometres": a tenth under 10, as the drawn view writes it.
    private func distance(_ metres: Double, _ units: UnitSystem) -> String {
        let value = UnitFormatting.distanceValue(metres: metres, units)
        let key = units == .imperial ? "plain.mi" : "plain.km"
        return UnitFormatting.rounded(value * 10) < 100 ? decimals(key, fixed(value, places: 1)) : whole(key, UnitFormatting.rounded(value))
    }

    /// Rain or snow: millimetres to a tenth, inches to a hundredth, trailing zeros dropped; "less than 0.1
    /// millimetres" for an amount too small to show.
    private func amount(_ millimetres: Double, _ units: UnitSystem) -> String {
        let (key, scale) = units == .imperial ? ("plain.in", 100) : ("plain.mm", 10)
        let separator = String(strings.language.decimalSeparator)
        let value = UnitFormatting.precipitationValue(millimetres: millimetres, units)
        let steps = UnitFormatting.rounded(value * Double(scale))
        if steps <= 0 {
            guard value > 0 else { return whole(key, 0) }
            return strings("plain.lessThan", ["value": decimals(key, "0" + separator + (scale == 100 ? "01" : "1"))])
        }
        guard steps % scale != 0 else { return whole(key, steps / scale) }
        var fraction = String(steps % scale)
        fraction = String(repeating: "0", count: String(scale).count - 1 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return decimals(key, String(steps / scale) + separator + fraction)
    }

    /// "40 percent", from 0…1.
    private func percent(fraction: Double) -> String {
        percent(UnitFormatting.rounded(min(1, max(0, fraction)) * 100))
    }

    private func percent(_ value: Int) -> String { strings("plain.percent", ["count": String(value)]) }

    /// `value` to `places` decimals, rounded half away from zero, in the language's decimal separator.
    private func fixed(_ value: Double, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let steps = UnitFormatting.rounded(value * Double(scale))
        let fraction = String(steps.magnitude % UInt(scale))
        let padded = String(repeating: "0", count: places - fraction.count) + fraction
        return (steps < 0 ? "-" : "") + String(steps.magnitude / UInt(scale)) + String(strings.language.decimalSeparator) + padded
    }

    /// "from the south-west": the compass point the drawn view shows ("SW"), in words.
    private func from(_ degrees: Double) -> String {
        strings["plain.from." + CompassDirection.cardinal(degrees: degrees)]
    }

    private func longWeekday(_ weekday: Int) -> String {
        strings["weekday.long.\(((weekday % 7) + 7) % 7)"]
    }

    /// "Tuesday 18:00": a local time as the drawn views write it ("Tue 18:00"), its weekday in full.
    private func dayAndTime(_ local: LocalTime) -> String {
        longWeekday(local.weekday) + " " + local.clockTime(clock)
    }

    /// A sentence the core wrote with the language's short weekday names (English's summaries: "dry from Tue 00:00",
    /// "rain today and Tue") with them in full; a word that is not one is left as it is.
    private func fullWeekdays(_ text: String) -> String {
        let short = (0..<7).map { strings["weekday.\($0)"] }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            var token = String(word)
            let leading = String(token.prefix { $0 == "(" })
            token.removeFirst(leading.count)
            var trailing = String(token.reversed().prefix { ",;:)".contains($0) }.reversed())
            token.removeLast(trailing.count)
            // A sentence's full stop after a name without one of its own ("on Tue.").
            if !short.contains(token), token.hasSuffix("."), short.contains(String(token.dropLast())) {
                token.removeLast()
                trailing = "." + trailing
            }
            guard let day = short.firstIndex(of: token) else { return String(word) }
            return leading + longWeekday(day) + trailing
        }.joined(separator: " ")
    }

    // MARK: Places' names

    /// A country's name in the language, from its ISO 3166-1 alpha-2 code ("GB": "United Kingdom"; CLDR's names,
    /// `CountryNames`); a code the table lacks is said as itself.
    package func countryName(_ code: String) -> String {
        CountryNames.name(code, in: strings.language) ?? code
    }

    /// A place's name in the language with its country said in full, for the lists plain mode reads out (the
    /// namesakes, the recent cities): "Springfield, Missouri, United States".
    package func spokenName(_ place: Place) -> String {
        placeName(place.named(in: strings.language).displayName, place)
    }

    /// "London, England, United Kingdom": a place's name as the views show it, its country's code said as its name.
    /// `place`, where the view has it, says whether the last part is its country; a view that has only the name
    /// takes a last part the table knows as a country's code for one.
    private func placeName(_ shown: String, _ place: Place?) -> String {
        guard let comma = shown.ranges(of: ", ").last else { return shown }
        let code = String(shown[comma.upperBound...])
        guard place.map({ $0.country == code }) ?? true else { return shown }
        let name = countryName(code)
        return name == code ? shown : shown[..<comma.upperBound] + name
    }

    // MARK: Sentences

    /// `text` ending as a sentence does.
    private func sentence(_ text: String) -> String {
        guard let last = text.last else { return text }
        return ".!?:…".contains(last) ? text : text + "."
    }

    /// A text's line breaks as spaces: one sentence a line.
    private func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// A sentence the core wrote from the data, its symbols said in words: "highs 12–16°" is "highs 12 to 16 degrees",
    /// "2.4 mm" "2.4 millimetres", "90%" "90 percent", "15:00–21:00" "15:00 to 21:00".
    package func spoken(_ text: String) -> String {
        let separated = text.replacing("–", with: " " + strings["plain.to"] + " ").replacing("\u{00A0}%", with: " %")
            .replacing("\u{202F}%", with: " %")
        let tokens = separated.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var words: [String] = []
        var index = 0
        while index < tokens.count {
            var token = tokens[index]
            index += 1
            let leading = String(token.prefix { $0 == "(" })
            token.removeFirst(leading.count)
            let trailing = String(token.reversed().prefix { ",.;:)".contains($0) }.reversed())
            token.removeLast(trailing.count)
            let below = token.hasPrefix("<")
            if below { token.removeFirst() }
            func said(_ words: String) -> String { leading + (below ? strings("plain.lessThan", ["value": words]) : words) + trailing }
            if token.hasSuffix("%"), let figure = figure(String(token.dropLast())) {
                words.append(said(strings("plain.percent", ["count": figure.text])))
            } else if let degree = token.firstIndex(of: "°"), let figure = figure(String(token[..<degree])) {
                words.append(said(unit("plain.degrees", figure)))
            } else if trailing.isEmpty, let figure = figure(token), index < tokens.count {
                var next = tokens[index]
                let after = String(next.reversed().prefix { ",.;:)".contains($0) }.reversed())
                next.removeLast(after.count)
                guard let key = Self.unitKeys[next] else {
                    words.append(tokens[index - 1])
                    continue
                }
                index += 1
                words.append(said(unit(key, figure)) + after)
            } else {
                words.append(tokens[index - 1])
            }
        }
        return words.joined(separator: " ")
    }

    /// The unit symbols the core's sentences write, and their words' keys.
    private static let unitKeys = [
        "mm": "plain.mm", "in": "plain.in", "cm": "plain.cm", "km/h": "plain.kmh", "mph": "plain.mph", "m/s": "plain.ms",
        "hPa": "plain.hPa", "inHg": "plain.inHg", "km": "plain.km", "mi": "plain.mi", "%": "plain.percent",
    ]

    /// A figure read back for its wording only (never for a value): its text, and whether it is one, and below zero.
    private func figure(_ text: String) -> (text: String, count: Int?, negative: Bool)? {
        var digits = Substring(text)
        let negative = digits.first == "-" || digits.first == "−"
        if negative { digits = digits.dropFirst() }
        guard let first = digits.first, first.isASCII, first.isNumber,
            digits.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," })
        else { return nil }
        return (String(digits), Int(digits), negative)
    }

    private func unit(_ key: String, _ figure: (text: String, count: Int?, negative: Bool)) -> String {
        let words = key == "plain.percent" ? strings(key, ["count": figure.text])
            : figure.count.map { strings.plural(key, $0) } ?? decimals(key, figure.text)
        return figure.negative ? strings("plain.minus", ["value": words]) : words
    }
}
