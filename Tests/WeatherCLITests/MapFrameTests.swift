import Glibc
import Testing
@testable import WeatherCLI

/// The map's frame: the places' box with a margin, fitted to the terminal, across the 180th meridian when that is
/// the short way, and the whole world when they span it.
struct MapFrameTests {
    typealias Point = (latitude: Double, longitude: Double)
    static let europe: [Point] = MapRendererTests.europe.map { ($0.latitude, $0.longitude) }
    static let dateLine: [Point] = MapRendererTests.dateLine.map { ($0.latitude, $0.longitude) }

    /// True when the point's cell is inside the frame and not on its edge.
    static func inside(_ frame: MapFrame, _ point: Point) -> Bool {
        guard let cell = frame.cell(latitude: point.latitude, longitude: point.longitude) else { return false }
        return (1..<frame.columns - 1).contains(cell.column) && (1..<frame.rows - 1).contains(cell.row)
    }

    @Test(arguments: [40, 80, 120, 200])
    func placesOnOneContinentAreFramedWithAMargin(columns: Int) {
        let frame = MapFrame.fitting(Self.europe, columns: columns)
        #expect(!frame.isWorld)
        #expect(frame.columns == columns)
        #expect(frame.rows <= MapFrame.maximumRows)
        for point in Self.europe { #expect(Self.inside(frame, point), "\(point)") }
        #expect(frame.south < 40.4 - 1 && frame.north > 52.5 + 1)
        #expect(frame.west < -3.7 - 1 && frame.west + frame.span > 13.4 + 1)
        // East–west degrees shrunk by the cosine of the middle latitude: dots stay square.
        let middle = (frame.south + frame.north) / 2
        #expect(abs(frame.dotsPerLongitude / frame.dotsPerLatitude - cos(middle * .pi / 180)) < 0.05)
    }

    @Test(arguments: [40, 80, 120, 200])
    func placesAcrossTheDateLineAreFramedAround180(columns: Int) {
        let frame = MapFrame.fitting(Self.dateLine, columns: columns)
        #expect(!frame.isWorld)
        #expect(frame.span < 180, "the short way round, not across the whole world")
        #expect(frame.west > 100 && frame.west + frame.span > 190, "from west of 180° to east of it")
        for point in Self.dateLine { #expect(Self.inside(frame, point), "\(point)") }
        // Samoa (171.8° W) is east of Fiji (178.4° E) on the map.
        let fiji = frame.cell(latitude: -18.14, longitude: 178.44), samoa = frame.cell(latitude: -13.83, longitude: -171.77)
        #expect((fiji?.column ?? .max) < (samoa?.column ?? .min))
    }

    @Test func twoPlacesEitherSideOf180AreCentredOnIt() {
        let frame = MapFrame.fitting([(0, 170), (0, -170)], columns: 80, maxRows: 20)
        #expect(abs(MapFrame.normalized(frame.west + frame.span / 2) - 180).truncatingRemainder(dividingBy: 360) < 0.5
            || abs(MapFrame.normalized(frame.west + frame.span / 2) + 180) < 0.5)
        #expect(frame.span < 90)
    }

    @Test func placesAllRoundTheWorldOrNoneShowTheWholeWorld() {
        let spread = MapFrame.fitting([(35.7, 139.7), (51.5, -0.1), (40.7, -74.0)], columns: 80, maxRows: 20)
        #expect(spread.isWorld)
        #expect(spread.west == -180)
        #expect(spread.south <= MapFrame.worldLatitudes.south && spread.north >= MapFrame.worldLatitudes.north)
        let none = MapFrame.fitting([], columns: 80, maxRows: 20)
        #expect(none.isWorld && none.columns == 80 && none.rows <= 20)
        // Rows limit a wide terminal: the world keeps its proportions and is narrower than the columns.
        let wide = MapFrame.fitting([], columns: 200, maxRows: 24)
        #expect(wide.rows == 24 && wide.columns < 200)
        #expect(abs(wide.dotsPerLongitude / wide.dotsPerLatitude - 1) < 0.02)
    }

    @Test func widthsAreHeldBetween40And200AndRowsToTheLimit() {
        #expect(MapFrame.fitting(Self.europe, columns: 10).columns == 40)
        #expect(MapFrame.fitting(Self.europe, columns: 500).columns == 200)
        let pipe = MapFrame.fitting(Self.europe, columns: MapFrame.pipeSize.columns, maxRows: MapFrame.pipeSize.rows)
        #expect(pipe.columns == 80 && pipe.rows <= 20)
    }

    @Test func onePlaceShowsTheRegionAroundIt() {
        let frame = MapFrame.fitting([(48.8566, 2.3522)], columns: 80, maxRows: 20)
        #expect(frame.north - frame.south >= MapFrame.minimumExtent)
        #expect(Self.inside(frame, (48.8566, 2.3522)))
        let cell = frame.cell(latitude: 48.8566, longitude: 2.3522)
        #expect(cell.map { abs($0.column - frame.columns / 2) <= 1 && abs($0.row - frame.rows / 2) <= 1 } == true)
    }

    @Test func aCellsMiddleIsInThatCell() {
        let frame = MapFrame.fitting(Self.dateLine, columns: 80)
        for (column, row) in [(0, 0), (39, 10), (79, frame.rows - 1)] {
            let point = frame.coordinate(column: column, row: row)
            #expect((-180..<180).contains(point.longitude))
            let cell = frame.cell(latitude: point.latitude, longitude: point.longitude)
            #expect(cell?.column == column && cell?.row == row)
        }
    }

    @Test func pointsThatAreNotPlacesAreLeftOut() {
        let frame = MapFrame.fitting([(.nan, 2), (48.8, .infinity), (95, 0), (48.8566, 2.3522)], columns: 80)
        #expect(!frame.isWorld)
        #expect(frame.cell(latitude: .nan, longitude: 0) == nil)
    }

    @Test func theShortestStretchOfLongitudeHoldingThemAll() {
        #expect(MapFrame.longitudeExtent([170, -170]).map { $0.west == 170 && $0.width == 20 } == true)
        #expect(MapFrame.longitudeExtent([-10, 10]).map { $0.west == -10 && $0.width == 20 } == true)
        #expect(MapFrame.longitudeExtent([]) == nil)
        #expect(MapFrame.longitudeExtent([5]).map { $0.west == 5 && $0.width == 0 } == true)
    }
}
