import Glibc

/// The part of the world a map shows and how it lies on the terminal: an equirectangular projection whose east–west
/// degrees are shrunk by the cosine of the middle latitude (so that shapes keep their proportions there), on a grid of
/// `columns` × `rows` cells of 2 × 4 Braille dots, which are about square on a terminal.
///
/// The frame may cross the 180th meridian: `west` is its left edge in -180..<180 and `span` its width, so the
/// frame of Fiji and Samoa starts near 170° E and ends past 180°, and every longitude is placed by its distance east
/// of `west`.
package struct MapFrame: Equatable, Sendable {
    /// The longitude of the left edge, in -180..<180.
    package let west: Double
    /// Degrees of longitude across, at most 360.
    package let span: Double
    package let south: Double
    package let north: Double
    package let columns: Int
    package let rows: Int

    /// The widths the map is drawn at, and the most rows it takes.
    package static let columnRange = 40...200
    package static let maximumRows = 24
    /// The size of a map printed to a pipe or a file, where no terminal gives one.
    package static let pipeSize = (columns: 80, rows: 20)

    /// True when the frame goes all the way round.
    package var isWorld: Bool { span >= 360 }

    /// Dots per degree, east–west and north–south.
    var dotsPerLongitude: Double { Double(columns * 2) / span }
    var dotsPerLatitude: Double { Double(rows * 4) / (north - south) }

    /// Degrees east of `west`, in the turn that lies nearest the frame: a place just west of the frame is a little
    /// negative, not nearly 360.
    func east(of longitude: Double) -> Double {
        (longitude - west - span / 2).remainder(dividingBy: 360) + span / 2
    }

    /// Where a point falls, in dots from the top left (fractions kept); outside the canvas when it is outside the
    /// frame.
    package func dot(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        (east(of: longitude) * dotsPerLongitude, (north - latitude) * dotsPerLatitude)
    }

    /// The cell a point falls in, or nil when it is outside the frame.
    package func cell(latitude: Double, longitude: Double) -> (column: Int, row: Int)? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        let (x, y) = dot(latitude: latitude, longitude: longitude)
        let column = Int((x / 2).rounded(.down)), row = Int((y / 4).rounded(.down))
        guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
        return (column, row)
    }

    /// The point at the middle of a cell; its longitude in -180..<180.
    package func coordinate(column: Int, row: Int) -> (latitude: Double, longitude: Double) {
        let latitude = north - (Double(row) + 0.5) * 4 / dotsPerLatitude
        let longitude = west + (Double(column) + 0.5) * 2 / dotsPerLongitude
        return (latitude, Self.normalized(longitude))
    }

    /// A longitude in -180..<180.
    static func normalized(_ longitude: Double) -> Double {
        let turned = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (turned < 0 ? turned + 360 : turned) - 180
    }

    package init(west: Double, span: Double, south: Double, north: Double, columns: Int, rows: Int) {
        self.west = west
        self.span = span
        self.south = south
        self.north = north
        self.columns = columns
        self.rows = rows
    }

    // MARK: Framing

    /// The latitudes the whole world is shown between, unless places lie beyond: the inhabited world, without most
    /// of Antarctica.
    static let worldLatitudes = (south: -58.0, north: 84.0)
    /// The margin around the places, as a share of their extent, and at least this many degrees.
    static let marginShare = 0.15
    static let minimumMargin = 1.5
    /// The smallest extent shown, in degrees: one place's frame is the region around it.
    static let minimumExtent = 8.0
    /// Places spread over more longitude than this are shown on the whole world.
    static let worldThreshold = 200.0

    /// The frame for places: their bounding box (the shortest way round in longitude, across the 180th meridian
    /// when that is shorter) with a margin, widened to fill `columns` or, when it is taller than `maxRows` allow,
    /// the rows; the whole world when they span most of it, or when there are none. Points that are not finite or
    /// are beyond the poles are left out.
    package static func fitting(_ points: [(latitude: Double, longitude: Double)], columns: Int, maxRows: Int = maximumRows) -> MapFrame {
        let columns = min(columnRange.upperBound, max(columnRange.lowerBound, columns))
        let maxRows = max(4, maxRows)
        let valid = points.filter { $0.latitude.isFinite && $0.longitude.isFinite && abs($0.latitude) <= 90 }
        guard let (west, width) = longitudeExtent(valid.map { normalized($0.longitude) }), width <= worldThreshold else {
            return world(valid.map(\.latitude), columns: columns, maxRows: maxRows)
        }
        let south = valid.map(\.latitude).min() ?? 0, north = valid.map(\.latitude).max() ?? 0
        let middle = (south + north) / 2
        // East–west degrees shrink with the cosine of the latitude; held above 0.2 so that a frame near a pole stays
        // a frame (the map is then wider than true there).
        let aspect = max(0.2, cos(middle * .pi / 180))
        let margin = max(minimumMargin, marginShare * max(width * aspect, north - south))
        let projectedWidth = max(width * aspect + 2 * margin, minimumExtent)
        let height = max(north - south + 2 * margin, minimumExtent)
        let dotsPerDegree = min(Double(columns * 2) / projectedWidth, Double(maxRows * 4) / height)
        let rows = min(maxRows, max(1, Int((height * dotsPerDegree / 4).rounded(.up))))
        let span = Double(columns * 2) / dotsPerDegree / aspect
        if span >= 360 { return world(valid.map(\.latitude), columns: columns, maxRows: maxRows) }
        let latitudes = min(180, Double(rows * 4) / dotsPerDegree)
        let top = min(90, max(-90 + latitudes, middle + latitudes / 2))
        return MapFrame(
            west: normalized(west + width / 2 - span / 2), span: span, south: top - latitudes, north: top,
            columns: columns, rows: rows)
    }

    /// The whole world, east–west degrees not shrunk, between `worldLatitudes` or the places' own; as wide as the
    /// columns allow, or narrower when the rows are what limits it.
    static func world(_ latitudes: [Double], columns: Int, maxRows: Int) -> MapFrame {
        let south = min(worldLatitudes.south, (latitudes.min() ?? 0) - minimumMargin)
        let north = max(worldLatitudes.north, (latitudes.max() ?? 0) + minimumMargin)
        let height = min(180, north - south)
        let dotsPerDegree = min(Double(columns * 2) / 360, Double(maxRows * 4) / height)
        let used = min(columns, Int((360 * dotsPerDegree / 2).rounded(.up)))
        let rows = min(maxRows, max(1, Int((height * dotsPerDegree / 4).rounded(.up))))
        let exact = Double(used * 2) / 360
        let shown = min(180, Double(rows * 4) / exact)
        let top = min(90, max(-90 + shown, (south + north) / 2 + shown / 2))
        return MapFrame(west: -180, span: 360, south: top - shown, north: top, columns: used, rows: rows)
    }

    /// The shortest stretch of longitude holding them all, as its west end and width: the circle less its widest
    /// gap. nil for none.
    static func longitudeExtent(_ longitudes: [Double]) -> (west: Double, width: Double)? {
        let sorted = longitudes.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        var gap = first + 360 - last, west = first
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > gap {
            gap = b - a
            west = b
        }
        return (west, 360 - gap)
    }
}
