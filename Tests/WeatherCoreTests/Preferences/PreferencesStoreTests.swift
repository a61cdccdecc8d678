import Foundation
import WeatherCoreTesting
import WeatherCLI  // the English words of a phrase are the terminal's
import Testing
@testable import WeatherCore
#if canImport(Glibc)
import Glibc
#endif

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
        try store.save(preferences) { $0 = preferences }
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
        #expect(loaded.warning?.words(.terminal(.english)).contains("preferences.json.corrupt-1000") == true)
        #expect(FileManager.default.contents(atPath: url.path + ".corrupt-1000") == garbage)
        try store.save(Preferences()) { $0 = Preferences() }
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
        #expect(loaded.warning?.words(.terminal(.english)).contains("is a directory") == true)
        try store.save(Preferences()) { $0 = Preferences() }
        #expect(PreferencesStore.open(at: url).1.warning == nil)
    }

    @Test func aFailedWriteLeavesTheOldFileIntact() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        let (store, _) = PreferencesStore.open(at: url)
        var saved = Preferences()
        saved.remember(Self.london)
        try store.save(saved) { $0 = saved }
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

    static let paris = Place(name: "Paris", country: "FR", latitude: 48.8566, longitude: 2.3522)

    @Test func twoInstancesSavingMergeTheirRecentCitiesAndKeepEachOthersKeys() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        // Both open the same (missing) file, then each changes something of its own.
        let (first, firstLoaded) = PreferencesStore.open(at: url)
        let (second, secondLoaded) = PreferencesStore.open(at: url)
        var firstOwn = firstLoaded.preferences
        var secondOwn = secondLoaded.preferences
        firstOwn.remember(Self.london)
        try first.save(firstOwn) { $0.remember(Self.london) }
        firstOwn.units = .imperial
        try first.save(firstOwn) { $0.units = .imperial }
        secondOwn.language = .french
        try second.save(secondOwn) { $0.language = .french }
        secondOwn.remember(Self.paris)
        let saved = try second.save(secondOwn) { $0.remember(Self.paris) }
        // The second instance never saw London nor the new units: the file keeps them, with its own change.
        let onDisk = PreferencesStore.open(at: url).1.preferences
        #expect(onDisk == saved)
        #expect(onDisk.recentCities.map(\.name) == ["Paris", "London"])
        #expect(onDisk.lastCity?.name == "Paris")
        #expect(onDisk.units == .imperial)
        #expect(onDisk.language == .french)
        #expect(FileManager.default.fileExists(atPath: url.path + ".lock"))
    }

    @Test func aSaveWaitsForTheLockAndGivesUpRatherThanHang() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        let (store, _) = PreferencesStore.open(at: url, lockWait: .milliseconds(50))
        // Another instance holding the lock (stopped mid-save, say): the save fails and writes nothing.
        let other = open(url.path + ".lock", O_RDWR | O_CREAT, 0o600)
        defer { close(other) }
        #expect(flock(other, LOCK_EX) == 0)
        #expect(throws: POSIXError(.EWOULDBLOCK)) { try store.save(Preferences()) { _ in } }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        // Released, the next save goes through.
        #expect(flock(other, LOCK_UN) == 0)
        try store.save(Preferences()) { _ in }
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aSymlinkedFileIsWrittenThroughTheLink() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let dotfiles = folder.path("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        try Preferences().data.write(to: dotfiles.appendingPathComponent("weather.json"))
        let config = folder.path("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let url = config.appendingPathComponent("preferences.json")
        // A relative link, through a second link, as a dotfiles manager lays them out.
        try FileManager.default.createSymbolicLink(atPath: config.appendingPathComponent("middle.json").path, withDestinationPath: "../dotfiles/weather.json")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "middle.json")
        let (store, loaded) = PreferencesStore.open(at: url)
        #expect(loaded.warning == nil)
        var preferences = loaded.preferences
        preferences.remember(Self.london)
        try store.save(preferences) { $0.remember(Self.london) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == "middle.json")
        let written = try Preferences(data: Data(contentsOf: dotfiles.appendingPathComponent("weather.json")))
        #expect(written.lastCity?.name == "London")
        // The temporary file was made beside the target and renamed onto it: nothing is left in either folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path) == ["weather.json"])
    }

    @Test func aCorruptFileBehindALinkIsMovedAsideAndTheLinkKept() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let target = folder.path("weather.json")
        try Data("{\"units\": ".utf8).write(to: target)
        let url = folder.path("preferences.json")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "weather.json")
        let (store, loaded) = PreferencesStore.open(at: url, now: Date(timeIntervalSince1970: 1000))
        #expect(loaded.warning?.words(.terminal(.english)).contains(folder.path("weather.json.corrupt-1000").path) == true)
        #expect(FileManager.default.contents(atPath: folder.path("weather.json.corrupt-1000").path) == Data("{\"units\": ".utf8))
        try store.save(Preferences()) { _ in }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == "weather.json")
        #expect(try Preferences(data: Data(contentsOf: target)) == Preferences())
    }

    @Test func aFileOverTheCapIsLeftInPlaceUnreadAndNeverWrittenOver() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.path("preferences.json")
        // 100 MB that take no disk (a sparse file): only its size is looked at.
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 100_000_000)
        try handle.close()
        let (store, loaded) = PreferencesStore.open(at: url)
        #expect(loaded.preferences == Preferences())
        #expect(loaded.warning == Phrase("preferences.tooLarge", ["path": url.path, "limit": "1"]))
        #expect(loaded.warning?.words(.terminal(.english)) == "The preferences at \(url.path) are over 1 MiB; using defaults for this session, the file is left untouched.")
        var preferences = loaded.preferences
        preferences.remember(Self.london)
        #expect(try store.save(preferences) { $0.remember(Self.london) } == preferences)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int == 100_000_000)
        #expect(PreferencesStore.peek(at: url) == Preferences())
    }

    @Test func boundedReadsStopAtTheCap() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let file = folder.path("file")
        try Data(repeating: 7, count: 1000).write(to: file)
        #expect(try BoundedFile.read(file, limit: 1000).count == 1000)
        #expect(throws: BoundedFile.Failure.tooLarge(size: 1000)) { try BoundedFile.read(file, limit: 999) }
        #expect(throws: BoundedFile.Failure.missing) { try BoundedFile.read(folder.path("none"), limit: 10) }
        #expect(throws: BoundedFile.Failure.directory) { try BoundedFile.read(folder.url, limit: 10) }
        // A named pipe with no writer would block a plain open: it is refused at once.
        let pipe = folder.path("pipe")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(throws: BoundedFile.Failure.unreadable) { try BoundedFile.read(pipe, limit: 10) }
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
