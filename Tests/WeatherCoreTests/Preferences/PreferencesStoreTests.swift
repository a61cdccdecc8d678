import Foundation
import TestSupport
import Testing
@testable import WeatherCore

struct PreferencesStoreTests {
    static let london = Place(name: "London", state: "England", country: "GB", latitude: 51.5073, longitude: -0.1277)

    @Test func roundTrip() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("config/weather-or-not/preferences.json")
        let (store, loaded) = PreferencesStore.open(at: url)
        #expect(loaded.preferences == Preferences())
        #expect(loaded.warning == nil)
        var preferences = loaded.preferences
        preferences.remember(Self.london)
        preferences.units = .imperial
        preferences.clock = .twelveHour
        try store.save(preferences)
        let (_, reloaded) = PreferencesStore.open(at: url)
        #expect(reloaded.preferences == preferences)
        #expect(reloaded.warning == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func recentCitiesAreDeduplicatedMostRecentFirstAndCapped() {
        var preferences = Preferences()
        for i in 0..<30 { preferences.remember(Place(name: "City \(i)", latitude: Double(i), longitude: 0)) }
        preferences.remember(Place(name: "City 5", latitude: 5.00001, longitude: 0))
        #expect(preferences.recentCities.count == Preferences.recentLimit)
        #expect(preferences.recentCities.first?.name == "City 5")
        #expect(preferences.recentCities.filter { $0.name == "City 5" }.count == 1)
        #expect(preferences.lastCity?.name == "City 5")
    }

    @Test func aCorruptFileIsKeptBesideAndReplacedByDefaults() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        let garbage = Data("{\"units\": \"metric\", \"lastCity\": ".utf8)
        try garbage.write(to: url)
        let (store, loaded) = PreferencesStore.open(at: url, now: Date(timeIntervalSince1970: 1000))
        #expect(loaded.preferences == Preferences())
        #expect(loaded.warning?.contains("preferences.json.corrupt-1000") == true)
        #expect(FileManager.default.contents(atPath: url.path + ".corrupt-1000") == garbage)
        try store.save(Preferences())
        #expect(PreferencesStore.open(at: url).1.warning == nil)
    }

    @Test func wrongTypesCountAsCorruptAndUnknownFieldsAreIgnored() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        try Data(#"{"units": 5}"#.utf8).write(to: url)
        #expect(PreferencesStore.open(at: url).1.warning != nil)
        try Data(#"{"units": "imperial", "theme": "dark", "version": 7}"#.utf8).write(to: url)
        let loaded = PreferencesStore.open(at: url).1
        #expect(loaded.warning == nil)
        #expect(loaded.preferences.units == .imperial)
    }

    /// Version 1 wrote "metric" before anyone chose units: read back, that is no choice (the locale's region decides),
    /// while another system was one. Units are written only once chosen.
    @Test func unitsAreAChoiceOnlyOnceChosen() throws {
        let old = try Preferences(data: Data(#"{"units": "metric", "version": 1}"#.utf8))
        #expect(old.units == nil)
        #expect(try Preferences(data: Data(#"{"units": "imperial", "version": 1}"#.utf8)).units == .imperial)
        #expect(try Preferences(data: Data(#"{"units": "metric", "version": 2}"#.utf8)).units == .metric)
        let written = String(decoding: old.data, as: UTF8.self)
        #expect(!written.contains("units"))
        #expect(written.contains(#""version": 2"#))
        var chosen = old
        chosen.units = .metric
        #expect(try Preferences(data: chosen.data).units == .metric)  // rewritten as version 2, the choice stays
    }

    @Test func aDirectoryWhereTheFileShouldBeIsMovedAside() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let (store, loaded) = PreferencesStore.open(at: url)
        #expect(loaded.warning?.contains("is a directory") == true)
        try store.save(Preferences())
        #expect(PreferencesStore.open(at: url).1.warning == nil)
    }

    @Test func aFailedWriteLeavesTheOldFileIntact() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        let (store, _) = PreferencesStore.open(at: url)
        var saved = Preferences()
        saved.remember(Self.london)
        try store.save(saved)
        // A write interrupted after its temporary file was made leaves that file behind; the real file is untouched.
        try Data("{\"partial".utf8).write(to: folder.path(".preferences.json.999.1.tmp"))
        // A write that cannot complete (the disk refuses: here, the temporary name's folder is not a folder).
        let blocked = folder.path("blocked")
        try Data().write(to: blocked)
        #expect(throws: (any Error).self) { try AtomicFile.write(Data("x".utf8), to: blocked.appendingPathComponent("preferences.json")) }
        let (_, reloaded) = PreferencesStore.open(at: url)
        #expect(reloaded.preferences == saved)
        #expect(reloaded.warning == nil)
    }

    @Test func pathsFollowXDGWithFallbacks() {
        let xdg = AppPaths(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "/c", "XDG_CACHE_HOME": "/k", "XDG_STATE_HOME": "/s"])
        #expect(xdg.preferences.path == "/c/weather-or-not/preferences.json")
        #expect(xdg.cacheDirectory.path == "/k/weather-or-not")
        #expect(xdg.historyFile.path == "/s/weather-or-not/history")
        let fallback = AppPaths(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "relative"])
        #expect(fallback.preferences.path == "/home/a/.config/weather-or-not/preferences.json")
        #expect(fallback.cacheDirectory.path == "/home/a/.cache/weather-or-not")
        #expect(fallback.historyFile.path == "/home/a/.local/state/weather-or-not/history")
    }
}
