import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// The `--json` document (version 2) built from the views, held to docs/weather-or-not.schema.json; and the schema
/// validator the tests use, which must catch what it is there to catch.
struct JSONDocumentTests {
    static let now = Date(timeIntervalSince1970: 1_699_918_300)
    static let kathmandu = Place(name: "Kathmandu", state: "Bagmati", country: "NP", latitude: 27.7017, longitude: 85.3206, timeZone: "Asia/Kathmandu")

    static func report(utcOffset: Int = 20_700, source: DataSource = .live(fetchedAt: now)) throws -> WeatherReport {
        let (conditions, _) = try ResponseDecoding.current(Fixtures.data("current_testford.json"))
        let (slots, _) = try ResponseDecoding.forecast(Fixtures.data("forecast_testford.json"))
        return WeatherReport(place: kathmandu, current: conditions, forecast: slots, zone: .fixed(utcOffset), source: source, provider: .openWeather)
    }

    static func document(_ report: WeatherReport, units: UnitSystem = .metric, language: Language = .english) throws -> JSONValue {
        let formatter = DisplayFormatter(options: DisplayOptions(units: units, language: language), now: now)
        let document = JSONDocument(
            current: formatter.current(report), hourly: formatter.hourly(report, count: 8), daily: formatter.daily(report),
            strings: Strings.terminal(language))
        let text = try #require(document.text)
        #expect(try JSONSchema.repository().errors(in: text) == [])
        return try JSONValue.parse(text)
    }

    @Test func figuresAreNumbersInTheUnitsNamedOnce() throws {
        let report = try Self.report()
        let c = report.current
        let metric = try Self.document(report)
        #expect(metric["version"] == .number(2))
        #expect(metric["current"]?["units"] == .object([
            "temperature": .string("°C"), "wind": .string("km/h"), "pressure": .string("hPa"), "precipitation": .string("mm"),
            "visibility": .string("km"),
        ]))
        #expect(metric["current"]?["temperature"]?.double == (c.temperature * 10).rounded() / 10)
        #expect(metric["current"]?["humidity"]?.double == c.humidity.map(Double.init))
        #expect(metric["current"]?["wind"]?["speed"]?.double == ((c.windSpeed ?? 0) * 3.6 * 10).rounded() / 10)
        #expect(metric["current"]?["wind"]?["degrees"]?.double == c.windDegrees?.rounded())
        #expect(metric["current"]?["wind"]?["compass"]?.string == c.windDegrees.map { CompassDirection.cardinal(degrees: $0) })

        let imperial = try Self.document(report, units: .imperial)
        #expect(imperial["hourly"]?["units"]?["temperature"] == .string("°F"))
        #expect(imperial["current"]?["temperature"]?.double == ((c.temperature * 9 / 5 + 32) * 10).rounded() / 10)
        #expect(imperial["current"]?["pressure"]?.double == c.pressure.map { ($0 * 0.029_529_983 * 100).rounded() / 100 })
        #expect(imperial["daily"]?["units"]?["precipitation"] == .string("in"))
    }

    @Test func timesCarryThePlacesOffsetAndRowsTheirInterval() throws {
        let report = try Self.report()
        let document = try Self.document(report)
        let observed = try #require(document["current"]?["observedAt"]?.string)
        #expect(observed.hasSuffix("+05:45"))
        let local = LocalTime(report.current.observedAt, utcOffset: 20_700)
        #expect(observed.hasPrefix("\(local.year)-"))
        #expect(observed.contains("T\(local.hour < 10 ? "0" : "")\(local.hour):"))

        let rows = try #require(document["hourly"]?["rows"]?.array)
        #expect(rows.count == 8)
        let slot = try #require(report.forecast.first { $0.time > report.current.observedAt })
        let first = LocalTime(slot.time, utcOffset: 20_700), end = LocalTime(slot.time.addingTimeInterval(slot.hours * 3600), utcOffset: 20_700)
        #expect(rows[0]["start"]?.string?.hasSuffix(":\(first.minute < 10 ? "0" : "")\(first.minute):00+05:45") == true)
        #expect(rows[0]["end"]?.string?.contains("T\(end.hour < 10 ? "0" : "")\(end.hour):") == true)
        #expect(rows[0]["hours"] == .number(3))
        #expect(rows[0]["precipitationChance"]?.double == slot.precipitationProbability.map { ($0 * 100).rounded() })

        let days = try #require(document["daily"]?["days"]?.array)
        #expect(days.first?["date"]?.string == String(observed.prefix(10)))
        #expect(days.first?["condition"]?["isNight"] == .bool(false))
    }

    @Test func missingFiguresAreNullAndSourcesSaySo() throws {
        var report = try Self.report(source: .stale(fetchedAt: Self.now.addingTimeInterval(-1_500), reason: .serverError(status: 503)))
        report.current.humidity = nil
        report.current.windSpeed = nil
        report.current.sunrise = nil
        report.provider = .metNorway
        report.failover = Failover(from: .openWeather, reason: .missingAPIKey)
        let document = try Self.document(report, language: .french)
        let current = try #require(document["current"])
        #expect(current["humidity"] == .null)
        #expect(current["wind"]?["speed"] == .null)
        #expect(current["sunrise"] == .null)
        #expect(current["provider"] == .string("met-norway"))
        #expect(current["failover"]?["from"] == .string("openweather"))
        #expect(current["failover"]?["reason"] == .string(Strings.terminal(.french)["reason.missingAPIKey"]))
        #expect(current["source"]?["kind"] == .string("stale"))
        #expect(current["source"]?["ageSeconds"] == .number(1_500))
        #expect(current["source"]?["fetchedAt"]?.string?.hasSuffix("+05:45") == true)
        #expect(current["language"] == .string("fr"))
        #expect(current["place"]?["timeZone"] == .string("Asia/Kathmandu"))

        let sample = try Self.document(Self.report(source: .sample))
        #expect(sample["hourly"]?["provider"] == .null)
        #expect(sample["hourly"]?["source"]?["kind"] == .string("sample"))
        #expect(sample["hourly"]?["notice"] == .string(Strings.terminal(.english)["notice.sample"]))
    }

    @Test func oneViewIsTheDocumentAndNoViewIsNone() throws {
        let formatter = DisplayFormatter(options: DisplayOptions(), now: Self.now)
        let document = JSONDocument(daily: formatter.daily(try Self.report()))
        let text = try #require(document.text)
        #expect(try JSONSchema.repository().errors(in: text) == [])
        let value = try JSONValue.parse(text)
        #expect(value["view"] == .string("daily"))
        #expect(value["version"] == .number(2))
        #expect(JSONDocument().text == nil)
    }

    @Test func thePlacesFollowedAreADocumentOfTheirOwn() throws {
        let formatter = DisplayFormatter(options: DisplayOptions(), now: Self.now)
        let report = try Self.report()
        let other = Place(name: "Nowhere", country: "GB", latitude: 50, longitude: -1)
        let document = JSONDocument(places: formatter.places([(report.place, true, report), (other, false, nil)]))
        let text = try #require(document.text)
        #expect(try JSONSchema.repository().errors(in: text) == [])
        let value = try JSONValue.parse(text)
        #expect(value["view"] == .string("places"))
        let places = try #require(value["places"]?.array)
        #expect(places.count == 2)
        #expect(places[0]["home"] == .bool(true))
        #expect(places[0]["weather"]?["view"] == .string("current"))
        #expect(places[1]["number"] == .number(2))
        #expect(places[1]["weather"] == .null && places[1]["localTime"] == .null)
        #expect(places[0]["localTime"]?.string?.hasPrefix("2023-11-") == true)
    }

    // MARK: The validator

    @Test func theValidatorCatchesAWrongTypeAMissingFieldAndAnUnknownOne() throws {
        let schema = try JSONSchema.repository()
        let formatter = DisplayFormatter(options: DisplayOptions(), now: Self.now)
        let text = try #require(JSONDocument(current: formatter.current(try Self.report()), hourly: formatter.hourly(try Self.report(), count: 3)).text)
        #expect(schema.errors(in: text) == [])
        var value = try JSONValue.parse(text)

        var wrong = value
        wrong["current"]?["temperature"] = .string("7°C")  // version 1 wrote the display text
        #expect(schema.errors(in: wrong.serialized).contains { $0.hasPrefix("$.current.temperature: \"7°C\" is not of type number") })

        wrong = value
        wrong["hourly"]?["rows"] = .array([.object(["start": .string("18:00")])])
        let errors = schema.errors(in: wrong.serialized)
        #expect(errors.contains { $0.hasPrefix("$.hourly.rows[0].start: \"18:00\" does not match") })
        #expect(errors.contains("$.hourly.rows[0]: end is missing"))

        wrong = value
        wrong["current"]?["humidity"] = .number(0.87)
        #expect(schema.errors(in: wrong.serialized).contains { $0.hasPrefix("$.current.humidity: 0.87 is not of type integer") })

        // One view alone: the error is the view's, not another view's the document is not.
        var daily = try JSONValue.parse(try #require(JSONDocument(daily: formatter.daily(try Self.report())).text))
        daily["days"] = .array([.object(["high": .string("12°C")])])
        #expect(schema.errors(in: daily.serialized).contains { $0.hasPrefix("$.days[0].high: \"12°C\" is not of type number") })

        value["current"]?["feels"] = .number(3)
        #expect(schema.errors(in: value.serialized).contains("$.current.feels: not allowed"))
        value["version"] = .number(1)
        #expect(schema.errors(in: value.serialized).contains { $0.hasPrefix("$.version: 1 is not 2") })
        #expect(schema.errors(in: "{") == ["$: not JSON"])
    }

    @Test func theValidatorRefusesWhatItCannotCheck() {
        #expect(throws: JSONSchema.UnsupportedSchema.self) { try JSONSchema(#"{"type": "object", "patternProperties": {}}"#) }
        #expect(throws: JSONSchema.UnsupportedSchema.self) { try JSONSchema(##"{"$ref": "#/$defs/missing"}"##) }
        #expect(throws: JSONSchema.UnsupportedSchema.self) { try JSONSchema(#"{"format": "email"}"#) }
        #expect(throws: JSONSchema.UnsupportedSchema.self) { try JSONSchema(#"{"items": {"uniqueItems": true}}"#) }
    }

    @Test(arguments: [
        ("2026-11-25T18:00:00+00:00", true), ("2026-11-25T18:00:00+05:45", true), ("2026-11-25T18:00:00.5Z", true),
        ("2024-02-29T00:00:00-03:30", true), ("2026-02-29T00:00:00+00:00", false), ("2026-11-25T24:00:00+00:00", false),
        ("2026-11-25 18:00:00+00:00", false), ("2026-11-25T18:00+00:00", false), ("2026-11-25T18:00:00", false),
        ("2026-11-25T18:00:00+0000", false), ("Wed 17:00 (UTC+00:00)", false),
    ])
    func dateTimesAreCheckedByFormat(text: String, valid: Bool) throws {
        #expect(JSONSchema.conforms(text, to: "date-time") == valid)
        let schema = try JSONSchema(#"{"type": "string", "format": "date-time"}"#)
        #expect(schema.errors(in: JSONValue.string(text).serialized).isEmpty == valid)
    }
}
