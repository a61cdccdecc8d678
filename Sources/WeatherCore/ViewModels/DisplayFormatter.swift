import FoundationEssentials

/// Turns a report (canonical units, UTC) into display structs (the person's units, the place's local time).
package struct DisplayFormatter: Sendable {
    package var options: DisplayOptions {
        didSet { if options.language != oldValue.language { weekdays = WeekdayNames(options.strings) } }
    }
    private var weekdays: WeekdayNames
    /// The language's decimal separator ("2,4 mm").
    private var decimal: Character { options.language.decimalSeparator }
    /// "84 %" or "84%", as the language writes it.
    private var percentSign: String { options.language.percentSign }
    /// The time the views compare against, for ages of stale data.
    package var now: Date

    package init(options: DisplayOptions, now: Date = Date()) {
        self.options = options
        self.now = now
        weekdays = WeekdayNames(options.strings)
    }

    package func current(_ report: WeatherReport) -> CurrentWeatherDisplay {
        let c = report.current
        let units = options.units
        let local = LocalTime(c.observedAt, report.zone)
        let range = highAndLow(report)
        // The 3-hour step that covers now (its amount is what falls now and in the coming hours), else the next one.
        let coming = report.forecast.first { $0.time <= c.observedAt && c.observedAt < $0.time.addingTimeInterval($0.hours * 3600) }
            ?? upcoming(report).first
        return CurrentWeatherDisplay(
            place: report.place.named(in: options.language).displayName,
            observedAt: "\(weekdays.name(local.weekday)) \(local.clockTime(options.clock)) (\(LocalTime.offsetName(report.zone.offset(at: c.observedAt))))",
            condition: c.condition.description(strings),
            conditionCode: c.condition.code,
            conditionGroup: c.condition.group,
            isNight: c.condition.isNight,
            temperature: UnitFormatting.temperature(celsius: c.temperature, units),
            temperatureCelsius: c.temperature,
            feelsLike: UnitFormatting.temperature(celsius: c.feelsLike, units),
            feelsLikeCelsius: c.feelsLike,
            high: range.map { UnitFormatting.temperature(celsius: $0.high, units) },
            low: range.map { UnitFormatting.temperature(celsius: $0.low, units) },
            highCelsius: range?.high,
            lowCelsius: range?.low,
            highLowLabel: range?.label ?? strings["label.highLow"],
            humidity: c.humidity.map { "\($0)\(percentSign)" },
            pressure: c.pressure.map { UnitFormatting.pressure(hectopascals: $0, units, decimal: decimal) },
            wind: c.windSpeed.map { UnitFormatting.speed(metresPerSecond: $0, units) },
            windDirection: c.windDegrees.map { strings["compass." + CompassDirection.cardinal(degrees: $0)] },
            windDegrees: c.windDegrees,
            gusts: c.windGust.map { UnitFormatting.speed(metresPerSecond: $0, units) },
            visibility: c.visibility.map { UnitFormatting.distance(metres: $0, units, decimal: decimal) },
            cloudCover: c.cloudCover.map { "\($0)\(percentSign)" },
            precipitation: precipitationText(c),
            sunrise: c.sunrise.map { clock($0, report) },
            sunset: c.sunset.map { clock($0, report) },
            comingPrecipitation: coming?.precipitation.map { UnitFormatting.precipitation(millimetres: $0, units, decimal: decimal) },
            comingPrecipitationChance: coming?.precipitationProbability.map { UnitFormatting.percent(fraction: $0, sign: percentSign) },
            notice: Notice(noticeParts(report, observation: true)), provider: providerName(report),
            context: context(report), conditions: c, comingStep: coming, highLowCoversToday: range?.coversToday,
            uvIndex: c.uvIndex, uvOrigin: report.uvOrigin, uvProvider: uvProvider(report))
    }

    /// The name of the provider the report's UV index comes from, when it is not the one that answered.
    func uvProvider(_ report: WeatherReport) -> String? {
        guard let origin = report.uvOrigin, origin.provider != report.provider else { return nil }
        return origin.provider.displayName
    }

    /// An index as a row shows it: in daylight only (above zero, as every provider's is at night), nil otherwise.
    private func daylight(_ index: Double?) -> Double? {
        index.flatMap { $0 > 0 ? $0 : nil }
    }

    /// What a view of `report` is of, typed, for `--json`.
    func context(_ report: WeatherReport) -> ViewContext {
        ViewContext(
            place: report.place.named(in: options.language), provider: report.provider, failover: report.failover, source: report.source,
            zone: report.zone, units: options.units, now: now)
    }

    /// Today's high and low when the provider forecasts whole days; otherwise the coming 24 hours', current reading
    /// included: at 21:00 the rest of today is one slot, and calling that "today's high" would be false. The coming
    /// hours are read hour by hour where the provider has them (as `:hourly 1h` and the 5-day rows read them), then
    /// in its steps: a cold hour inside a 3-hour step is the low here as it is there.
    func highAndLow(_ report: WeatherReport) -> (high: Double, low: Double, label: String, coversToday: Bool)? {
        let c = report.current
        let today = LocalTime(c.observedAt, report.zone).dayNumber
        if let days = report.days, days.contains(where: { LocalTime($0.date, report.zone).dayNumber == today && $0.isWhole }),
            let day = DailySummary.days(
                current: c, forecast: report.forecast, zone: report.zone, count: 1, providerDays: days, hourly: report.hourly
            ).first
        {
            return (day.high, day.low, strings["label.highLow"], true)
        }
        let end = c.observedAt.addingTimeInterval(86_400)
        let hours = (report.hourly ?? []).filter { $0.time > c.observedAt && $0.time <= end }
        let later = report.forecast.filter { $0.time > (hours.last?.time ?? c.observedAt) && $0.time <= end }
        let temperatures = [c.temperature] + (hours + later).compactMap(\.temperature)
        guard temperatures.count > 1, let high = temperatures.max(), let low = temperatures.min() else { return nil }
        return (high, low, strings["label.highLow24"], false)
    }

    /// "Now" from the current conditions, then up to `count` slots after the observation: 3-hour steps, or with
    /// `hourByHour` `count` hours in the provider's 1-hour steps (when it has none, the same hours in as many 3-hour
    /// steps as cover them, said so: 24 hours are 8 rows, not 24 rows of 72 hours).
    package func hourly(_ report: WeatherReport, count: Int, hourByHour: Bool = false) -> HourlyDisplay {
        let c = report.current
        let units = options.units
        var rows = [
            HourlyRow(
                kind: .weather, time: strings["hourly.now"], condition: c.condition.description(strings), conditionCode: c.condition.code,
                conditionGroup: c.condition.group, isNight: c.condition.isNight,
                temperature: UnitFormatting.temperature(celsius: c.temperature, units), temperatureCelsius: c.temperature,
                // No amount: the observation's is for the past hour or three, the column's for the steps ahead.
                precipitationChance: nil, precipitationProbability: nil, precipitationAmount: nil,
                humidity: c.humidity.map { "\($0)\(percentSign)" },
                wind: c.windSpeed.map { UnitFormatting.speed(metresPerSecond: $0, units) }, startsDay: nil, uvIndex: daylight(c.uvIndex),
                date: c.observedAt)
        ]
        var day = LocalTime(c.observedAt, report.zone).dayNumber
        let byHour = hourByHour ? report.hourly : nil
        let rowCount = hourByHour && byHour == nil ? (count + 2) / 3 : count
        let window = Array(upcoming(report, slots: byHour ?? report.forecast).prefix(max(0, rowCount)))
        var sunEvents = self.sunEvents(report, until: window.last?.time ?? c.observedAt)
        for slot in window {
            while let event = sunEvents.first, event.time <= slot.time {
                sunEvents.removeFirst()
                let local = LocalTime(event.time, report.zone)
                let startsDay = local.dayNumber != day ? weekdays.name(local.weekday) : nil
                day = local.dayNumber
                rows.append(sunRow(event.kind, local, startsDay: startsDay, date: event.time))
            }
            let local = LocalTime(slot.time, report.zone)
            let startsDay = local.dayNumber != day ? weekdays.name(local.weekday) : nil
            day = local.dayNumber
            rows.append(
                HourlyRow(
                    kind: .weather, time: local.clockTime(options.clock), condition: slot.condition.description(strings),
                    conditionCode: slot.condition.code, conditionGroup: slot.condition.group, isNight: slot.condition.isNight,
                    temperature: slot.temperature.map { UnitFormatting.temperature(celsius: $0, units) } ?? "–",
                    temperatureCelsius: slot.temperature,
                    precipitationChance: slot.precipitationProbability.map { UnitFormatting.percent(fraction: $0, sign: percentSign) },
                    precipitationProbability: slot.precipitationProbability,
                    precipitationAmount: slot.precipitation.flatMap {
                        $0 > 0 ? UnitFormatting.precipitation(millimetres: $0, units, decimal: decimal) : nil
                    },
                    humidity: slot.humidity.map { "\($0)\(percentSign)" },
                    wind: slot.windSpeed.map { UnitFormatting.speed(metresPerSecond: $0, units) }, startsDay: startsDay,
                    uvIndex: daylight(slot.uvIndex), date: slot.time, slot: slot))
        }
        let steps: [Notice.Part] = hourByHour && byHour == nil
            ? [report.source == .sample ? .threeHourSampleSteps : .threeHourSteps(provider: report.provider)]
            : []
        return HourlyDisplay(
            place: report.place.named(in: options.language).displayName, summary: summaries.hourlySummary(report, window: window),
            hours: ForecastSummaries.hours(window), rows: rows, notice: Notice(steps + noticeParts(report)),
            provider: providerName(report), context: context(report), observation: c, uvOrigin: report.uvOrigin)
    }

    /// Five local days starting today.
    package func daily(_ report: WeatherReport) -> DailyDisplay {
        let units = options.units
        let days = DailySummary.days(
            current: report.current, forecast: report.forecast, zone: report.zone, providerDays: report.days,
            hourly: report.hourly)
        let today = LocalTime(report.current.observedAt, report.zone).dayNumber
        let sun = sunTimes(report)
        let rows = days.map { day in
            DayRow(
                day: day.dayNumber == today ? strings["daily.today"] : weekdays.name(day.weekday),
                condition: day.condition.description(strings), conditionCode: day.condition.code, conditionGroup: day.condition.group,
                high: UnitFormatting.temperature(celsius: day.high, units),
                low: UnitFormatting.temperature(celsius: day.low, units),
                highCelsius: day.high, lowCelsius: day.low,
                precipitationChance: day.precipitationProbability.map { UnitFormatting.percent(fraction: $0, sign: percentSign) } ?? "–",
                precipitationProbability: day.precipitationProbability,
                precipitationAmount: day.precipitation.flatMap {
                    $0 > 0 ? UnitFormatting.precipitation(millimetres: $0, units, decimal: decimal) : nil
                },
                summary: day, sunrise: sun[day.dayNumber]?.sunrise, sunset: sun[day.dayNumber]?.sunset, uvIndexMax: day.uvIndexMax)
        }
        return DailyDisplay(
            place: report.place.named(in: options.language).displayName, summary: summaries.dailySummary(days), rows: rows, notice: notice(report),
            provider: providerName(report), context: context(report), uvOrigin: report.uvOrigin)
    }

    /// Each local day's sunrise and sunset, by day number: the provider's own days', else the observation's (today's).
    private func sunTimes(_ report: WeatherReport) -> [Int: (sunrise: Date?, sunset: Date?)] {
        var times: [Int: (sunrise: Date?, sunset: Date?)] = [:]
        let day = { (date: Date) in LocalTime(date, report.zone).dayNumber }
        if let sunrise = report.current.sunrise { times[day(sunrise), default: (nil, nil)].sunrise = sunrise }
        if let sunset = report.current.sunset { times[day(sunset), default: (nil, nil)].sunset = sunset }
        for given in report.days ?? [] where given.sunrise != nil || given.sunset != nil {
            times[day(given.date)] = (given.sunrise, given.sunset)
        }
        return times
    }

    /// The `:rain` sentence alone.
    package func rainOutlook(_ report: WeatherReport) -> String { summaries.rainOutlook(report) }

    /// When it next rains or snows (`:rain`): from the hourly forecast, saying so, and first the next two hours to the
    /// step when a nowcast of the place is at hand (its steps from now on, what falls where the source does not say
    /// taken from the weather now: `nowcastAhead`).
    package func rain(_ report: WeatherReport, nowcast: Nowcast? = nil) -> RainDisplay {
        let summaries = summaries
        let ahead = nowcast.map { nowcastAhead($0, report) }.flatMap { $0.steps.isEmpty ? nil : $0 }
        return RainDisplay(
            place: report.place.named(in: options.language).displayName,
            outlook: summaries.rainOutlook(report) + " " + summaries.hourlyBasis(report), nowcast: ahead,
            minutes: ahead.flatMap { summaries.nowcastSentence($0, report) }, nowcastStart: ahead?.steps.first.map { clock($0.time, report) },
            nowcastEnd: ahead?.end.map { clock($0, report) }, zone: report.zone, notice: notice(report), provider: providerName(report))
    }

    /// The current view's minute-level line, from `nowcast`'s steps from now on: nil when none is left.
    package func nowcastLine(_ nowcast: Nowcast, _ report: WeatherReport) -> (Nowcast, String)? {
        let ahead = nowcastAhead(nowcast, report)
        guard !ahead.steps.isEmpty, let sentence = summaries.nowcastSentence(ahead, report) else { return nil }
        return (ahead, sentence)
    }

    /// The nowcast's steps from now on, those whose source says nothing of what falls taking the report's condition
    /// now (its snow, sleet or rain: `Nowcast.fillingKinds(from:)`).
    func nowcastAhead(_ nowcast: Nowcast, _ report: WeatherReport) -> Nowcast {
        nowcast.ahead(of: now).fillingKinds(from: report.current.condition.group)
    }

    var summaries: ForecastSummaries { ForecastSummaries(options: options) }

    /// The words of the language chosen.
    private var strings: Strings { options.strings }

    /// Sunrises and sunsets from the observation up to `end`: the provider's own for each day where it gives them,
    /// else today's from the API and later days' a day apart.
    func sunEvents(_ report: WeatherReport, until end: Date) -> [(kind: HourlyRow.Kind, time: Date)] {
        var events: [(kind: HourlyRow.Kind, time: Date)] = []
        let given = (report.days ?? []).flatMap { day in
            [(HourlyRow.Kind.sunrise, day.sunrise), (.sunset, day.sunset)].compactMap { kind, time in time.map { (kind: kind, time: $0) } }
        }
        if !given.isEmpty {
            return given.filter { $0.time > report.current.observedAt && $0.time <= end }.sorted { $0.time < $1.time }
        }
        for (kind, first) in [(HourlyRow.Kind.sunrise, report.current.sunrise), (.sunset, report.current.sunset)] {
            guard var time = first else { continue }
            while time <= end {
                if time > report.current.observedAt { events.append((kind, time)) }
                time.addTimeInterval(86_400)
            }
        }
        return events.sorted { $0.time < $1.time }
    }

    private func sunRow(_ kind: HourlyRow.Kind, _ local: LocalTime, startsDay: String?, date: Date) -> HourlyRow {
        HourlyRow(
            kind: kind, time: local.clockTime(options.clock), condition: kind.rawValue, conditionCode: 0,
            conditionGroup: .unknown, isNight: kind == .sunset, temperature: "", temperatureCelsius: 0,
            precipitationChance: nil, precipitationProbability: nil, precipitationAmount: nil, humidity: nil, wind: nil,
            startsDay: startsDay, date: date)
    }

    /// The slots after the observation, the ones the hourly view can show (of `slots`, or the 3-hour steps).
    package func upcoming(_ report: WeatherReport, slots: [ForecastSlot]? = nil) -> [ForecastSlot] {
        (slots ?? report.forecast).filter { $0.time > report.current.observedAt }
    }

    /// What a view says above its figures: that another provider answered, and when the data is not live.
    package func notice(_ report: WeatherReport) -> Notice? {
        Notice(noticeParts(report))
    }

    /// With `observation`, for the current view: also that its observation is far older than its fetch.
    private func noticeParts(_ report: WeatherReport, observation: Bool = false) -> [Notice.Part] {
        let failover = report.failover.flatMap { failover -> Notice.Part? in
            switch failover.skipped {
            case nil: .failover(from: failover.from, to: report.provider, reason: failover.reason)
            case .sayingSo: .resting(from: failover.from, to: report.provider, reason: failover.reason)
            case .saidBefore: nil
            }
        }
        let deprecated = report.productIsDeprecated
            ? Notice.Part.deprecated(provider: report.provider) : nil
        // No zone and no offset from the provider: the times shown are UTC, and the view says so.
        let utc = report.zone == .unknown ? Notice.Part.utc : nil
        let old = observation ? oldObservation(report) : nil
        return [failover, notice(report.source, from: report.provider), old, deprecated, utc].compactMap { $0 }
    }

    /// How much older than its fetch an observation may be before the current view says when it was made: 3 hours
    /// (providers observe every 10 to 60 minutes; OpenWeather's stations can lag an hour or two).
    package static let oldObservationAge: TimeInterval = 3 * 3600

    /// That the observation is more than `oldObservationAge` older than the answer holding it (a stuck station, a
    /// caching proxy), with its local date and time; nil for sample data, whose clock follows the real one and
    /// which is already marked.
    func oldObservation(_ report: WeatherReport) -> Notice.Part? {
        let fetchedAt: Date
        switch report.source {
        case .live(let at), .stale(let at, _), .refreshing(let at), .copy(let at): fetchedAt = at
        case .sample: return nil
        }
        let observed = report.current.observedAt
        guard fetchedAt.timeIntervalSince(observed) > Self.oldObservationAge else { return nil }
        let local = LocalTime(observed, report.zone)
        return .oldObservation(at: local, time: local.clockTime(options.clock))
    }

    /// The provider's name for a view's header, when it is not the one a person gets without choosing.
    /// Sample data names no provider: it is nobody's weather.
    package func providerName(_ report: WeatherReport) -> String? {
        guard report.source != .sample else { return nil }
        let isDefault = options.defaultProvider.map { report.provider == $0 } ?? true
        return !isDefault || report.failover != nil ? report.provider.displayName : nil
    }

    /// What a view says when its data, from `provider`, is not live.
    package func notice(_ source: DataSource, from provider: ProviderID) -> Notice.Part? {
        switch source {
        case .live: nil
        case .sample: .sample
        case .stale(let fetchedAt, let reason): .stale(age: age(fetchedAt), reason: reason, provider: provider)
        case .refreshing(let fetchedAt): .refreshing(age: age(fetchedAt))
        case .copy(let fetchedAt): .copy(age: age(fetchedAt))
        }
    }

    /// How long before `now` a copy was fetched, in seconds.
    private func age(_ fetchedAt: Date) -> Int { max(0, Int(saturating: now.timeIntervalSince(fetchedAt))) }

    private func clock(_ date: Date, _ report: WeatherReport) -> String {
        LocalTime(date, report.zone).clockTime(options.clock)
    }

    private func precipitationText(_ c: CurrentConditions) -> String? {
        // "Rain 1.5 mm in the last hour", "Snow 3 mm in the last 3 hours".
        let parts = [("precipitation.rain", c.rain), ("precipitation.snow", c.snow)].compactMap { key, amount -> String? in
            guard let amount, amount.millimetres > 0 else { return nil }
            let figure = UnitFormatting.precipitation(millimetres: amount.millimetres, options.units, decimal: decimal)
            return strings.plural(key, amount.hours, ["amount": figure])
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
