import FoundationEssentials
import Synchronization

/// The zone names the tz database keeps for compatibility, and the zones they stand for: its `tzdata.zi` lists them
/// as `L TARGET LINK` ("L America/New_York US/Eastern"). Read once, only when a guess needs it.
enum ZoneLinks {
    /// The links read so far, by file.
    private static let read = Mutex<[String: [String: String]]>([:])

    /// `tzdata.zi` is about 110 KB; a file far over that is not it.
    static let maximumSize = 1 << 20

    /// The zone `name` links to; nil when it is not a link there (or the file is missing).
    static func target(of name: String, in files: ZoneFiles) -> String? {
        let path = files.directory + "/tzdata.zi"
        if let links = read.withLock({ $0[path] }) { return links[name] }
        let text = (try? BoundedFile.read(URL(fileURLWithPath: path), limit: maximumSize)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let links = parse(text)
        read.withLock { $0[path] = links }
        return links[name]
    }

    /// The `L TARGET LINK` lines of a `tzdata.zi`, by link.
    static func parse(_ text: String) -> [String: String] {
        var links: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("L ") {
            let words = line.split(separator: " ")
            guard words.count == 3 else { continue }
            links[String(words[2])] = String(words[1])
        }
        return links
    }
}
