import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct SampleDataTests {
    static let now = Date(timeIntervalSince1970: 1_900_000_123)

    static func service() -> OpenWeatherService {
        let transport = SampleDataTransport(now: { now })
        let client = OpenWeatherClient(
            configuration: WeatherConfiguration(apiKey: SampleDataTransport.placeholderKey), transport: transport)
        return OpenWeatherService(client: client, cache: ResponseCache(directory: nil), samplePlaces: transport.placeNames, now: { now })
    }

    @Test func embeddedAssetsMatchTheAssetsFolder() throws {
        let root = Fixtures.packageRoot.appendingPathComponent("Assets")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && !path.hasPrefix("strings/")  // compiled as parsed tables: EmbeddedStringsTests
        }
        #expect(Set(files) == Set(EmbeddedAssets.files.keys), "run scripts/embed-assets.py")
        for path in files {
            #expect(Assets.data(path) == FileManager.default.contents(atPath: root.appendingPathComponent(path).path), "\(path): run scripts/embed-assets.py")
        }
    }

    @Test func everySamplePlaceServesAShiftedReport() async throws {
        let service = Self.service()
        let names = SampleDataTransport().placeNames
        #expect(Set(names) == ["London", "New York", "Tokyo", "Sydney", "São Paulo", "Kathmandu", "Reykjavík", "Mumbai"])
        var wet: Set<Bool> = []
        for name in names {
            let place = try #require(try await service.places(matching: .name(name)).first)
            let report = try await service.report(for: place)
            #expect(report.source == .sample)
            #expect(report.current.observedAt == Self.now.addingTimeInterval(-600).rounded)
            // The first slot stands for the three hours that hold now, as the live API's first entry does.
            let first = try #require(report.forecast.first).time
            #expect(first <= report.current.observedAt)
            #expect(report.current.observedAt.timeIntervalSince(first) < 3 * 3600)
            #expect(Int(first.timeIntervalSince1970) % 10_800 == 0)
            #expect(report.forecast.count == 40)
            let sunrise = try #require(report.current.sunrise)
            #expect(LocalTime(sunrise, report.zone).dayNumber == LocalTime(report.current.observedAt, report.zone).dayNumber)
            wet.formUnion(report.forecast.filter { ($0.precipitation ?? 0) > 0 }.map(\.isSnow))
        }
        #expect(wet == [true, false])  // rain somewhere, snow somewhere
    }

    @Test func kathmanduIsAtUTCPlus545() async throws {
        let service = Self.service()
        let place = try #require(try await service.places(matching: .name("kathmandu")).first)
        #expect(try await service.report(for: place).zone == .fixed(20_700))
    }

    @Test func accentsAndCountryCodesAreOptional() async throws {
        let service = Self.service()
        #expect(try await service.places(matching: .name("Sao Paulo")).first?.name == "São Paulo")
        #expect(try await service.places(matching: .name("reykjavik, IS")).first?.name == "Reykjavík")
    }

    @Test func aPlaceOutsideTheSamplesListsTheOnesThatExist() async throws {
        do {
            _ = try await Self.service().places(matching: .name("Paris"))
            Issue.record("expected an error")
        } catch let error as WeatherError {
            guard case .notInSampleData(_, let available) = error else { Issue.record("\(error)"); return }
            #expect(available.count == 8)
            #expect(available.contains("Tokyo"))
        }
    }
}

extension Date {
    fileprivate var rounded: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
