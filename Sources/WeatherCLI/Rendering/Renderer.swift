import WeatherCore

/// Turns display structs into lines that fit the terminal's width (40 columns and up).
///
/// Each cell is built from typed values and styled before the table is laid out; nothing is parsed back out of text.
/// When a view is too wide, it narrows in a stated order (each view's `steps`), never by letting the terminal wrap.
package struct Renderer: Sendable {
    package var style: Style
    package var width: Int
    /// The words of the language chosen, for labels and headings (the display structs bring the figures, and the
    /// words made from data, already in it).
    package var strings: Strings
    /// Where the views are read: a notice's hints name prompt commands there, options on the command line.
    package var context: MessageContext
    /// Plain mode: messages and lists as sentences, one a line, never wrapped nor laid out in columns (the views
    /// themselves are `PlainRenderer`'s).
    package var plain = false

    /// The narrowest layout the views are made for.
    package static let minimumWidth = 40

    package init(style: Style, width: Int, strings: Strings = Strings.terminal(.english), context: MessageContext = .commandLine) {
        self.style = style
        self.width = max(Self.minimumWidth, width)
        self.strings = strings
        self.context = context
    }

    private func text(_ text: String, _ look: Look? = nil) -> Line { style.line(text, look) }
    private func temperature(_ text: String, _ celsius: Double?) -> Line {
        style.line(text, celsius.map { .temperature(celsius: $0) })
    }

    /// A view's first line, "Place  detail"; when it does not fit, the place on a line of its own and the detail below.
    private func heading(_ place: Line, _ detail: Line, separator: String = "") -> [Line] {
        let whole = place + text(separator) + detail
        if whole.width <= width { return [whole] }
        let colon = strings["heading.separator"]
        let rest = Line(detail.plain.hasPrefix(colon) ? [style.span(String(detail.plain.dropFirst(colon.count)), .dim)] : detail.spans)
        // The place on its own line ends with the separator less its trailing space (":", French "\u{00A0}:").
        let mark = colon.hasSuffix(" ") ? String(colon.dropLast()) : colon
        return (place + (separator.isEmpty ? text(mark) : Line())).wrapped(to: width) + rest.wrapped(to: width)
    }

    /// " · Open-Meteo" after a heading, when a view names its provider.
    private func via(_ provider: String?) -> String {
        provider.map { " · " + $0 } ?? ""
    }

    /// "! Sample data…" above a view, wrapped.
    private func notice(_ notice: Notice?) -> [Line] {
        notice.map { self.notice($0.words(strings, in: context)) } ?? []
    }

    private func notice(_ words: String) -> [Line] {
        style.paragraph("! " + words, width: width, .warning)
    }

    // MARK: Current

    /// The drawing beside the figures from 60 columns; below that, the figures alone.
    package func current(_ d: CurrentWeatherDisplay) -> [Line] {
        var lines = notice(d.notice)
        lines += heading(text(d.place, .bold), text(d.observedAt + via(d.provider), .dim), separator: "  ")
        let art = Art.lines(d.conditionGroup, night: d.isNight)
        let withArt = width >= 60 && !art.isEmpty
        let indent = withArt ? Art.width + 2 : 2
        let room = width - indent
        var details = (text("\(style.glyph(d.conditionGroup, night: d.isNight)) \(d.condition), ") + temperature(d.temperature, d.temperatureCelsius)
            + feelsLike(d)).wrapped(to: room)
        var rows: [[Line]] = []
        if let high = d.high, let low = d.low {
            rows.append([text(d.highLowLabel), temperature(high, d.highCelsius) + text(" / ") + temperature(low, d.lowCelsius)])
        }
        if let wind = wind(d) { rows.append([text(strings["label.wind"]), text(wind)]) }
        if let humidity = d.humidity { rows.append([text(strings["label.humidity"]), text(humidity)]) }
        if let pressure = d.pressure { rows.append([text(strings["label.pressure"]), text(pressure)]) }
        if let visibility = d.visibility { rows.append([text(strings["label.visibility"]), text(visibility)]) }
        if let clouds = d.cloudCover { rows.append([text(strings["label.cloudCover"]), text(clouds)]) }
        // In daylight: a night's 0 says nothing (`%u` and --json still give it).
        if let uv = d.uvIndex, uv > 0 || !d.isNight {
            rows.append([text(strings["label.uv"]), uvIndex(uv, worded: true) + text(uvQualifier(d))])
        }
        if let precipitation = d.precipitation { rows.append([text(strings["label.precipitation"]), text(precipitation)]) }
        if let air = d.air { rows.append([text(strings["label.air"]), airIndex(air)]) }
        if let minutes = d.nowcastSentence { rows.append([text(nowcastLabel(d.nowcast)), text(minutes)]) }
        if let sunrise = d.sunrise, let sunset = d.sunset {
            rows.append([text(strings["label.sun"]), text(strings("current.sun", ["sunrise": sunrise, "sunset": sunset]))])
        }
        let table = Table(columns: [Table.Column(), Table.Column(wraps: true)], rows: rows)
        details += table.render(table.fit(room, steps: []), ellipsis: style.ellipsis)
        let pictures = withArt ? art.map { style.line($0, .art(d.conditionGroup)).padded(to: Art.width) } : []
        for i in 0..<max(pictures.count, details.count) {
            let picture = i < pictures.count ? pictures[i] : Line().padded(to: withArt ? Art.width : 0)
            let left = withArt ? picture + text("  ") : text("  ")
            lines.append((left + (i < details.count ? details[i] : Line())).trimmingTrailingSpaces)
        }
        return lines
    }

    /// "6" or "6 high": the index as the WHO writes it (a whole number), and its category's word, in the category's colour.
    private func uvIndex(_ index: Double, worded: Bool = false) -> Line {
        let category = UVCategory(index: index)
        let figure = String(UVIndex.whole(index))
        return style.line(worded ? figure + " " + strings["uv." + category.rawValue] : figure, .uv(category))
    }

    /// " (clear sky)" after MET Norway's index, " (Open-Meteo)" after one another provider gives.
    private func uvQualifier(_ d: CurrentWeatherDisplay) -> String {
        let notes = [d.uvOrigin?.isClearSky == true ? strings["uv.clearSky"] : nil, d.uvProvider].compactMap { $0 }
        return notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
    }

    /// " (feels like 5 °C)", the temperature styled as one.
    private func feelsLike(_ d: CurrentWeatherDisplay) -> Line {
        text(" (" + strings["current.feelsLike"] + " ") + temperature(d.feelsLike, d.feelsLikeCelsius) + text(")")
    }

    /// "13 km/h from SW ↗, gusts 26 km/h": the arrow shows where the air goes, the words where it comes from.
    private func wind(_ d: CurrentWeatherDisplay) -> String? {
        guard var wind = d.wind else { return nil }
        if let direction = d.windDirection {
            wind += " " + strings("wind.from", ["direction": direction])
            if style.unicode, let degrees = d.windDegrees { wind += " " + CompassDirection.arrow(windFrom: degrees) }
        }
        if let gusts = d.gusts { wind += ", " + strings("wind.gusts", ["speed": gusts]) }
        return wind
    }

    // MARK: Hourly

    /// Columns of the hourly table.
    private enum HourlyColumn: Int, CaseIterable {
        case time, glyph, condition, temperature, level, chance, bar, amount, humidity, wind, uv
    }

    /// The hourly view narrows in this order: conditions narrow to 20 columns, Humidity goes, then the rain bars, the temperature graph, UV,
    /// Wind and Amount; then conditions narrow to their short forms, and last are left out (the glyph stays). A condition too
    /// wide for its column is shown in its short form ("storm"), never cut.
    static let hourlySteps: [Table.Step] = [
        .shrink(HourlyColumn.condition.rawValue, minimum: 20), .drop(HourlyColumn.humidity.rawValue), .drop(HourlyColumn.bar.rawValue),
        .drop(HourlyColumn.level.rawValue), .drop(HourlyColumn.uv.rawValue), .drop(HourlyColumn.wind.rawValue),
        .drop(HourlyColumn.amount.rawValue),
        .shorten(HourlyColumn.condition.rawValue), .drop(HourlyColumn.condition.rawValue),
    ]

    package func hourly(_ d: HourlyDisplay) -> [Line] {
        var lines = notice(d.notice)
        lines += heading(text(d.place, .bold), text(strings["heading.separator"] + strings.plural("hourly.heading", d.hours) + via(d.provider), .dim))
        lines += style.paragraph(d.summary, width: width)
        let weather = d.rows.filter { $0.kind == .weather }
        let scale = Graph.scale(weather.compactMap(\.temperatureCelsius))
        // A provider that gives no chance (MET Norway's compact forecast) has no chance column: an empty one would
        // stay while Amount, which it does give, is dropped at narrow widths.
        let chance = weather.contains { $0.precipitationChance != nil } ? "column.chance" : ""
        // UV in daylight only: a view whose rows are all at night (or a provider without it) has no UV column.
        let uv = weather.contains { $0.uvIndex != nil } ? "column.uv" : ""
        let header = ["column.time", "", "column.condition", "column.temperature", "", chance, "", "column.amount", "column.humidity", "column.wind", uv]
            .map { text($0.isEmpty ? "" : strings[$0], .dim) }
        var rows: [[Line]] = [header]
        for row in weather {
            rows.append([
                text(row.time), text(style.glyph(row.conditionGroup, night: row.isNight)), text(row.condition),
                temperature(row.temperature, row.temperatureCelsius),
                text(row.temperatureCelsius.map { Graph.level($0, on: scale, unicode: style.unicode) } ?? ""),
                text(row.precipitationChance ?? ""),
                text(row.precipitationProbability.map { Graph.bar(probability: $0, unicode: style.unicode) } ?? ""),
                text(row.precipitationAmount ?? ""), text(row.humidity ?? ""), text(row.wind ?? ""),
                row.uvIndex.map { uvIndex($0) } ?? Line(),
            ])
        }
        let right: Set<HourlyColumn> = [.temperature, .chance, .amount, .humidity, .wind, .uv]
        // The sun's rows are drawn apart but share the time column: their times ("5:45 PM") count in its width.
        let sunTimes = d.rows.filter { $0.kind != .weather }.map { [text($0.time)] + Array(repeating: Line(), count: header.count - 1) }
        let table = Table(
            columns: HourlyColumn.allCases.map { Table.Column(rightAligned: right.contains($0)) }, rows: rows + sunTimes,
            shortForms: [HourlyColumn.condition.rawValue: [nil] + weather.map { short($0.conditionGroup) }])
        let layout = table.fit(width, steps: Self.hourlySteps)
        let tableWidth = layout.shown.map { layout.widths[$0] }.reduce(0, +) + table.gap * (layout.shown.count - 1)
        lines += table.renderRow(0, layout, ellipsis: style.ellipsis)
        var weatherIndex = 1
        for row in d.rows {
            if let day = row.startsDay {
                let label = (style.unicode ? "── " : "-- ") + day + " "
                lines.append(text(label + String(repeating: style.unicode ? "─" : "-", count: max(0, tableWidth - TextWidth.of(label))), .dim))
            }
            if row.kind == .weather {
                lines += table.renderRow(weatherIndex, layout, ellipsis: style.ellipsis)
                weatherIndex += 1
            } else {
                // The sun's rows: the time in the time column, an arrow where the glyphs are, the word after it.
                let mark = row.kind == .sunrise ? (style.unicode ? "↑" : "^") : (style.unicode ? "↓" : "v")
                let time = Line([style.span(row.time)]).padded(to: layout.widths[HourlyColumn.time.rawValue])
                lines.append(Line([style.span(time.plain + "  " + mark + "  " + strings["hourly." + row.kind.rawValue], .dim)]))
            }
        }
        return lines
    }

    // MARK: Daily

    private enum DailyColumn: Int, CaseIterable {
        case day, glyph, condition, low, range, high, chance, amount, uv
    }

    /// The 5-day view narrows in this order: the range bar shrinks from 30 to 10 cells, then goes; conditions narrow
    /// to their short forms ("rain" for "slight rain"); UV goes, then Amount; conditions are left out last (the glyph
    /// stays). A condition is never cut.
    static let dailySteps: [Table.Step] = [
        .shrink(DailyColumn.range.rawValue, minimum: 10), .drop(DailyColumn.range.rawValue), .shorten(DailyColumn.condition.rawValue),
        .drop(DailyColumn.uv.rawValue), .drop(DailyColumn.amount.rawValue), .drop(DailyColumn.condition.rawValue),
    ]

    package func daily(_ d: DailyDisplay) -> [Line] {
        var lines = notice(d.notice)
        lines += heading(text(d.place, .bold), text(strings["heading.separator"] + strings.plural("daily.heading", d.rows.count) + via(d.provider), .dim))
        lines += style.paragraph(d.summary, width: width)
        let coldest = d.rows.map(\.lowCelsius).min() ?? 0
        let warmest = d.rows.map(\.highCelsius).max() ?? 0
        // Each day's highest UV index, "–" for a day without one (MET Norway's after its hourly part); no column when
        // no day has one.
        let uv = d.rows.contains { $0.uvIndexMax != nil }
        func rows(barWidth: Int) -> [[Line]] {
            [["column.day", "", "column.condition", "column.low", "", "column.high", "column.chance", "column.amount", uv ? "column.uv" : ""]
                .map { text($0.isEmpty ? "" : strings[$0], .dim) }]
                + d.rows.map { row in
                    [
                        text(row.day), text(style.glyph(row.conditionGroup, night: false)), text(row.condition),
                        temperature(row.low, row.lowCelsius),
                        text(Graph.range(low: row.lowCelsius, high: row.highCelsius, from: coldest, to: warmest, width: barWidth, unicode: style.unicode)),
                        temperature(row.high, row.highCelsius), text(row.precipitationChance), text(row.precipitationAmount ?? ""),
                        row.uvIndexMax.map { uvIndex($0) } ?? text(uv ? "–" : ""),
                    ]
                }
        }
        let columns = DailyColumn.allCases.map { Table.Column(rightAligned: [.low, .high, .chance, .amount, .uv].contains($0)) }
        let shortForms = [DailyColumn.condition.rawValue: [nil] + d.rows.map { short($0.conditionGroup) }]
        // Laid out with the widest bar, then drawn again at the width the bar was given.
        let layout = Table(columns: columns, rows: rows(barWidth: 30), shortForms: shortForms).fit(width, steps: Self.dailySteps)
        let table = Table(columns: columns, rows: rows(barWidth: layout.widths[DailyColumn.range.rawValue]), shortForms: shortForms)
        lines += table.render(layout, ellipsis: style.ellipsis)
        return lines
    }

    /// A condition's short form in the language: its group's word ("rain", "storm"), for a column too narrow for it.
    private func short(_ group: ConditionGroup) -> Line? {
        text(strings["condition.short." + group.rawValue])
    }

    // MARK: Rain

    package func rain(_ d: RainDisplay) -> [Line] {
        rainWithMinutes(d, heading: text(d.place, .bold) + text(via(d.provider), .dim), notice: notice(d.notice))
    }

    // MARK: Places

    private enum PlacesColumn: Int, CaseIterable {
        case number, name, time, glyph, condition, temperature, low, high
    }

    /// The list of places narrows in this order: conditions to their short forms, the local time goes, then the
    /// condition (the glyph stays); names are cut with an ellipsis down to 12 columns, then the low and the high go
    /// together (never one of the pair), and past that the names are cut further. One line a place, always.
    static let placesSteps: [Table.Step] = [
        .shorten(PlacesColumn.condition.rawValue), .drop(PlacesColumn.time.rawValue), .drop(PlacesColumn.condition.rawValue),
        .shrink(PlacesColumn.name.rawValue, minimum: 12), .dropAll([PlacesColumn.low.rawValue, PlacesColumn.high.rawValue]),
        .shrink(PlacesColumn.name.rawValue, minimum: 1),
    ]

    /// `:places`: one line a place, numbered (a number opens it), with its local time, weather now and today's high
    /// and low; a place no provider answered for says so on its line.
    package func places(_ d: PlacesDisplay) -> [Line] {
        guard !d.rows.isEmpty else { return message(strings["places.none"]) }
        var lines = notice(d.notice)
        lines += style.paragraph(strings["places.heading"] + via(d.provider), width: width, .dim)
        let header = ["", "", "column.time", "", "column.condition", "column.temperature", "column.low", "column.high"]
            .map { text($0.isEmpty ? "" : strings[$0], .dim) }
        // A copy among live answers says so on its line (all copies: the notice above says it once).
        let marks = d.rows.map { row in
            let marks = (row.isHome ? [strings["places.home"]] : []) + (row.weather?.notice != nil && d.notice == nil ? [strings["places.copy"]] : [])
            return marks.isEmpty ? Line() : text(" " + marks.joined(separator: " "), .dim)
        }
        let rows = zip(d.rows, marks).map { row, marks -> [Line] in
            let name = text(row.place.displayName) + marks
            guard let w = row.weather else {
                return [text("\(row.number)."), name, text(""), text(""), text(strings["places.unavailable"], .dim), text("–"), text(""), text("")]
            }
            return [
                text("\(row.number)."), name, text(row.localTime ?? ""), text(style.glyph(w.conditionGroup, night: w.isNight)),
                text(w.condition), temperature(w.temperature, w.temperatureCelsius),
                w.low.map { temperature($0, w.lowCelsius) } ?? text("–"), w.high.map { temperature($0, w.highCelsius) } ?? text("–"),
            ]
        }
        let columns = PlacesColumn.allCases.map { Table.Column(rightAligned: [.number, .temperature, .low, .high].contains($0)) }
        let shortForms = [PlacesColumn.condition.rawValue: [nil] + d.rows.map { row in row.weather.flatMap { short($0.conditionGroup) } }]
        var table = Table(columns: columns, rows: [header] + rows, shortForms: shortForms)
        let layout = table.fit(width, steps: Self.placesSteps)
        // A name cut keeps its marks after it ("Testford, E… (home)") while they leave it 6 columns.
        let room = layout.widths[PlacesColumn.name.rawValue]
        for (index, row) in d.rows.enumerated() where !marks[index].spans.isEmpty && text(row.place.displayName).width + marks[index].width > room {
            let nameRoom = room - marks[index].width
            if nameRoom >= 6 { table.rows[index + 1][PlacesColumn.name.rawValue] = text(row.place.displayName).truncated(to: nameRoom, ellipsis: style.ellipsis) + marks[index] }
        }
        lines += table.render(layout, ellipsis: style.ellipsis)
        return lines
    }

    /// `:map`: the places as numbered pins with their temperatures, framed to them (the world when they span it), at
    /// the width (40 to 200 columns) and at most `maxRows` rows; the places whose label could not be placed are named
    /// under it with their numbers.
    package func map(_ d: PlacesDisplay, maxRows: Int = MapFrame.maximumRows) -> [Line] {
        guard !d.rows.isEmpty else { return message(strings["places.none"]) }
        return map(d, in: mapFrame(d, maxRows: maxRows), cross: nil)
    }

    /// The frame `map` draws the places in.
    package func mapFrame(_ d: PlacesDisplay, maxRows: Int = MapFrame.maximumRows) -> MapFrame {
        let columns = min(max(width, MapFrame.columnRange.lowerBound), MapFrame.columnRange.upperBound)
        return MapFrame.fitting(mapPins(d).map { ($0.latitude, $0.longitude) }, columns: columns, maxRows: maxRows)
    }

    /// `:map` at the prompt: the map with the cross, or the list, and under it the keys that work and the point
    /// under the cross.
    package func map(exploring e: MapExplorer) -> [Line] {
        let numbers = e.display.rows.count == 1 ? "1" : "1–\(e.display.rows.count)"
        guard !e.showsList else {
            return places(e.display) + style.paragraph(strings("map.keys.list", ["numbers": numbers]), width: width, .dim)
        }
        return map(e.display, in: e.frame, cross: e.cross)
            + style.paragraph(strings("map.keys", ["point": e.pointText, "numbers": numbers]), width: width, .dim)
    }

    private func mapPins(_ d: PlacesDisplay) -> [MapPin] {
        d.rows.map { row in
            MapPin(
                number: row.number, latitude: row.place.latitude, longitude: row.place.longitude,
                name: row.place.name.isEmpty ? row.place.displayName : row.place.name,
                temperature: row.weather?.temperature, celsius: row.weather?.temperatureCelsius)
        }
    }

    /// The region's cities of a one-place map, marked by a dot, after the numbered places (placed first).
    private func regionPins(_ d: PlacesDisplay) -> [MapPin] {
        d.regionCities.map { row in
            MapPin(
                number: 0, latitude: row.place.latitude, longitude: row.place.longitude, name: row.place.name.isEmpty ? row.place.displayName : row.place.name,
                temperature: row.weather?.temperature, celsius: row.weather?.temperatureCelsius, isNumbered: false)
        }
    }

    /// The picture `map` draws in a frame: which numbers and labels it shows.
    package func mapPicture(_ d: PlacesDisplay, in frame: MapFrame, cross: MapExplorer.Cell? = nil) -> MapPicture {
        MapRenderer(style: style).draw(mapPins(d) + regionPins(d), in: frame, cross: cross)
    }

    private func map(_ d: PlacesDisplay, in frame: MapFrame, cross: MapExplorer.Cell?) -> [Line] {
        var lines = notice(d.notice)
        lines += style.paragraph(strings["places.heading"] + via(d.provider), width: width, .dim)
        let pins = mapPins(d)
        let picture = mapPicture(d, in: frame, cross: cross)
        lines += picture.lines
        let unlabelled = pins.filter { !picture.labelsShown.contains($0.number) }.map { pin in
            "\(pin.number). \(pin.name)" + (pin.temperature.map { " " + $0 } ?? "")
        }
        if !unlabelled.isEmpty { lines += style.paragraph(unlabelled.joined(separator: "  "), width: width, .dim) }
        if let attribution = d.regionAttribution { lines += style.paragraph(attribution, width: width, .dim) }
        return lines
    }

    // MARK: Air

    /// "good (AQI 32)", "fair (European AQI 18)": the category's word in its colour, and the index on its scale.
    private func airIndex(_ index: AirIndex) -> Line {
        style.line(strings["air." + index.category.rawValue], .air(index.category))
            + text(" (" + strings("air.index." + index.scale.rawValue, ["index": String(index.value)]) + ")")
    }

    /// `:air`: the index now, the four pollutants, the coming hours of today, the pollen; the source in the heading.
    package func air(_ d: AirDisplay) -> [Line] {
        var lines = heading(text(d.place, .bold), text(via(d.source), .dim))
        var now: [[Line]] = [[text(strings["air.now"]), d.index.map(airIndex) ?? text("–")]]
        for pollutant in d.pollutants { now.append([text(strings["air.pollutant." + pollutant.key]), text(pollutant.text)]) }
        let table = Table(columns: [Table.Column(), Table.Column(wraps: true)], rows: now)
        lines += table.render(table.fit(width, steps: []), ellipsis: style.ellipsis)
        let hours = d.hours.compactMap { hour in hour.index.map { [text(hour.time), airIndex($0)] } }
        if !hours.isEmpty {
            lines.append(text(strings["air.today"], .bold))
            let table = Table(columns: [Table.Column(), Table.Column(wraps: true)], rows: hours)
            lines += table.render(table.fit(width, steps: []), ellipsis: style.ellipsis)
        }
        lines.append(text(strings["air.pollen"], .bold))
        switch d.pollen {
        case nil: lines += style.paragraph(strings["air.pollen.noData"], width: width)
        case let pollen? where pollen.isEmpty: lines += style.paragraph(strings["air.pollen.none"], width: width)
        case let pollen?:
            let rows = pollen.map { [text(strings["pollen." + $0.kind.rawValue]), text(strings["pollen.level." + $0.level.rawValue])] }
            let table = Table(columns: [Table.Column(), Table.Column(wraps: true)], rows: rows)
            lines += table.render(table.fit(width, steps: []), ellipsis: style.ellipsis)
        }
        lines += style.paragraph(d.attribution, width: width, .dim)
        return lines
    }

    // MARK: Compare

    /// Two current views side by side; a notice (sample or stale data) is said once above them. Below 64 columns the
    /// two stand one above the other, each value beside its label.
    package func compare(_ a: CurrentWeatherDisplay, _ b: CurrentWeatherDisplay) -> [Line] {
        func column(_ d: CurrentWeatherDisplay) -> [Line] {
            [
                text(d.place, .bold), text(d.observedAt, .dim),
                text("\(style.glyph(d.conditionGroup, night: d.isNight)) \(d.condition)"),
                temperature(d.temperature, d.temperatureCelsius) + feelsLike(d),
                d.high.flatMap { high in d.low.map { temperature(high, d.highCelsius) + text(" / ") + temperature($0, d.lowCelsius) } } ?? Line(),
                text(d.wind.map { [$0, d.windDirection.map { strings("wind.from", ["direction": $0]) }].compactMap { $0 }.joined(separator: " ") } ?? "–"),
                text(d.humidity ?? "–"),
                // No amount in the last hour: none, but under a drawing of rain or snow the amount is unknown (MET
                // Norway reports none past), never "none".
                text(d.precipitation ?? (d.conditionGroup.isWet ? "–" : strings["compare.none"])),
            ]
        }
        let labels = ["", "", strings["compare.now"], strings["label.temperature"], a.highLowLabel, strings["label.wind"], strings["label.humidity"], strings["label.precipitation"]]
            .map { text($0) }
        let rows = zip(labels, zip(column(a), column(b))).map { [$0.0, $0.1.0, $0.1.1] }
        var lines: [Line] = []
        for words in Array(Set([a.notice, b.notice].compactMap { $0?.words(strings, in: context) })).sorted() { lines += notice(words) }
        guard width >= 64 else {
            for (index, place) in [column(a), column(b)].enumerated() {
                if index > 0 { lines.append(Line()) }
                lines += heading(place[0], place[1], separator: "  ")
                let table = Table(columns: [Table.Column(), Table.Column(wraps: true)], rows: Array(zip(labels, place).map { [$0, $1] }.dropFirst(2)))
                lines += table.render(table.fit(width, steps: []), ellipsis: style.ellipsis)
            }
            return lines
        }
        let table = Table(columns: [Table.Column(), Table.Column(wraps: true), Table.Column(wraps: true)], rows: rows, gap: 3)
        let labelWidth = labels.map(\.width).max() ?? 0
        let half = (width - labelWidth - 2 * table.gap) / 2
        lines += table.render(table.fit(width, steps: [.limit(1, to: half), .limit(2, to: half)]), ellipsis: style.ellipsis)
        return lines
    }

    // MARK: Lists and messages

    /// The prompt: the place's name ("London, GB"), cut to a third of the width (at least 12 columns) so a very long
    /// name leaves room to type; " (offline)" and "> " after it.
    package func prompt(_ name: String?, offline: Bool) -> Line {
        text(name ?? strings["prompt.noPlace"]).truncated(to: max(12, width / 3), ellipsis: style.ellipsis)
            + text((offline ? " " + strings["prompt.offline"] : "") + "> ")
    }

    /// A message, wrapped at spaces; its own line breaks are kept.
    package func message(_ text: String, _ look: Look? = nil) -> [Line] {
        if plain { return text.split(separator: "\n", omittingEmptySubsequences: false).map { style.line(String($0), look) } }
        return style.paragraph(text, width: width, look)
    }

    /// Numbered entries ("  1. London, England, GB"), each wrapped with its continuation under the text.
    package func numbered(_ entries: [String], marked: Int? = nil) -> [Line] {
        if plain { return entries.enumerated().map { text("\($0.offset + 1). " + $0.element + ($0.offset == marked ? " " + strings["list.shown"] : "")) } }
        let rows = entries.enumerated().map { index, entry in
            [text(String(index + 1) + "."), text(entry + (index == marked ? "  " + strings["list.shown"] : ""))]
        }
        let table = Table(columns: [Table.Column(rightAligned: true), Table.Column(wraps: true)], rows: rows, gap: 1)
        return table.render(table.fit(width - 2, steps: []), ellipsis: style.ellipsis).map { text("  ") + $0 }
    }

    /// Pairs of a term and its description ("  :hourly [N]   the next…"), descriptions wrapped under themselves.
    package func definitions(_ pairs: [(String, String)], indent: Int = 2) -> [Line] {
        if plain { return pairs.map { text($0.1.isEmpty ? $0.0 : $0.0 + strings["heading.separator"] + $0.1) } }
        let rows = pairs.map { [text($0.0), text($0.1)] }
        let table = Table(columns: [Table.Column(), Table.Column(wraps: true)], rows: rows, gap: 2)
        let pad = text(String(repeating: " ", count: indent))
        return table.render(table.fit(width - indent, steps: []), ellipsis: style.ellipsis).map { pad + $0 }
    }

    /// Items in columns, filled top to bottom as readline lists completions.
    package func columns(_ items: [String]) -> [Line] {
        if plain { return items.map { text($0) } }
        let cells = items.map { text($0) }
        let widest = (cells.map(\.width).max() ?? 0) + 2
        let count = max(1, min(cells.count, (width + 2) / max(1, widest)))
        let height = (cells.count + count - 1) / count
        return (0..<height).map { row in
            var line = Line()
            for column in 0..<count {
                let index = column * height + row
                guard index < cells.count else { break }
                line = line + (column == count - 1 ? cells[index] : cells[index].padded(to: widest))
            }
            return line.trimmingTrailingSpaces
        }
    }
}
