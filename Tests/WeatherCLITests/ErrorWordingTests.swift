import Foundation
import HTTPKit
import Testing
@testable import WeatherCLI
@testable import WeatherCore
@testable import WeatherProviders

/// The words a person reads for an error, and for the notices that carry one.
struct ErrorWordingTests {
    @Test func hintsNameWhatWorksWhereTheyAreRead() {
        let error = WeatherError.timedOut(seconds: 10)
        #expect(error.message(in: .commandLine, provider: .openWeather) == "OpenWeather did not answer within 10 seconds. Check the network, or raise --timeout.")
        #expect(error.message(in: .prompt, provider: .openMeteo)
            == "Open-Meteo did not answer within 10 seconds. Check the network, or use :offline on.")
    }

    /// WeatherCore says which variable names an unusable proxy (a typed case); the words, the same as when the core
    /// wrote them, are the terminal's.
    @Test func aProxyVariableThatCannotBeUsedIsNamed() {
        let unusable = WeatherError(.unusableProxy(variable: "https_proxy"), badBaseURL: Phrase("error.baseURL"))
        #expect(unusable.message(in: .commandLine, provider: .openWeather) == "The proxy in https_proxy is not an http:// proxy, the only kind weather-or-not can use. "
            + "Check https_proxy, http_proxy and no_proxy, or use --offline.")
        let invalid = WeatherError(.invalidProxy(variable: "http_proxy"), badBaseURL: Phrase("error.baseURL"))
        #expect(invalid.message(in: .prompt, provider: .openWeather) == "The proxy in http_proxy has a host name or port that is not valid. "
            + "Check https_proxy, http_proxy and no_proxy, or use :offline on.")
        #expect(invalid.shortReason == "the proxy failed")
        #expect(unusable.message(in: .prompt, provider: .openWeather, strings: .terminal(.french)).hasPrefix("Le proxy de https_proxy n’est pas un proxy http://"))
    }

    @Test func aPlaceOutsideTheSamplesListsTheOnesThatExist() {
        let error = WeatherError.notInSampleData("Paris", available: ["London", "Tokyo"])
        #expect(error.message(in: .commandLine, provider: .openWeather) == "Offline mode has no sample data for \"Paris\". Sample places: London, Tokyo.")
    }

    @Test func aFailoverSaysWhoAnsweredAndWhy() {
        let timedOut = Notice([.failover(from: .openWeather, to: .openMeteo, reason: .timedOut(seconds: 10))])
        #expect(timedOut?.words == "OpenWeather did not answer (no answer within 10 seconds); showing Open-Meteo.")
        let keyless = Notice([.failover(from: .openWeather, to: .openMeteo, reason: .missingAPIKey)])
        #expect(keyless?.words == "OpenWeather could not be used (no API key); showing Open-Meteo.")
    }

    @Test func aStaleCopyNamesItsProviderAndHintsForWhereItIsRead() {
        let notice = Notice([.stale(age: 1800, reason: .timedOut(seconds: 10), provider: .openMeteo)])
        #expect(notice?.words(Strings.terminal(.english), in: .prompt) == "From 30 minutes ago: could not refresh. "
            + "Open-Meteo did not answer within 10 seconds. Check the network, or use :offline on.")
        #expect(notice?.words(Strings.terminal(.english), in: .commandLine) == "From 30 minutes ago: could not refresh. "
            + "Open-Meteo did not answer within 10 seconds. Check the network, or raise --timeout.")
    }

    @Test func aStaleCopySaysWhyItIsOld() {
        let notice = Notice([.text("OpenWeather forecasts in 3-hour steps only."), .stale(age: 1800, reason: .timedOut(seconds: 10), provider: .openWeather)])
        #expect(notice?.words == "OpenWeather forecasts in 3-hour steps only. From 30 minutes ago: could not refresh. "
            + "OpenWeather did not answer within 10 seconds. Check the network, or raise --timeout.")
    }

    @Test func jsonHoldsANoticeAsItsWords() throws {
        var document = JSONDocument()
        document.daily = DailyDisplay(
            place: "X", summary: "", rows: [], notice: Notice([.failover(from: .openWeather, to: .metNorway, reason: .serverError(status: 503))]))
        let text = try #require(document.text)
        #expect(try JSONValue.parse(text)["notice"] == .string("OpenWeather did not answer (server error 503); showing MET Norway."))
    }
}
