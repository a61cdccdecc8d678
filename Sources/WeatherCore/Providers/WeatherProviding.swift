import FoundationEssentials

/// Finds places and fetches their weather: what a view model needs from the outside world.
package protocol WeatherProviding: Sendable {
    /// Every distinct place matching the query; throws `WeatherError.placeNotFound` when there is none.
    func places(matching query: LocationQuery) async throws -> [Place]
    /// Current conditions and forecast for a place, fetched concurrently (or from the cache).
    func report(for place: Place) async throws -> WeatherReport
    /// The report built from cached answers alone, with no request: `.live` while they are fresh (`report(for:)`
    /// would make no request either), else `.refreshing`, meant to be shown while `report(for:)` fetches a newer
    /// one. Nil when an answer it needs is not cached, or is older than `ResponseCache.retention`.
    func cachedReport(for place: Place) async -> WeatherReport?
    /// Opens, in one go and sending nothing, the connections a report from known coordinates will take (the
    /// weather's, and the UV index's where it comes from elsewhere) and, with `naming`, the one a name search will
    /// take: a place found in the built-in table is asked for beside its geocoder's names, and each request then
    /// finds its connection opening rather than opening its own once its task runs. A provider without any does nothing.
    func prepareReport(naming: Bool)
    /// The reports of several places, in their order, nil for a place that could not be had (`:places`); throws
    /// only when none could. By default one report a place, four at a time (`ManyPlaces`); a provider that answers
    /// for many places in one request does so.
    func reports(for places: [Place]) async throws -> [WeatherReport?]
}

extension WeatherProviding {
    package func prepareReport(naming: Bool) {}
}

/// True while a name search runs beside a report whose connections, the search's among them, were opened together
/// (`prepareReport(naming: true)`): the search then opens none ahead of a report, as it does when it finds a place's
/// coordinates (those would be spares, the report's requests having taken theirs).
package enum PreparedConnections {
    @TaskLocal package static var forSearch = false
    /// Where what is asked beside the weather for every place goes (the air's server): a name search that goes to
    /// the network and `prepareReport(naming:)` open one connection for each in the same call as the report's, so a
    /// request beside the weather never takes the one opened for the weather's UV index and leaves that to open its
    /// own once the coordinates are in (two round trips after the weather). Set by the view model around the search.
    @TaskLocal package static var alongside: [URL] = []
}

/// A weather service as the core knows it: the id the preferences save ("open-meteo"), its name in sentences, the
/// line its terms ask for, and whether it needs a key. The core names no service: the values are made where the
/// services are (WeatherProviders' `ProviderID.openWeather` and the others) and handed in, in a `ProviderCatalog`.
/// Two values with the same id are the same provider.
package struct ProviderID: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The id the preferences file, `--provider` and `:provider` use.
    package let rawValue: String
    /// How the provider is named in sentences ("… did not answer").
    package let displayName: String
    /// The line its terms ask for wherever its data is shown.
    package let attribution: String
    /// True when it answers only with an API key.
    package let needsKey: Bool
    /// Other names `:provider` and `WEATHER_PROVIDER` take for it, in lower-case letters ("owm"); its id, its name
    /// and these are compared with the letters of what was typed.
    package let spellings: [String]
    /// The environment variable that points it at another address (a mirror, a test server), which a hint names when
    /// it answers strangely; empty when there is none.
    package let baseURLVariable: String

    package init(
        rawValue: String, displayName: String, attribution: String, needsKey: Bool, spellings: [String] = [],
        baseURLVariable: String = ""
    ) {
        self.rawValue = rawValue
        self.displayName = displayName
        self.attribution = attribution
        self.needsKey = needsKey
        self.spellings = spellings
        self.baseURLVariable = baseURLVariable
    }

    /// An id read back from a file, not yet matched with a provider (its name is its id): `ProviderCatalog.known`
    /// gives the provider it names, or nil.
    package init(rawValue: String) {
        self.init(rawValue: rawValue, displayName: rawValue, attribution: "", needsKey: false)
    }

    package var description: String { rawValue }

    package static func == (a: ProviderID, b: ProviderID) -> Bool { a.rawValue == b.rawValue }
    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// The providers a run can ask, handed to the core by the program that composes them (WeatherProviders'
/// `ProviderCatalog.standard`): what `:provider` lists and accepts, and who answers when nobody chose.
package struct ProviderCatalog: Sendable {
    /// Every provider, in the order lists show them.
    package let all: [ProviderID]
    /// The names of the places offline mode has samples of, for Tab and for "no sample data for …".
    package let samplePlaces: @Sendable () -> [String]

    package init(_ all: [ProviderID], samplePlaces: @escaping @Sendable () -> [String] = { [] }) {
        self.all = all
        self.samplePlaces = samplePlaces
    }

    /// The provider a person gets without choosing: the first that can answer (with a key, the first of all;
    /// without, the first keyless one).
    package func defaultProvider(hasKey: Bool) -> ProviderID? {
        all.first { hasKey || !$0.needsKey }
    }

    /// The ones that answer without a key, in order: those failover falls back on.
    package var keyless: [ProviderID] { all.filter { !$0.needsKey } }

    /// The provider a spelling names ("open-meteo", "openmeteo", "Open-Meteo", "metno"), case and everything but
    /// letters aside; nil for none.
    package func named(_ name: String) -> ProviderID? {
        let key = Self.letters(name)
        return all.first { provider in
            ([provider.rawValue, provider.displayName] + provider.spellings).contains { Self.letters($0) == key }
        }
    }

    /// The provider with `id`'s id (one read from a file), or nil when there is none.
    package func known(_ id: ProviderID?) -> ProviderID? {
        all.first { $0 == id }
    }

    private static func letters(_ name: String) -> String {
        name.lowercased().filter { $0.isLetter }
    }
}
