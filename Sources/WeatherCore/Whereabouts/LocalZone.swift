import FoundationEssentials
import Glibc

/// The machine's time zone by name, read without network: `TZ` when it is set, else the zone the localtime link
/// points to (`/etc/localtime` → `/usr/share/zoneinfo/Europe/Lisbon`). Nil when neither names a zone.
package enum LocalZone {
    /// The link read when `TZ` is unset; `WEATHER_OR_NOT_LOCALTIME` replaces it (the tests' own link, so they never
    /// read the machine's).
    package static let defaultLink = "/etc/localtime"

    /// The zone's name ("Europe/Lisbon"), from `TZ` or else from the link `WEATHER_OR_NOT_LOCALTIME` (default
    /// `/etc/localtime`) names. A `TZ` that is set decides, even when it names no zone (empty is UTC to the C library,
    /// a POSIX rule such as `CET-1CEST` names no place): the link is then not read.
    package static func name(environment: [String: String]) -> String? {
        if let tz = environment["TZ"] { return name(tz: tz) }
        let link = environment["WEATHER_OR_NOT_LOCALTIME"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultLink
        return name(link: link)
    }

    /// The zone a `TZ` value names: "Europe/Lisbon", ":Europe/Lisbon", or a path into a zoneinfo folder.
    package static func name(tz: String) -> String? {
        var value = Substring(tz)
        if value.hasPrefix(":") { value = value.dropFirst() }
        return zoneName(inPath: String(value))
    }

    /// The zone a localtime link points to; nil when the file is not a link (a copied zone file carries no name).
    package static func name(link path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 1024)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard target.contains("zoneinfo/") else { return nil }
        return zoneName(inPath: target)
    }

    /// "Europe/Lisbon" from itself or from ".../zoneinfo/Europe/Lisbon" (also under `posix/` or `right/`); nil
    /// for anything that is not a plain zone name (a POSIX rule, `..`, an absolute path outside a zoneinfo folder).
    static func zoneName(inPath path: String) -> String? {
        var name = Substring(path)
        if let range = path.ranges(of: "zoneinfo/").last { name = path[range.upperBound...] }
        for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        let zone = String(name)
        return ZoneFiles.isPlainName(zone) ? zone : nil
    }
}
