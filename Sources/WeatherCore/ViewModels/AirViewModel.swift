import FoundationEssentials

/// An index on its scale with its category: what the current view's "Air" line and each hour of `:air` show.
package struct AirIndex: Equatable, Sendable {
    package var scale: AQIScale
    package var value: Int
    package var category: AirCategory

    package init(scale: AQIScale, value: Int) {
        self.scale = scale
        self.value = value
        category = scale.category(value)
    }

    /// The reading's index on `scale`; nil when the source has none on it.
    package init?(_ reading: AirQuality.Reading, scale: AQIScale) {
        guard let value = reading.index(on: scale) else { return nil }
        self.init(scale: scale, value: value)
    }
}

/// What `:air` shows: the index now and for the coming hours of today, the four pollutants, the pollen.
package struct AirDisplay: Equatable, Sendable {
    /// One pollutant: its key (`pm2_5`, `pm10`, `ozone`, `nitrogen_dioxide`), its figure and its unit.
    package struct Pollutant: Equatable, Sendable {
        package var key: String
        package var value: Double
        package var text: String
    }

    package struct Hour: Equatable, Sendable {
        package var time: String
        package var date: Date
        package var index: AirIndex?
    }

    package struct Pollen: Equatable, Sendable {
        package var kind: PollenKind
        package var grains: Double
        package var level: PollenLevel
    }

    package var place: String
    package var scale: AQIScale
    /// The index now; nil when the source has none on the scale.
    package var index: AirIndex?
    package var pollutants: [Pollutant]
    package var hours: [Hour]
    /// The kinds in the air now (level above none); empty out of season; nil when the source has no pollen here.
    package var pollen: [Pollen]?
    /// The source's name and the line its terms ask for.
    package var source: String
    package var attribution: String
}

extension DisplayFormatter {
    /// `air` at `place` on `scale` (nil: the place's own, `AQIScale.automatic`).
    package func air(_ air: AirQuality, at place: Place, scale: AQIScale? = nil) -> AirDisplay {
        let scale = scale ?? .automatic(for: place)
        let decimal = options.language.decimalSeparator
        let figures: [(String, Double?)] = [
            ("pm2_5", air.now.pm2_5), ("pm10", air.now.pm10), ("ozone", air.now.ozone), ("nitrogen_dioxide", air.now.nitrogenDioxide),
        ]
        let pollutants = figures.compactMap { key, value -> AirDisplay.Pollutant? in
            guard let value else { return nil }
            let unit = "µg/m³"
            return AirDisplay.Pollutant(key: key, value: value, text: "\(UnitFormatting.oneDecimal(value, decimal)) \(unit)")
        }
        let hours = air.hours.map { reading in
            AirDisplay.Hour(
                time: LocalTime(reading.time, utcOffset: air.utcOffset).clockTime(options.clock), date: reading.time,
                index: AirIndex(reading, scale: scale))
        }
        let pollen = air.pollen.map { grains in
            PollenKind.allCases.compactMap { kind -> AirDisplay.Pollen? in
                guard let value = grains[kind], kind.level(value) != .none else { return nil }
                return AirDisplay.Pollen(kind: kind, grains: value, level: kind.level(value))
            }
        }
        return AirDisplay(
            place: place.displayName, scale: scale, index: AirIndex(air.now, scale: scale), pollutants: pollutants, hours: hours,
            pollen: pollen, source: air.source.displayName, attribution: air.source.attribution)
    }
}

/// Publishes the air at a place (`:air`), from the air source the program composes; with none (offline, or a run that
/// has no source), `:air` says there is no air data, or, when the settings turned it off, that it is off and how to
/// turn it on.
@MainActor
package final class AirViewModel: RequestingViewModel {
    package var onUpdate: ((AirDisplay) -> Void)?
    package var options: DisplayOptions {
        didSet { if options != oldValue { publish() } }
    }
    /// Where the air comes from; nil offline and when turned off.
    package var source: (any AirQualityProviding)?
    /// True when the air is turned off (`WEATHER_OR_NOT_AIR=off`): `:air` says so rather than that there is none.
    package var turnedOff = false
    /// The scale chosen (`:aqi`); nil: the place's own.
    package var scale: AQIScale?
    private var shown: (AirQuality, Place)?

    package init(
        service: any WeatherProviding, source: (any AirQualityProviding)?, options: DisplayOptions,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.options = options
        self.source = source
        super.init(service: service, now: now)
    }

    @discardableResult
    package func show(_ place: Place) async -> RequestOutcome {
        guard let source else {
            let error = WeatherError.invalidInput(Phrase(turnedOff ? "error.air.off" : "error.air.none"))
            onError?(error)
            return .failed(error)
        }
        return await runner.run({ try await source.airQuality(for: place) }, apply: { air in
            self.shown = (air, place)
            self.publish()
        })
    }

    package var display: AirDisplay? {
        shown.map { formatter(options).air($0.0, at: $0.1, scale: scale) }
    }

    private func publish() {
        if let display { onUpdate?(display) }
    }
}

extension AirViewModel: ScreenViewModel {
    @discardableResult
    package func show(_ screen: Screen, at place: Place?) async -> RequestOutcome {
        guard let place else { return .cancelled }
        return await show(place)
    }

    package var event: AppEvent? { display.map(AppEvent.air) }

    package func publishEvents(to publish: @escaping (AppEvent) -> Void) {
        onUpdate = { publish(.air($0)) }
    }
}
