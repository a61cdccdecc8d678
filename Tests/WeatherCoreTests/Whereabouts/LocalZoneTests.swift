import Foundation
import Testing
import WeatherCoreTesting
@testable import WeatherCore

/// The machine's zone by name: `TZ` when set (even to a value naming no zone), else the localtime link, here a link
/// of the test's own in a temporary folder (the machine's /etc/localtime is never read).
struct LocalZoneTests {
    @Test func tzValues() {
        #expect(LocalZone.name(tz: "Europe/Lisbon") == "Europe/Lisbon")
        #expect(LocalZone.name(tz: ":America/Argentina/Buenos_Aires") == "America/Argentina/Buenos_Aires")
        #expect(LocalZone.name(tz: "/usr/share/zoneinfo/Asia/Tokyo") == "Asia/Tokyo")
        #expect(LocalZone.name(tz: ":/usr/share/zoneinfo/right/Europe/Paris") == "Europe/Paris")
        // POSIX rules, nothing, and paths that are not zone names.
        for value in ["", "CET-1CEST,M3.5.0,M10.5.0/3", "<+03>-3", "/etc/passwd", "../../etc/shadow", "Europe/../../etc"] {
            #expect(LocalZone.name(tz: value) == nil, "\(value)")
        }
    }

    @Test func theLinkIsReadOnlyWhenTZIsUnset() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let link = folder.path("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Europe/Lisbon")
        #expect(LocalZone.name(environment: ["WEATHER_OR_NOT_LOCALTIME": link]) == "Europe/Lisbon")
        #expect(LocalZone.name(environment: ["WEATHER_OR_NOT_LOCALTIME": link, "TZ": "Asia/Tokyo"]) == "Asia/Tokyo")
        // TZ set to something naming no zone decides too: the link is not read.
        #expect(LocalZone.name(environment: ["WEATHER_OR_NOT_LOCALTIME": link, "TZ": ""]) == nil)
    }

    @Test func linkShapes() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let relative = folder.path("relative").path
        try FileManager.default.createSymbolicLink(atPath: relative, withDestinationPath: "../usr/share/zoneinfo/posix/America/New_York")
        #expect(LocalZone.name(link: relative) == "America/New_York")
        let utc = folder.path("utc").path
        try FileManager.default.createSymbolicLink(atPath: utc, withDestinationPath: "/usr/share/zoneinfo/Etc/UTC")
        #expect(LocalZone.name(link: utc) == "Etc/UTC")
        // A copied zone file carries no name; a link elsewhere names no zone; a missing file is nothing.
        let copy = folder.path("copy")
        try Data("TZif2".utf8).write(to: copy)
        #expect(LocalZone.name(link: copy.path) == nil)
        let elsewhere = folder.path("elsewhere").path
        try FileManager.default.createSymbolicLink(atPath: elsewhere, withDestinationPath: "/tmp/Europe/Lisbon")
        #expect(LocalZone.name(link: elsewhere) == nil)
        #expect(LocalZone.name(link: folder.path("missing").path) == nil)
    }
}
