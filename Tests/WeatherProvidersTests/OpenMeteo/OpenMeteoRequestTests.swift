import Foundation
import HTTPKit
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct OpenMeteoRequestTests {
    @Test func theForecastAsksForOnlyWhatTheViewsNeedInMetricWithoutAKey() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        _ = try await FakeOpenMeteo.service(server).report(for: FakeOpenMeteo.testford)
        let request = try #require(server.requests(to: "/v1/forecast").first)
        #expect(request.query.map(\.0) == [
            "latitude", "longitude", "current", "hourly", "daily", "timezone", "timeformat", "forecast_days",
            "temperature_unit", "wind_speed_unit", "precipitation_unit",
        ])
        #expect(request.value("latitude") == "51.5000")
        #expect(request.value("longitude") == "-0.1200")
        #expect(request.value("current") == """
            temperature_2m,apparent_temperature,relative_humidity_2m,pressure_msl,wind_speed_10m,wind_direction_10m,\
            wind_gusts_10m,cloud_cover,weather_code,is_day,uv_index
            """)
        #expect(request.value("hourly") == """
            temperature_2m,relative_humidity_2m,wind_speed_10m,wind_direction_10m,precipitation_probability,\
            precipitation,snowfall,weather_code,is_day,visibility,uv_index
            """)
        #expect(request.value("daily") == """
            weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset,precipitation_sum,precipitation_probability_max,\
            uv_index_max
            """)
        #expect(request.value("timezone") == "auto")
        #expect(request.value("timeformat") == "unixtime")
        #expect(request.value("forecast_days") == "6")
        #expect(request.value("temperature_unit") == "celsius")
        #expect(request.value("wind_speed_unit") == "ms")
        #expect(request.value("precipitation_unit") == "mm")
        #expect(!request.target.lowercased().contains("appid") && !request.target.lowercased().contains("key"))
    }

    @Test func theSearchSendsTheNameAloneAndTheCountryByCode() async throws {
        let server = try FakeOpenMeteo.start()
        defer { server.stop() }
        let configuration = OpenMeteoConfiguration(baseURL: server.baseURL, language: "FR")
        let service = OpenMeteoService(
            client: OpenMeteoClient(configuration: configuration, transport: SocketTransport()), cache: ResponseCache(directory: nil))
        _ = try await service.places(matching: LocationQuery.parse("London, ON, CA"))
        let request = try #require(server.requests(to: "/v1/search").first)
        #expect(request.query.map(\.0) == ["name", "count", "language", "format", "countryCode"])
        #expect(request.value("name") == "London")
        #expect(request.value("count") == "100")  // the most: only Ontario's are kept
        #expect(request.value("language") == "fr")
        #expect(request.value("format") == "json")
        #expect(request.value("countryCode") == "CA")
        _ = try await service.places(matching: LocationQuery.parse("London, GB"))
        #expect(server.requests(to: "/v1/search").last?.value("count") == "10")
    }

    @Test func typedTextCannotAddAParameter() throws {
        let url = try OpenMeteoRequest.search(name: "Ath&count=1#x", countryCode: nil).url(configuration: OpenMeteoConfiguration())
        #expect(url.absoluteString.hasPrefix("https://geocoding-api.open-meteo.com/v1/search?name=Ath%26count%3D1%23x&count=10&"))
    }

    @Test func eachRequestGoesToItsOwnHost() throws {
        let configuration = OpenMeteoConfiguration()
        #expect(try OpenMeteoRequest.search(name: "Oslo", countryCode: nil).url(configuration: configuration).host
            == "geocoding-api.open-meteo.com")
        #expect(try OpenMeteoRequest.forecast(latitude: 1, longitude: 2).url(configuration: configuration).host == "api.open-meteo.com")
        #expect(configuration.airQualityURL == "https://air-quality-api.open-meteo.com")
    }

    @Test func theBaseURLReplacesTheSchemeAndHostOfAllThreeHosts() throws {
        let configuration = OpenMeteoConfiguration.fromEnvironment(["OPENMETEO_BASE_URL": "http://127.0.0.1:8080/"])
        #expect(configuration.forecastURL == "http://127.0.0.1:8080/")
        #expect(configuration.geocodingURL == "http://127.0.0.1:8080/")
        #expect(configuration.airQualityURL == "http://127.0.0.1:8080/")
        let search = try OpenMeteoRequest.search(name: "Oslo", countryCode: nil).url(configuration: configuration)
        let forecast = try OpenMeteoRequest.forecast(latitude: 1, longitude: 2).url(configuration: configuration)
        #expect(search.absoluteString.hasPrefix("http://127.0.0.1:8080/v1/search?"))
        #expect(forecast.absoluteString.hasPrefix("http://127.0.0.1:8080/v1/forecast?"))
    }

    @Test(arguments: [[:], ["OPENMETEO_BASE_URL": ""], ["OPENMETEO_BASE_URL": "  "]])
    func withoutTheVariableTheRealHostsAreUsed(environment: [String: String]) {
        let configuration = OpenMeteoConfiguration.fromEnvironment(environment)
        #expect(configuration.forecastURL == "https://api.open-meteo.com")
        #expect(configuration.geocodingURL == "https://geocoding-api.open-meteo.com")
        #expect(configuration.airQualityURL == "https://air-quality-api.open-meteo.com")
    }

    @Test(arguments: ["ftp://127.0.0.1", "127.0.0.1:8080", "not a url"])
    func aBaseURLThatIsNotHTTPIsRefused(base: String) {
        let configuration = OpenMeteoConfiguration(baseURL: base)
        #expect(throws: WeatherError.badConfiguration(OpenMeteoConfiguration.badBaseURLMessage)) {
            try OpenMeteoRequest.forecast(latitude: 1, longitude: 2).url(configuration: configuration)
        }
    }

    @Test func cacheKeysAreApartFromOtherProvidersAndRounded() {
        #expect(OpenMeteoRequest.forecast(latitude: 51.50004, longitude: -0.12).cacheKey(language: "en")
            == "open-meteo|forecast|51.5000|-0.1200")
        #expect(OpenMeteoRequest.search(name: "London", countryCode: "GB").cacheKey(language: "en")
            == "open-meteo|search|london|GB|en")
        #expect(OpenMeteoRequest.search(name: "London", countryCode: "CA", count: 100).cacheKey(language: "en")
            == "open-meteo|search|london|CA|en|100")
    }
}
