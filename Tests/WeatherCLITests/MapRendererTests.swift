import Testing
import WeatherCoreTesting
@testable import WeatherCLI

/// The map at 40, 80, 120 and 200 columns against golden files: five European cities, and three places either side
/// of the 180th meridian; and what the goldens cannot show: colours, ASCII, land told from sea.
struct MapRendererTests {
    static let golden = Golden(beside: #filePath)
    static let widths = [40, 80, 120, 200]

    static let europe = [
        MapPin(number: 1, latitude: 51.5074, longitude: -0.1278, name: "London", temperature: "11°", celsius: 11),
        MapPin(number: 2, latitude: 48.8566, longitude: 2.3522, name: "Paris", temperature: "13°", celsius: 13),
        MapPin(number: 3, latitude: 52.5200, longitude: 13.4050, name: "Berlin", temperature: "8°", celsius: 8),
        MapPin(number: 4, latitude: 40.4168, longitude: -3.7038, name: "Madrid", temperature: "17°", celsius: 17),
        MapPin(number: 5, latitude: 41.8933, longitude: 12.4829, name: "Rome", temperature: "19°", celsius: 19),
    ]
    static let dateLine = [
        MapPin(number: 1, latitude: -18.1416, longitude: 178.4419, name: "Suva", temperature: "28°", celsius: 28),
        MapPin(number: 2, latitude: -13.8333, longitude: -171.7667, name: "Apia", temperature: "29°", celsius: 29),
        MapPin(number: 3, latitude: -36.8485, longitude: 174.7633, name: "Auckland", temperature: "16°", celsius: 16),
    ]

    static func text(_ picture: MapPicture, _ style: Style = .plain) -> String { style.render(picture.lines) }

    @Test(arguments: widths)
    func europeMatchesItsGolden(width: Int) {
        let picture = MapRenderer(style: .plain).draw(Self.europe, columns: width)
        Self.golden.check(Self.text(picture), "map/europe_\(width).txt")
        #expect(picture.numbersShown == [1, 2, 3, 4, 5])
        #expect(picture.lines.count <= MapFrame.maximumRows)
        for line in picture.lines { #expect(line.width <= width, "\(line.plain)") }
    }

    @Test(arguments: widths)
    func acrossTheDateLineMatchesItsGolden(width: Int) {
        let picture = MapRenderer(style: .plain).draw(Self.dateLine, columns: width)
        Self.golden.check(Self.text(picture), "map/date_line_\(width).txt")
        #expect(picture.numbersShown == [1, 2, 3])
        #expect(!picture.frame.isWorld)
        for line in picture.lines { #expect(line.width <= width, "\(line.plain)") }
    }
}

extension MapRendererTests {
    @Test func coloursTellLandFromSeaAndTemperaturesApartAndNoColourMeansNone() {
        let colour = Style(color: true, unicode: true)
        let coloured = MapRenderer(style: colour).draw(Self.europe, columns: 80)
        let text = Self.text(coloured, colour)
        #expect(text.contains("\u{1B}[\(MapInk.land.code)m"), "land's stipple")
        #expect(text.contains("\u{1B}[\(MapInk.coast.code)m"))
        #expect(text.contains("\u{1B}[\(MapInk.border.code)m"))
        #expect(text.contains("\u{1B}[\(MapInk.pin.code)m1\u{1B}[0m"))
        #expect(coloured.lines.contains { line in line.spans.contains { $0.text == "19°" && $0.look == .temperature(celsius: 19) } })
        // The stipple is on land only: the cell of Paris is land, the Bay of Biscay's is not.
        let plain = Self.text(MapRenderer(style: .plain).draw(Self.europe, columns: 80))
        #expect(!plain.contains("\u{1B}"))
        let frame = coloured.frame
        func look(_ latitude: Double, _ longitude: Double) -> Look?? {
            guard let cell = frame.cell(latitude: latitude, longitude: longitude) else { return nil }
            var column = 0
            for span in coloured.lines[cell.row].spans {
                if column + span.width > cell.column { return .some(span.look) }
                column += span.width
            }
            return .some(nil)
        }
        #expect(look(50.0, 8.0) == .some(.map(.land)), "Germany")
        #expect(look(45.5, -6.0) == .some(nil), "the Bay of Biscay")
    }

    @Test func aTerminalThatIsNotUTF8GetsASCII() {
        let ascii = Style(color: false, unicode: false)
        let picture = MapRenderer(style: ascii).draw(Self.europe, columns: 80)
        let text = Self.text(picture, ascii)
        let isASCII = text.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(isASCII)
        #expect(text.contains("3 Berlin 8"))
        #expect(text.contains(":") && text.contains("."))
        for line in picture.lines { #expect(line.width <= 80) }
    }

    @Test func wideNamesKeepTheLinesToTheirWidthAndLongOnesAreCut() {
        let pins = [
            MapPin(number: 1, latitude: 35.68, longitude: 139.69, name: "東京", temperature: "12°", celsius: 12),
            MapPin(number: 2, latitude: 34.69, longitude: 135.50, name: "Ōsaka-Llanfairpwllgwyngyll-by-the-sea", temperature: "14°", celsius: 14),
        ]
        for width in [40, 80, 120, 200] {
            let picture = MapRenderer(style: .plain).draw(pins, columns: width)
            for line in picture.lines { #expect(line.width <= width, "\(line.plain)") }
            let text = Self.text(picture)
            #expect(text.contains("東京 12°"))
            #expect(!text.contains("by-the-sea"))
        }
    }

    @Test func manyPlacesAtTheWidestStillFitAndTheFirstAreShown() {
        var random = PinLayoutTests.Seeded(state: 26)
        let pins = (1...200).map { number in
            MapPin(number: number, latitude: Double.random(in: -50...70, using: &random), longitude: Double.random(in: -180..<180, using: &random),
                name: "Place \(number)", temperature: "\(number % 40)°", celsius: Double(number % 40))
        }
        let picture = MapRenderer(style: .plain).draw(pins, columns: 200)
        #expect(picture.frame.isWorld)
        #expect(picture.lines.count == MapFrame.maximumRows)
        for line in picture.lines { #expect(line.width <= 200) }
        #expect(picture.numbersShown.prefix(3) == [1, 2, 3])
        #expect(picture.numbersShown.count > 50)
        // What the picture says it shows is there: each number shown appears in the text.
        let text = Self.text(picture)
        for number in picture.labelsShown { #expect(text.contains("Place \(number) ")) }
    }

    @Test func withoutTheAssetThePinsAreStillDrawn() {
        let picture = MapRenderer(style: .plain, table: nil).draw(Self.europe, columns: 80)
        let text = Self.text(picture)
        #expect(text.contains("2 Paris 13°"))
        #expect(!text.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
    }
}

extension MapRendererTests {
    @Test func placesAllRoundTheWorldShowItAtAPipesSize() {
        let pins = [
            MapPin(number: 1, latitude: 35.68, longitude: 139.69, name: "Tokyo", temperature: "13°", celsius: 13),
            MapPin(number: 2, latitude: 51.51, longitude: -0.13, name: "London", temperature: "10°", celsius: 10),
            MapPin(number: 3, latitude: 40.71, longitude: -74.01, name: "New York", temperature: "7°", celsius: 7),
            MapPin(number: 4, latitude: -23.55, longitude: -46.63, name: "São Paulo", temperature: "24°", celsius: 24),
            MapPin(number: 5, latitude: -33.87, longitude: 151.21, name: "Sydney", temperature: "22°", celsius: 22),
        ]
        let picture = MapRenderer(style: .plain).draw(pins, columns: MapFrame.pipeSize.columns, maxRows: MapFrame.pipeSize.rows)
        Self.golden.check(Self.text(picture), "map/world_80.txt")
        #expect(picture.frame.isWorld)
        #expect(picture.lines.count <= MapFrame.pipeSize.rows)
        #expect(picture.numbersShown == [1, 2, 3, 4, 5])
    }
}

/// A one-place map of its region: the place's number, the region's cities marked by a dot, and the cross of `:map` at
/// the prompt, none of them over another.
extension MapRendererTests {
    static let region = [
        MapPin(number: 1, latitude: 51.5074, longitude: -0.1278, name: "London", temperature: "11°", celsius: 11),
        MapPin(number: 0, latitude: 48.8566, longitude: 2.3522, name: "Paris", temperature: "13°", celsius: 13, isNumbered: false),
        MapPin(number: 0, latitude: 52.4862, longitude: -1.8904, name: "Birmingham", temperature: "9°", celsius: 9, isNumbered: false),
        MapPin(number: 0, latitude: 53.3498, longitude: -6.2603, name: "Dublin", temperature: "10°", celsius: 10, isNumbered: false),
        MapPin(number: 0, latitude: 52.3676, longitude: 4.9041, name: "Amsterdam", temperature: "12°", celsius: 12, isNumbered: false),
        MapPin(number: 0, latitude: 50.8503, longitude: 4.3517, name: "Brussels", temperature: "12°", celsius: 12, isNumbered: false),
        MapPin(number: 0, latitude: 53.4808, longitude: -2.2426, name: "Manchester", temperature: "8°", celsius: 8, isNumbered: false),
    ]

    @Test(arguments: widths)
    func aRegionWithItsCitiesAndTheCrossMatchesItsGolden(width: Int) throws {
        let renderer = MapRenderer(style: .plain)
        let frame = MapFrame.fitting([(Self.region[0].latitude, Self.region[0].longitude)], columns: width, maxRows: MapFrame.maximumRows)
        let london = try #require(frame.cell(latitude: 51.5074, longitude: -0.1278))
        // The cross two cells left of London, on its row.
        let cross = MapExplorer.Cell(column: london.column - 3, row: london.row)
        let picture = renderer.draw(Self.region, in: frame, cross: cross)
        Self.golden.check(Self.text(picture), "map/region_\(width).txt")
        #expect(picture.numbersShown == [1] && picture.labelsShown.contains(1))
        let text = Self.text(picture)
        #expect(text.filter { $0 == "+" }.count == 1)
        #expect(Array(picture.lines[cross.row].plain)[cross.column] == "+")
        #expect(text.filter { $0 == "•" }.count >= 4)
        for line in picture.lines { #expect(line.width <= width, "\(line.plain)") }
    }
}
