import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

/// MET Norway's complete product (issue 26), asked for since the UV index: the clear-sky index its hourly part gives
/// (`ultraviolet_index_clear_sky`, none in the 6-hourly part), and everything else read exactly as from compact.
struct CompleteProductTests {
    /// Fjordby's compact answer with what complete adds, as its recordings show: dew point, fog, cloud layers,
    /// percentiles, the amount's range and thunder; the UV index in the hourly entries, `uv(index)` for entry `index`.
    static func complete(uv: (Int) -> Double = { Double($0 % 12) * 0.75 }) throws -> Data {
        var json = try #require(try JSONSerialization.jsonObject(with: Fixtures.data("metno/compact_fjordby.json")) as? [String: Any])
        var properties = try #require(json["properties"] as? [String: Any])
        let series = try #require(properties["timeseries"] as? [[String: Any]])
        properties["timeseries"] = series.enumerated().map { index, entry -> [String: Any] in
            var entry = entry
            var data = entry["data"] as? [String: Any] ?? [:]
            var instant = data["instant"] as? [String: Any] ?? [:]
            var details = instant["details"] as? [String: Any] ?? [:]
            details.merge([
                "dew_point_temperature": 1.5, "fog_area_fraction": 0, "cloud_area_fraction_low": 20, "cloud_area_fraction_medium": 10,
                "cloud_area_fraction_high": 5, "air_temperature_percentile_10": -1, "air_temperature_percentile_90": 3,
                "wind_speed_percentile_10": 1, "wind_speed_percentile_90": 4,
            ]) { old, _ in old }
            if var hour = data["next_1_hours"] as? [String: Any] {
                details["ultraviolet_index_clear_sky"] = uv(index)
                var periodDetails = hour["details"] as? [String: Any] ?? [:]
                periodDetails.merge(["precipitation_amount_min": 0, "precipitation_amount_max": 2, "probability_of_thunder": 0]) { old, _ in old }
                hour["details"] = periodDetails
                data["next_1_hours"] = hour
            }
            instant["details"] = details
            data["instant"] = instant
            entry["data"] = data
            return entry
        }
        json["properties"] = properties
        return try JSONSerialization.data(withJSONObject: json)
    }

    @Test func everythingButTheUVIndexIsReadAsFromCompact() throws {
        let compact = try Locationforecast.decode(Fixtures.data("metno/compact_fjordby.json"))
        let complete = try Locationforecast.decode(Self.complete())
        #expect(complete.entries.count == compact.entries.count)
        #expect(complete.entries.contains { $0.uvIndexClearSky != nil })
        // Only the hourly part has the index.
        #expect(complete.entries.allSatisfy { ($0.uvIndexClearSky != nil) == ($0.nextHour != nil) })
        var withoutUV = complete
        for index in withoutUV.entries.indices { withoutUV.entries[index].uvIndexClearSky = nil }
        #expect(withoutUV == compact)

        // The report built from it: the same figures, and the index at each hour, each 3-hour step's highest, each
        // day's from the hourly part, the current one the present hour's.
        let now = METNorwayReportTests.start
        let place = METNorwayReportTests.fjordby
        let fromCompact = METNorwayReport(compact, latitude: place.latitude, longitude: place.longitude, zone: .fixed(3600), now: now)
        let fromComplete = METNorwayReport(complete, latitude: place.latitude, longitude: place.longitude, zone: .fixed(3600), now: now)
        var stripped = fromComplete
        stripped.current.uvIndex = nil
        stripped.hourly = stripped.hourly.map { var slot = $0; slot.uvIndex = nil; return slot }
        stripped.steps = stripped.steps.map { var slot = $0; slot.uvIndex = nil; return slot }
        stripped.days = stripped.days.map { var day = $0; day.uvIndexMax = nil; return day }
        #expect(stripped == fromCompact)
        #expect(fromComplete.current.uvIndex == 0)  // entry 0: 00:00 UTC
        #expect(fromComplete.hourly.map(\.uvIndex) == complete.entries.filter { $0.nextHour != nil }.map(\.uvIndexClearSky))
        let firstStep = try #require(fromComplete.steps.first)
        #expect(firstStep.hours == 3 && firstStep.uvIndex == 1.5)  // the highest of 0, 0.75, 1.5
        // After the hourly part (24 hours here): no index, never one made up.
        #expect(fromComplete.steps.filter { $0.time >= now.addingTimeInterval(86_400) }.allSatisfy { $0.uvIndex == nil })
        // The first day (from now) has its highest; the days only the 6-hourly part reaches have none.
        #expect(fromComplete.days.first?.uvIndexMax == 8.25)  // 11 × 0.75
        #expect(fromComplete.days.dropFirst(2).allSatisfy { $0.uvIndexMax == nil })
    }

    /// The service asks for complete, and says its index is for a clear sky.
    @Test func theServiceAsksForCompleteAndLabelsItsIndexClearSky() async throws {
        let body = try Self.complete(uv: { _ in 4.5 })
        let server = try LoopbackServer { request in
            request.path == "/weatherapi/locationforecast/2.0/complete" ? .json(body) : .respond(status: 404, body: Data())
        }
        defer { server.stop() }
        let report = try await METNorwayServiceTests.service(server).report(for: METNorwayServiceTests.place)
        #expect(server.requests.map(\.path) == ["/weatherapi/locationforecast/2.0/complete"])
        #expect(report.uvOrigin == UVOrigin(provider: .metNorway, isClearSky: true))
        #expect(report.current.uvIndex == 4.5)
    }
}
