import FoundationEssentials
import HTTPKit
import WeatherCore

/// What a one-shot `--json` run prints, version 2: the one view it showed, or an object holding each view by name,
/// with `"version"` at the top. Every field is described in the README ("JSON output") and in
/// docs/weather-or-not.schema.json, which the tests hold real output to.
///
/// Built from the typed values behind each view, never from its text: numbers as numbers in the units named once in
/// `"units"`, percentages 0–100, directions in degrees, times in ISO 8601 with the place's offset at that moment, a
/// figure the provider left out as null. Words (a condition's description, the summaries, the notice) are separate
/// fields, in the language of `strings`.
struct JSONDocument {
    /// The document's version: 2 since the figures became numbers (version 1 was the display text).
    static let version = 2

    var current: CurrentWeatherDisplay?
    var hourly: HourlyDisplay?
    var daily: DailyDisplay?
    var places: PlacesDisplay?
    /// `--map`: the places (and a one-place map's region cities) with the frame a pipe's map is drawn in.
    var map: PlacesDisplay?
    /// The official warnings for the current view's place, when they were asked.
    var warnings: WarningsDisplay?
    /// The language the words are in.
    var strings = Strings.terminal(.english)
    /// How the place was found when no city was typed (`--here`, `--locate`); nil for a city typed or the last one.
    var located: Located?

    /// How a place was found without a city typed: `"located"` beside `"version"`.
    enum Located: Equatable {
        /// `--here`: the home `:home` saved.
        case home
        /// `--here`: a guess from this time zone.
        case timeZone(String)
        /// `--locate`: the place the IP geolocation service at this host gave.
        case ipAddress(service: String)

        var json: JSONValue {
            switch self {
            case .home: .object(["by": .string("home")])
            case .timeZone(let zone): .object(["by": .string("timeZone"), "zone": .string(zone)])
            case .ipAddress(let service): .object(["by": .string("ipAddress"), "service": .string(service)])
            }
        }
    }

    /// Pretty-printed JSON, keys sorted; nil when no view came.
    var text: String? {
        var views: [String: JSONValue] = [:]
        if let current { views["current"] = .object(currentView(current)) }
        if let hourly { views["hourly"] = .object(hourlyView(hourly)) }
        if let daily { views["daily"] = .object(dailyView(daily)) }
        if let places { views["places"] = .object(placesView(places)) }
        if let map { views["map"] = .object(mapView(map)) }
        guard let only = views.first else { return nil }
        var document = views.count == 1 ? only.value.object ?? [:] : views
        document["version"] = .number(Double(Self.version))
        if let located { document["located"] = located.json }
        return JSONValue.object(document).prettyPrinted
    }

    private func currentView(_ d: CurrentWeatherDisplay) -> [String: JSONValue] {
        let figures = Figures(context: d.context)
        let c = d.conditions
        var view = figures.header(view: "current", place: d.place, notice: d.notice, strings: strings)
        view["observedAt"] = figures.time(c?.observedAt)
        view["condition"] = figures.condition(code: d.conditionCode, group: d.conditionGroup, description: d.condition, isNight: d.isNight)
        view["temperature"] = figures.temperature(d.temperatureCelsius)
        view["feelsLike"] = figures.temperature(d.feelsLikeCelsius)
        view["high"] = figures.temperature(d.highCelsius)
        view["low"] = figures.temperature(d.lowCelsius)
        view["highLowPeriod"] = d.highLowCoversToday.map { .string($0 ? "today" : "next24Hours") } ?? .null
        view["humidity"] = Figures.whole(c?.humidity)
        view["pressure"] = figures.pressure(c?.pressure)
        view["wind"] = figures.wind(speed: c?.windSpeed, gust: c?.windGust, degrees: c?.windDegrees)
        view["visibility"] = figures.distance(c?.visibility)
        view["cloudCover"] = Figures.whole(c?.cloudCover)
        view["recentRain"] = figures.recent(c?.rain)
        view["recentSnow"] = figures.recent(c?.snow)
        view["sunrise"] = figures.time(c?.sunrise)
        view["sunset"] = figures.time(c?.sunset)
        view["uvIndex"] = d.uvIndex.map { index in
            let category = UVCategory(index: index)
            return .object([
                "value": Figures.uvIndex(index), "whole": .number(Double(UVIndex.whole(index))),
                "category": .string(category.rawValue), "description": .string(strings["uv." + category.rawValue]),
            ])
        } ?? .null
        view["uvSource"] = Figures.uvSource(d.uvOrigin)
        view["air"] = d.air.map { air in
            .object([
                "scale": .string(air.scale.rawValue), "index": .number(Double(air.value)), "category": .string(air.category.rawValue),
                "description": .string(strings["air." + air.category.rawValue]),
                "source": d.airSource.map { .string($0.rawValue) } ?? .null,
                "attribution": d.airSource.map { .string($0.attribution) } ?? .null,
            ])
        } ?? .null
        view["minutes"] = d.nowcast.map { figures.minutes($0, summary: d.nowcastSentence) } ?? .null
        if let warnings { view["warnings"] = figures.warnings(warnings) }
        view["currentStep"] = d.comingStep.map { step in
            .object(figures.interval(step).merging([
                "precipitation": figures.precipitation(step.precipitation),
                "precipitationChance": Figures.percent(step.precipitationProbability),
            ]) { $1 })
        } ?? .null
        return view
    }

    /// The places followed, in the list's order: each one's number, whether it is the home, and its current weather
    /// as the current view's (null when no provider answered for it).
    private func placesView(_ d: PlacesDisplay) -> [String: JSONValue] {
        [
            "view": .string("places"),
            "places": .array(d.rows.map { .object(placeView($0)) }),
        ]
    }

    /// One place of the list: its number, name, whether it is the home, where it is, its local time and weather.
    private func placeView(_ row: PlaceRow) -> [String: JSONValue] {
        [
            "number": .number(Double(row.number)), "name": .string(row.place.displayName), "home": .bool(row.isHome),
            "latitude": .number(row.place.latitude), "longitude": .number(row.place.longitude),
            "localTime": Figures(context: row.weather?.context).time(row.weather?.context?.now),
            "weather": row.weather.map { .object(currentView($0)) } ?? .null,
        ]
    }

    /// The map as a pipe draws it (80 × 20): its frame, the places as the list has them with where each falls on the
    /// map (its cell, null when outside the frame) and whether its label fits, and a one-place map's region cities.
    private func mapView(_ d: PlacesDisplay) -> [String: JSONValue] {
        let renderer = Renderer(style: .plain, width: MapFrame.pipeSize.columns, strings: strings)
        let frame = renderer.mapFrame(d, maxRows: MapFrame.pipeSize.rows)
        let picture = renderer.mapPicture(d, in: frame)
        func cell(_ place: Place) -> JSONValue {
            frame.cell(latitude: place.latitude, longitude: place.longitude).map { cell in
                .object(["column": .number(Double(cell.column)), "row": .number(Double(cell.row))])
            } ?? .null
        }
        var view: [String: JSONValue] = ["view": .string("map")]
        view["places"] = .array(d.rows.map { row in
            var place = placeView(row)
            place["cell"] = cell(row.place)
            place["labelled"] = .bool(picture.labelsShown.contains(row.number))
            return .object(place)
        })
        view["frame"] = .object([
            "west": Figures.rounded(frame.west, 4), "span": Figures.rounded(frame.span, 4),
            "south": Figures.rounded(frame.south, 4),
            "north": Figures.rounded(frame.north, 4), "columns": .number(Double(frame.columns)), "rows": .number(Double(frame.rows)),
            "world": .bool(frame.isWorld),
        ])
        view["regionCities"] = .array(d.regionCities.map { row in
            .object([
                "name": .string(row.place.displayName), "latitude": .number(row.place.latitude), "longitude": .number(row.place.longitude),
                "cell": cell(row.place), "temperature": Figures(context: row.weather?.context).temperature(row.weather?.temperatureCelsius),
            ])
        })
        view["regionSource"] = d.regionAttribution.map { .string($0) } ?? .null
        return view
    }

    private func hourlyView(_ d: HourlyDisplay) -> [String: JSONValue] {
        let figures = Figures(context: d.context)
        var view = figures.header(view: "hourly", place: d.place, notice: d.notice, strings: strings)
        view["summary"] = .string(d.summary)
        view["hours"] = .number(Double(d.hours))
        let weather = d.rows.filter { $0.kind == .weather }
        view["now"] = weather.first { $0.slot == nil }.map { row in
            let c = d.observation
            return .object([
                "observedAt": figures.time(row.date),
                "condition": figures.condition(code: row.conditionCode, group: row.conditionGroup, description: row.condition, isNight: row.isNight),
                "temperature": figures.temperature(row.temperatureCelsius),
                "humidity": Figures.whole(c?.humidity),
                "wind": figures.wind(speed: c?.windSpeed, gust: c?.windGust, degrees: c?.windDegrees),
                "uvIndex": Figures.uvIndex(c?.uvIndex),
            ])
        } ?? .null
        view["rows"] = .array(weather.compactMap { row in
            row.slot.map { slot in
                .object(figures.interval(slot).merging([
                    "condition": figures.condition(code: row.conditionCode, group: row.conditionGroup, description: row.condition, isNight: row.isNight),
                    "temperature": figures.temperature(slot.temperature),
                    "precipitation": figures.precipitation(slot.precipitation),
                    "precipitationChance": Figures.percent(slot.precipitationProbability),
                    "humidity": Figures.whole(slot.humidity),
                    "wind": figures.wind(speed: slot.windSpeed, gust: nil, degrees: slot.windDegrees),
                    "uvIndex": Figures.uvIndex(slot.uvIndex),
                ]) { $1 })
            }
        })
        view["sun"] = .array(d.rows.filter { $0.kind != .weather }.map { row in
            .object(["event": .string(row.kind.rawValue), "time": figures.time(row.date)])
        })
        view["uvSource"] = Figures.uvSource(d.uvOrigin)
        return view
    }

    private func dailyView(_ d: DailyDisplay) -> [String: JSONValue] {
        let figures = Figures(context: d.context)
        var view = figures.header(view: "daily", place: d.place, notice: d.notice, strings: strings)
        view["summary"] = .string(d.summary)
        view["days"] = .array(d.rows.map { row in
            .object([
                "date": row.summary.map { .string(Figures.date(dayNumber: $0.dayNumber)) } ?? .null,
                "condition": figures.condition(code: row.conditionCode, group: row.conditionGroup, description: row.condition, isNight: false),
                "high": figures.temperature(row.highCelsius),
                "low": figures.temperature(row.lowCelsius),
                "precipitation": figures.precipitation(row.summary?.precipitation),
                "precipitationChance": Figures.percent(row.precipitationProbability),
                "sunrise": figures.time(row.sunrise),
                "sunset": figures.time(row.sunset),
                "uvIndexMax": Figures.uvIndex(row.uvIndexMax),
            ])
        })
        view["uvSource"] = Figures.uvSource(d.uvOrigin)
        return view
    }
}

/// Figures as the document writes them: in the view's units, rounded to what the unit can tell, null when missing
/// (or not a finite number); times at the place's offset.
private struct Figures {
    let context: ViewContext?
    var units: UnitSystem { context?.units ?? .metric }

    /// What every view starts with: which view, where, who answered, how fresh, in which units and language.
    func header(view: String, place displayName: String, notice: Notice?, strings: Strings) -> [String: JSONValue] {
        var header: [String: JSONValue] = [
            "view": .string(view),
            "language": .string(strings.language.code),
            "units": .object([
                "temperature": .string(UnitFormatting.Unit.temperature(units)),
                "wind": .string(UnitFormatting.Unit.speed(units)),
                "pressure": .string(UnitFormatting.Unit.pressure(units)),
                "precipitation": .string(UnitFormatting.Unit.precipitation(units)),
                "visibility": .string(UnitFormatting.Unit.distance(units)),
            ]),
            "notice": notice.map { .string($0.words(strings)) } ?? .null,
            "place": .null, "provider": .null, "failover": .null, "source": .null,
        ]
        guard let context else { return header }
        let place = context.place
        header["place"] = .object([
            "displayName": .string(displayName),
            "name": place.name.isEmpty ? .null : .string(place.name),
            "region": place.state.map { .string($0) } ?? .null,
            "country": place.country.map { .string($0) } ?? .null,
            "latitude": Self.rounded(place.latitude, 4),
            "longitude": Self.rounded(place.longitude, 4),
            "timeZone": (place.timeZone ?? context.zone.name).map { .string($0) } ?? .null,
        ])
        // Sample data is nobody's weather: it names no provider.
        if context.source != .sample { header["provider"] = .string(context.provider.rawValue) }
        header["failover"] = context.failover.map { failover in
            .object(["from": .string(failover.from.rawValue), "reason": .string(failover.reason.shortReason(strings))])
        } ?? .null
        header["source"] = source(context.source, now: context.now, strings)
        return header
    }

    /// Live, a copy (stale: refreshing it failed; refreshing; or an older copy) with its age, or sample data.
    private func source(_ source: DataSource, now: Date, _ strings: Strings) -> JSONValue {
        let (kind, fetchedAt, reason): (String, Date?, WeatherError?) = switch source {
        case .live(let at): ("live", at, nil)
        case .stale(let at, let reason): ("stale", at, reason)
        case .refreshing(let at): ("refreshing", at, nil)
        case .copy(let at): ("copy", at, nil)
        case .sample: ("sample", nil, nil)
        }
        return .object([
            "kind": .string(kind),
            "fetchedAt": time(fetchedAt),
            "ageSeconds": fetchedAt.map { Self.rounded(max(0, now.timeIntervalSince($0)), 0) } ?? .null,
            "reason": reason.map { .string($0.shortReason(strings)) } ?? .null,
        ])
    }

    func condition(code: Int, group: ConditionGroup, description: String, isNight: Bool) -> JSONValue {
        .object([
            "code": .number(Double(code)), "group": .string(group.rawValue), "description": .string(description),
            "isNight": .bool(isNight),
        ])
    }

    /// Speeds in the wind unit, the bearing the wind comes from in degrees, and its compass point ("SW").
    /// The warnings: covered or not, the services that failed, each active warning with its times in local time.
    func warnings(_ d: WarningsDisplay) -> JSONValue {
        .object([
            "covered": .bool(!d.noService), "unavailable": .array(d.unavailable.map(JSONValue.string)),
            "items": .array(d.items.map { item in
                let w = item.warning
                return .object([
                    "event": .string(w.event), "level": .string(w.level.key), "area": .string(w.area), "onset": time(w.onset),
                    "expires": time(w.expires), "issuer": .string(w.issuer), "headline": .string(w.headline),
                    "description": .string(w.description), "instruction": .string(w.instruction), "language": .string(w.language),
                ])
            }),
        ])
    }

    func wind(speed: Double?, gust: Double?, degrees: Double?) -> JSONValue {
        .object([
            "speed": speed.map { Self.rounded(UnitFormatting.speedValue(metresPerSecond: $0, units), 1) } ?? .null,
            "gust": gust.map { Self.rounded(UnitFormatting.speedValue(metresPerSecond: $0, units), 1) } ?? .null,
            "degrees": degrees.map { Self.rounded($0, 0) } ?? .null,
            "compass": degrees.flatMap { $0.isFinite ? .string(CompassDirection.cardinal(degrees: $0)) : nil } ?? .null,
        ])
    }

    /// The interval a forecast step stands for: its start, its end and its length in hours.
    func interval(_ slot: ForecastSlot) -> [String: JSONValue] {
        ["start": time(slot.time), "end": time(slot.time.addingTimeInterval(slot.hours * 3600)), "hours": Self.rounded(slot.hours, 2)]
    }

    /// The next two hours to the step: the source, its step and whether it is radar, each step's start, end and rate
    /// (in the precipitation unit an hour), intensity and what falls (null when dry), and whether that is the source's
    /// word or the weather's condition now.
    func minutes(_ nowcast: Nowcast, summary: String?) -> JSONValue {
        .object([
            "source": .string(nowcast.source.rawValue), "attribution": .string(nowcast.source.attribution),
            "stepMinutes": .number(Double(nowcast.stepMinutes)), "radar": .bool(nowcast.isRadar),
            "summary": summary.map(JSONValue.string) ?? .null,
            "steps": .array(nowcast.steps.map { step in
                .object([
                    "start": time(step.time), "end": time(step.time.addingTimeInterval(nowcast.stepSeconds)),
                    "precipitationRate": precipitation(step.millimetresPerHour),
                    "intensity": step.intensity.map { .string($0.rawValue) } ?? .null,
                    "kind": step.intensity == nil ? .null : step.kind.map { .string($0.rawValue) } ?? .null,
                    "kindFrom": step.intensity == nil || step.kind == nil ? .null : .string(step.kindFromWeather ? "weather" : "source"),
                ])
            }),
        ])
    }

    /// Rain or snow that fell before the observation: the amount and the hours it covers.
    func recent(_ amount: Precipitation?) -> JSONValue {
        amount.map { .object(["amount": precipitation($0.millimetres), "hours": .number(Double($0.hours))]) } ?? .null
    }

    func temperature(_ celsius: Double?) -> JSONValue {
        celsius.map { Self.rounded(UnitFormatting.temperatureValue(celsius: $0, units), 1) } ?? .null
    }

    func pressure(_ hectopascals: Double?) -> JSONValue {
        hectopascals.map { Self.rounded(UnitFormatting.pressureValue(hectopascals: $0, units), units == .imperial ? 2 : 1) } ?? .null
    }

    func distance(_ metres: Double?) -> JSONValue {
        metres.map { Self.rounded(UnitFormatting.distanceValue(metres: $0, units), 2) } ?? .null
    }

    func precipitation(_ millimetres: Double?) -> JSONValue {
        millimetres.map { Self.rounded(UnitFormatting.precipitationValue(millimetres: $0, units), units == .imperial ? 3 : 2) } ?? .null
    }

    /// A UV index as given, to 2 decimals (so 7.49, which the WHO's rounding makes 7, is not written 7.5).
    static func uvIndex(_ index: Double?) -> JSONValue {
        index.map { rounded($0, 2) } ?? .null
    }

    /// Who a view's UV index comes from, whether it is for a clear sky (MET Norway's), and that provider's
    /// attribution; null when the view has none.
    static func uvSource(_ origin: UVOrigin?) -> JSONValue {
        origin.map { origin in
            .object([
                "provider": .string(origin.provider.rawValue), "clearSky": .bool(origin.isClearSky),
                "attribution": .string(origin.provider.attribution),
            ])
        } ?? .null
    }

    /// A chance, 0…1, as a whole percentage.
    static func percent(_ fraction: Double?) -> JSONValue {
        fraction.map { rounded(min(1, max(0, $0)) * 100, 0) } ?? .null
    }

    static func whole(_ value: Int?) -> JSONValue {
        value.map { .number(Double($0)) } ?? .null
    }

    /// `value` to `places` decimals; null when it is not a finite number.
    static func rounded(_ value: Double, _ places: Int) -> JSONValue {
        let scale = [1.0, 10, 100, 1000, 10_000][min(4, max(0, places))]
        let result = (value * scale).rounded() / scale
        return result.isFinite ? .number(result) : .null
    }

    /// "2026-11-25T18:00:00+00:00": the moment in the place's local time, with the offset there and then.
    func time(_ date: Date?) -> JSONValue {
        guard let date, let context else { return .null }
        let seconds = date.timeIntervalSince1970
        // Outside the years 1 to 9999: not a time a view shows.
        guard seconds.isFinite, seconds >= -62_135_596_800, seconds < 253_402_300_800 else { return .null }
        let offset = context.offset(at: date)
        let local = LocalTime(date, utcOffset: offset)
        let second = Int(seconds.rounded(.down)) + offset
        return .string(
            Self.date(local) + "T" + Self.pad(local.hour) + ":" + Self.pad(local.minute) + ":" + Self.pad((second % 60 + 60) % 60)
                + String(LocalTime.offsetName(offset).dropFirst(3)))
    }

    /// "2026-11-25" for a local day number (days since 1970-01-01).
    static func date(dayNumber: Int) -> String {
        date(LocalTime(Date(timeIntervalSince1970: Double(dayNumber) * 86_400), utcOffset: 0))
    }

    private static func date(_ local: LocalTime) -> String {
        String(repeating: "0", count: max(0, 4 - String(local.year).count)) + "\(local.year)-\(pad(local.month))-\(pad(local.day))"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
