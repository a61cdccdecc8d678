import Foundation
import Testing
@testable import WeatherCore

/// TZif files read from the system's tz database (Debian's tzdata, which scripts/setup.sh --for-tests installs),
/// and POSIX rules; expected offsets checked against Python's zoneinfo.
struct ZoneRulesTests {
    let files = ZoneFiles(directory: "/usr/share/zoneinfo")

    private func offset(_ zone: String, _ instant: Int64) throws -> Int {
        let rules = try #require(files.rules(zone), "no readable zone file for \(zone)")
        return rules.offset(at: Date(timeIntervalSince1970: Double(instant)))
    }

    @Test(arguments: [
        ("Europe/Lisbon", 1_768_478_400 as Int64, 0),  // 2026-01-15: WET
        ("Europe/Lisbon", 1_784_116_800, 3600),  // 2026-07-15: WEST
        ("Europe/Lisbon", 790_171_200, 3600),  // 1995-01-15: Portugal was on CET then
        ("Asia/Kathmandu", 1_780_272_000, 20_700),  // 2026: +05:45
        ("Asia/Kathmandu", 486_432_000, 19_800),  // 1985: +05:30, before the 1986 change
        ("America/St_Johns", 1_768_478_400, -12_600),  // winter: -03:30
        ("America/St_Johns", 1_784_116_800, -9000),  // summer: -02:30
        ("America/St_Johns", 1_772_947_799, -12_600),  // 2026-03-08 05:29:59 UTC, a second before the change
        ("America/St_Johns", 1_772_947_800, -9000),
        ("Australia/Lord_Howe", 1_791_041_399, 37_800),  // +10:30 until 2026-10-04 02:00 local
        ("Australia/Lord_Howe", 1_791_041_400, 39_600),  // then +11: a 30-minute daylight-saving change
        ("Australia/Lord_Howe", 1_806_764_399, 39_600),
        ("Australia/Lord_Howe", 1_806_764_400, 37_800),  // back at 2027-04-04 02:00 local
        ("Europe/Berlin", 1_792_889_999, 7200),  // 2026-10-25 00:59:59 UTC, last Sunday of October
        ("Europe/Berlin", 1_792_890_000, 3600),
        ("Europe/Dublin", 1_768_478_400, 0),  // a negative daylight-saving rule (IST-1GMT0,M10.5.0,M3.5.0/1)
        ("Europe/Dublin", 1_784_116_800, 3600),
    ])
    func systemZoneOffsets(zone: String, instant: Int64, expected: Int) throws {
        #expect(try offset(zone, instant) == expected)
    }

    /// Instants past the file's last transition come from its footer's rule.
    @Test func ruleBeyondTheTable() throws {
        let berlin = try #require(files.rules("Europe/Berlin"))
        let summer2100: Int64 = 4_118_083_200, winter2100: Int64 = 4_131_302_400
        #expect((berlin.transitions.last ?? 0) < summer2100)
        #expect(berlin.rule != nil)
        #expect(try offset("Europe/Berlin", summer2100) == 7200)
        #expect(try offset("Europe/Berlin", winter2100) == 3600)
        #expect(try offset("Australia/Lord_Howe", 3_786_912_000) == 39_600)  // 2090-01-01
        #expect(try offset("Asia/Kathmandu", 4_118_083_200) == 20_700)
    }

    @Test func posixRules() throws {
        let kathmandu = try #require(POSIXZoneRule("<+0545>-5:45"))
        #expect(kathmandu.standard == 20_700 && kathmandu.daylight == nil)
        let lordHowe = try #require(POSIXZoneRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect(lordHowe.standard == 37_800)
        #expect(lordHowe.daylight?.offset == 39_600)
        let newfoundland = try #require(POSIXZoneRule("NST3:30NDT,M3.2.0,M11.1.0"))
        #expect(newfoundland.standard == -12_600)
        #expect(newfoundland.daylight?.offset == -9000)  // an hour ahead of standard by default
        #expect(newfoundland.offset(at: 1_772_947_799) == -12_600)
        #expect(newfoundland.offset(at: 1_772_947_800) == -9000)
        // A transition at -1:00 local (Greenland): 2026-03-29 01:00 UTC.
        let nuuk = try #require(POSIXZoneRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.offset(at: 1_774_745_999) == -7200)
        #expect(nuuk.offset(at: 1_774_746_000) == -3600)
        // Julian days (February 29 never counted) and zero-based ones, with times past 24 hours.
        let julian = try #require(POSIXZoneRule("EST5EDT,J60/2,J300/2"))
        #expect(julian.daylight?.start.day == .julian(60))
        #expect(julian.offset(at: 1_772_348_400) == -14_400)  // 2026-03-01 07:00 UTC = 02:00 EST, day 60
        #expect(julian.offset(at: 1_772_348_399) == -18_000)
        let allYear = try #require(POSIXZoneRule("EST5EDT,0/0,J365/25"))
        #expect(allYear.offset(at: 1_768_478_400) == -14_400)
        #expect(allYear.offset(at: 1_784_116_800) == -14_400)
    }

    @Test(arguments: ["", "CE", "CET", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "<+0545-5:45", "UTC+25",
        "CET-1CEST,M3.5.0,M10.5.0/168", "CET-1CEST,J0,J300", "CET-1CEST,M3.5.0,M10.5.0 ", "EST5:60"])
    func malformedRules(text: String) {
        #expect(POSIXZoneRule(text) == nil)
    }

    @Test func malformedFiles() throws {
        let good = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Lisbon")).map { $0 }
        #expect(TZif.rules(name: "Europe/Lisbon", bytes: good) != nil)
        // Truncated anywhere, a wrong magic, a bad footer rule, version 1 only, or too large: unknown.
        for length in [0, 10, 44, good.count / 2, good.count - 1] {
            #expect(TZif.rules(name: "x", bytes: Array(good.prefix(length))) == nil, "truncated at \(length)")
        }
        var magic = good
        magic[0] = UInt8(ascii: "X")
        #expect(TZif.rules(name: "x", bytes: magic) == nil)
        var version1 = good
        version1[4] = 0
        #expect(TZif.rules(name: "x", bytes: version1) == nil)
        let footer = Array(good.dropLast()) + Array("garbage\n".utf8)
        #expect(TZif.rules(name: "x", bytes: footer) == nil)
        #expect(TZif.rules(name: "x", bytes: good + [UInt8](repeating: 0, count: TZif.maximumSize)) == nil)
    }

    @Test func zoneNames() {
        for name in ["Europe/Lisbon", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC", "America/Port-au-Prince"] {
            #expect(ZoneFiles.isPlainName(name), "\(name)")
        }
        for name in ["", "../etc/passwd", "/etc/localtime", "Europe/../../etc/passwd", "Europe//Lisbon", "Europe/Lisbon/",
            ".hidden", "Europe/.Lisbon", "a/b/c/d", "Europe/Lis bon", "-rf", "Europe/Lisbon\u{0}"] {
            #expect(!ZoneFiles.isPlainName(name), "\(name)")
            #expect(files.rules(name) == nil)
        }
    }

    /// `$TZDIR` is where the files are read: a copy there is found, a missing or oversized file is unknown.
    @Test func zoneDirectory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zones-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Test"), withIntermediateDirectories: true)
        let kathmandu = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Asia/Kathmandu"))
        try kathmandu.write(to: folder.appendingPathComponent("Test/Here"))
        try (kathmandu + Data(count: TZif.maximumSize)).write(to: folder.appendingPathComponent("Test/Large"))
        let zones = ZoneFiles(environment: ["TZDIR": folder.path])
        #expect(zones.rules("Test/Here")?.offset(at: Date(timeIntervalSince1970: 1_780_272_000)) == 20_700)
        #expect(zones.rules("Test/Here")?.name == "Test/Here")
        #expect(zones.rules("Test/Large") == nil)
        #expect(zones.rules("Asia/Kathmandu") == nil)
        #expect(ZoneFiles(environment: [:]).directory == "/usr/share/zoneinfo")
    }

    @Test func wallClockToInstant() throws {
        let berlin = PlaceTimeZone.zone(try #require(files.rules("Europe/Berlin")))
        // Local midnight of 2026-10-26 (after the change) is 23:00 UTC, of 2026-10-25 (before it) 22:00 UTC.
        let day = CivilDate.dayNumber(year: 2026, month: 10, day: 26)
        #expect(berlin.midnight(day: day) == Date(timeIntervalSince1970: 1_792_969_200))
        #expect(berlin.midnight(day: day - 1) == Date(timeIntervalSince1970: 1_792_879_200))
        #expect(PlaceTimeZone.fixed(20_700).midnight(day: 0) == Date(timeIntervalSince1970: -20_700))
        #expect(PlaceTimeZone.unknown.offset(at: Date()) == 0)
        let local = LocalTime(Date(timeIntervalSince1970: 1_792_890_000), berlin)  // the change: 03:00 CEST becomes 02:00 CET
        #expect((local.day, local.hour, local.minute) == (25, 2, 0))
    }

    @Test func civilDates() {
        for days in [-800_000, -1, 0, 59, 11_016, 20_000, 1_000_000] {
            let date = CivilDate(days: days)
            #expect(CivilDate.dayNumber(year: date.year, month: date.month, day: date.day) == days)
        }
        #expect(CivilDate.daysInMonth(year: 2000, month: 2) == 29)
        #expect(CivilDate.daysInMonth(year: 2100, month: 2) == 28)
    }
}
