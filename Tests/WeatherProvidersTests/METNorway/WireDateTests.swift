import Foundation
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct WireDateTests {
    @Test func bodyTimesAreUTC() {
        #expect(WireDate.iso8601("2023-11-14T06:00:00Z") == Date(timeIntervalSince1970: 1_699_941_600))
        #expect(WireDate.iso8601("2023-11-14T06:00Z") == Date(timeIntervalSince1970: 1_699_941_600))
        #expect(WireDate.iso8601("2023-11-14T07:00:00+01:00") == Date(timeIntervalSince1970: 1_699_941_600))
        #expect(WireDate.iso8601("2024-02-29T00:00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(WireDate.iso8601("1969-12-31T23:00:00Z") == Date(timeIntervalSince1970: -3600))
    }

    @Test(arguments: [
        "", "2023-11-14", "2023-11-14T06:00:00", "2023-13-14T06:00:00Z", "2023-11-14T24:00:00Z", "2023-11-14T06:00:00Zz",
        "2023-11-14 06:00:00Z", "２０23-11-14T06:00:00Z",
    ])
    func anythingElseIsNoTime(_ text: String) {
        #expect(WireDate.iso8601(text) == nil)
    }

    @Test func headerDatesAreRead() {
        #expect(WireDate.http("Mon, 20 Jul 2020 12:14:53 GMT") == Date(timeIntervalSince1970: 1_595_247_293))
        #expect(WireDate.http("Mon, 13 Nov 2023 23:55:00 GMT") == Date(timeIntervalSince1970: 1_699_919_700))
        #expect(WireDate.http("Monday, 20-Jul-20 12:14:53 GMT") == nil)
        #expect(WireDate.http("Mon, 20 Jul 2020 12:14:53 +0000") == nil)
        #expect(WireDate.http("0") == nil)
    }
}
