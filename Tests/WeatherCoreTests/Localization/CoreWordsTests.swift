import Foundation
import WeatherCoreTesting
import Testing
import WeatherCLI  // the terminal's tables, to hold the keys the terminal names to them
@testable import WeatherCore

/// Words live with the view: WeatherCore publishes typed values (an error case, a phrase's key and values, numbers
/// with units) and phrases from its own tables only what it must (conditions, weekdays, summaries, the display
/// structs' figures and notices); every other word is the terminal's, in WeatherCLI's tables.
struct CoreWordsTests {
    /// Files under Sources/WeatherCore the sentence test does not read, and why.
    static let unread: [String: String] = [
        "Localization/EmbeddedStrings.swift": "generated from Assets/strings: the core's tables themselves",
        "Assets/EmbeddedAssets.swift": "generated from Assets: the sample answers and the art, data",
        "Formatting/FoldingTable.swift": "generated: which letter folds to which, data",
        "Time/ZoneLocations.swift": "generated from the tz database's zone1970.tab: zone names and their places, data",
        "Models/CountryCodes.swift": "the ISO 3166-1 country codes, one string of codes split by spaces: data",
        "Models/StateNames.swift":
            "the state and province names the geocoders answer with, matched against their answers: data, not words",
    ]

    /// Folders the sentence test does not read.
    static let unreadFolders: [String] = []

    /// Literals that read like words and are not the project's to translate, and why.
    static let allowed: [String: String] = [
        "Português (Brasil)": "a language's name in that language (`:lang`'s list), the same whatever language is spoken",
    ]

    static func coreSources() throws -> [(path: String, text: String)] {
        let root = Fixtures.packageRoot.appendingPathComponent("Sources/WeatherCore")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// A user-facing sentence: a letter, then white space, then a letter, in a literal's own text (interpolated code
    /// is not its text). Keys ("error.place.empty"), units (" hPa"), formats ("\(a), \(b)") and single words are not.
    static func readsAsWords(_ text: String) -> Bool {
        text.contains(/\p{L}[^\n]*\s[^\n]*\p{L}/)
    }

    @Test func weatherCoreSourcesHoldNoSentence() throws {
        var found: [String] = []
        var read = 0
        for (path, text) in try Self.coreSources() {
            guard Self.unread[path] == nil, !Self.unreadFolders.contains(where: { path.hasPrefix($0) }) else { continue }
            read += 1
            for literal in SwiftLiterals.scan(text) where Self.readsAsWords(literal.text) && Self.allowed[literal.text] == nil {
                found.append("\(path):\(literal.line): \"\(literal.text)\"")
            }
        }
        #expect(read > 40, "the sources were not found")
        #expect(found == [], "words belong in a table (Assets/strings) or in WeatherCLI")
        // Everything skipped is there: a skip that names nothing would hide nothing and mislead.
        let paths = Set(try Self.coreSources().map(\.path))
        for path in Self.unread.keys { #expect(paths.contains(path), "\(path) is skipped but not there") }
    }

    @Test func theScannerFindsWordsAndSkipsCommentsKeysAndCode() {
        let source = #"""
            // "a comment with words"
            /* "a block comment" /* nested */ "still comment" */
            let a = "error.place.empty"
            let b = "\(x) hPa"
            let c = "in \(variable)"
            let d = "\(f("inner words here")) K"
            let e = #"raw "quoted" text"#
            let f = """
                two lines
                """
            """#
        let literals = SwiftLiterals.scan(source)
        #expect(literals.filter { Self.readsAsWords($0.text) }.map(\.text) == ["inner words here", "raw \"quoted\" text", "two lines"])
        #expect(literals.map(\.text).contains("in \u{FFFC}"))
        #expect(literals.first { $0.text == "error.place.empty" }?.line == 3)
        #expect(Self.readsAsWords("High / low") && !Self.readsAsWords("error.place.empty") && !Self.readsAsWords("\u{FFFC} K"))
    }

    // MARK: The split of the tables

    /// The tables of a language in Assets/strings, by file name, read as `TableFormat.parse` reads them.
    static func folder(_ language: Language) throws -> [String: [String: String]] {
        let folder = Fixtures.packageRoot.appendingPathComponent("Assets/strings/\(language.code)")
        var tables: [String: [String: String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".strings") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for (key, value) in TableFormat.parse(text) { tables[String(name.dropLast(8)), default: [:]][key] = value }
        }
        return tables
    }

    /// The tables WeatherCore compiles in (scripts/embed-assets.py's CORE_TABLES); the rest are WeatherCLI's.
    static let coreTables: Set<String> = ["conditions", "dates", "display", "summaries"]

    @Test(arguments: Language.allCases)
    func eachTableIsCompiledIntoOneTarget(_ language: Language) throws {
        let tables = try Self.folder(language)
        #expect(Set(tables.keys).isSuperset(of: Self.coreTables))
        let core = tables.filter { Self.coreTables.contains($0.key) }.values.reduce(into: [:]) { $0.merge($1) { a, _ in a } }
        let terminal = tables.filter { !Self.coreTables.contains($0.key) }.values.reduce(into: [:]) { $0.merge($1) { a, _ in a } }
        #expect(Strings.table(language) == core, "run scripts/embed-assets.py")
        #expect(Strings.terminalTable(language) == terminal, "run scripts/embed-assets.py")
        #expect(Set(core.keys).isDisjoint(with: terminal.keys), "a key in both targets' tables")
    }

    @Test(arguments: Language.allCases.filter { $0 != .english })
    func theTerminalsTablesHaveEnglishsKeysAndPlaceholders(_ language: Language) {
        let english = Strings.terminalTable(.english)
        let table = Strings.terminalTable(language)
        #expect(english.count > 200)
        #expect(Set(english.keys).subtracting(table.keys).sorted() == [], "missing in \(language.code)")
        #expect(Set(table.keys).subtracting(english.keys).sorted() == [], "not in English, in \(language.code)")
        for (key, value) in table {
            #expect(StringsTests.placeholders(value) == StringsTests.placeholders(english[key] ?? ""), "\(language.code): \(key)")
        }
    }

    /// The keys a target's code names in a lookup: a key-shaped literal (`error.place.empty`, or a prefix to which
    /// code adds the rest, `"weekday.\(n)"`, `"compass." + point`) right after `[`, `(` or a `key:` label. Keys the
    /// code builds from variables alone are not seen here; the views' tests see them.
    static func keysNamed(in folder: String) throws -> [(key: String, isPrefix: Bool, isPhrase: Bool, at: String)] {
        let root = Fixtures.packageRoot.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        var keys: [(String, Bool, Bool, String)] = []
        for path in files where path.hasSuffix(".swift") && !path.hasSuffix("EmbeddedStrings.swift") {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for literal in SwiftLiterals.scan(text) where literal.after.hasSuffix("[") || literal.after.hasSuffix("(") || literal.after.hasSuffix("key:") {
                guard let match = literal.text.wholeMatch(of: /([a-z][A-Za-z]*(?:\.[A-Za-z0-9-]+)+)(\.?)(\u{FFFC}.*)?/) else { continue }
                let isPrefix = !match.output.2.isEmpty || match.output.3 != nil || literal.continues
                let key = String(match.output.1) + match.output.2
                // A file name is not a key: "preferences.json".
                guard !["json", "tmp", "lock", "txt", "tsv"].contains(key.split(separator: ".").last ?? "") else { continue }
                keys.append((key, isPrefix, literal.after.hasSuffix("Phrase("), "\(folder)/\(path):\(literal.line)"))
            }
        }
        return keys
    }

    static func holds(_ table: [String: String], _ key: (key: String, isPrefix: Bool, isPhrase: Bool, at: String)) -> Bool {
        // A key, or a family of keys the code completes (`plural("age.second", n)` reads `age.second.one` or `.other`).
        table[key.key] != nil || table.keys.contains { $0.hasPrefix(key.isPrefix ? key.key : key.key + ".") }
    }

    /// What the core looks up itself is in the core's tables; a phrase's key the core names (`Phrase("error.…")`,
    /// worded by the terminal) and every key the terminal names is in one of the two.
    @Test func everyKeyNamedIsInItsTargetsTables() throws {
        let core = Strings.table(.english)
        let both = core.merging(Strings.terminalTable(.english)) { a, _ in a }
        let coreKeys = try Self.keysNamed(in: "Sources/WeatherCore")
        #expect(coreKeys.count > 50)
        for key in coreKeys where !Self.holds(key.isPhrase ? both : core, key) {
            Issue.record("\(key.at): \(key.key) is not in \(key.isPhrase ? "any" : "the core's") tables")
        }
        let terminalKeys = try Self.keysNamed(in: "Sources/WeatherCLI") + Self.keysNamed(in: "Sources/weather-or-not")
        #expect(terminalKeys.count > 50)
        for key in terminalKeys where !Self.holds(both, key) { Issue.record("\(key.at): \(key.key) is in no table") }
    }
}

/// The string literals of Swift source, as the compiler sees them: not in comments; an interpolation's code is not
/// the literal's text (it stands as U+FFFC), and the literals inside it are literals of their own.
enum SwiftLiterals {
    struct Literal {
        /// The literal's text, escapes as written, each interpolation as U+FFFC.
        var text: String
        var line: Int
        /// The code just before it, spaces dropped ("strings[", "Phrase(", "key:").
        var after: String
        /// True when `+` follows it: code adds to it.
        var continues: Bool
    }

    static func scan(_ source: String) -> [Literal] {
        var scanner = Scanner(Array(source.unicodeScalars))
        scanner.code(untilClose: false)
        return scanner.found.sorted { $0.line < $1.line }
    }

    /// The source's code alone, line by line: comments and the text of string literals become spaces (an
    /// interpolation's code stays), so lines and columns are the source's.
    static func code(_ source: String) -> [String] {
        var scanner = Scanner(Array(source.unicodeScalars))
        scanner.code(untilClose: false)
        var kept = String.UnicodeScalarView()
        for (index, scalar) in scanner.s.enumerated() { kept.append(scanner.isCode[index] || scalar == "\n" ? scalar : " ") }
        return String(kept).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private struct Scanner {
        let s: [Unicode.Scalar]
        var i = 0
        var line = 1
        var found: [Literal] = []
        var recent = ""  // the code read lately, spaces dropped
        /// True for each scalar of code: not in a comment, not a literal's quotes or text.
        var isCode: [Bool]

        init(_ s: [Unicode.Scalar]) {
            self.s = s
            isCode = Array(repeating: false, count: s.count)
        }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? { i + offset < s.count ? s[i + offset] : nil }
        func starts(_ text: String) -> Bool { text.unicodeScalars.enumerated().allSatisfy { peek($0.offset) == $0.element } }
        mutating func advance() {
            if s[i] == "\n" { line += 1 }
            i += 1
        }

        /// Code until the end, or (in an interpolation) until its closing parenthesis.
        mutating func code(untilClose: Bool) {
            var depth = 0
            while i < s.count {
                if starts("//") {
                    while let c = peek(), c != "\n" { advance() }
                } else if starts("/*") {
                    var nesting = 0
                    repeat {
                        if starts("/*") { nesting += 1; advance(); advance() }
                        else if starts("*/") { nesting -= 1; advance(); advance() }
                        else { advance() }
                    } while nesting > 0 && i < s.count
                } else if peek() == "#" || peek() == "\"" {
                    var hashes = 0
                    while peek(hashes) == "#" { hashes += 1 }
                    guard peek(hashes) == "\"" else { recent.append("#"); isCode[i] = true; advance(); continue }
                    for _ in 0..<hashes { advance() }
                    literal(hashes: hashes)
                } else {
                    let c = s[i]
                    if untilClose {
                        if c == "(" { depth += 1 }
                        if c == ")" { if depth == 0 { advance(); return }; depth -= 1 }
                    }
                    if !c.properties.isWhitespace { recent.unicodeScalars.append(c); recent = String(recent.suffix(40)) }
                    isCode[i] = true
                    advance()
                }
            }
        }

        /// A literal from its opening quote, after any `#`s.
        mutating func literal(hashes: Int) {
            let start = line
            let after = recent
            let multiline = starts("\"\"\"")
            for _ in 0..<(multiline ? 3 : 1) { advance() }
            let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            var text = ""
            while i < s.count, !starts(close) {
                if starts(escape) {
                    for _ in 0..<escape.unicodeScalars.count { advance() }
                    if peek() == "(" {
                        advance()
                        text.append("\u{FFFC}")
                        let saved = recent
                        recent = ""
                        code(untilClose: true)
                        recent = saved
                    } else if let c = peek() {
                        text.unicodeScalars.append("\\")
                        text.unicodeScalars.append(c)
                        advance()
                    }
                } else {
                    text.unicodeScalars.append(s[i])
                    advance()
                }
            }
            for _ in 0..<close.unicodeScalars.count where i < s.count { advance() }
            if multiline {
                // The lines between the quotes, without the indentation the closing quotes set.
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let indent = lines.last?.prefix { $0 == " " }.count ?? 0
                lines = Array(lines.dropFirst().dropLast()).map { String($0.dropFirst(indent)) }
                text = lines.joined(separator: "\n")
            }
            var j = i
            while j < s.count, s[j] == " " { j += 1 }
            found.append(Literal(text: text, line: start, after: after, continues: j < s.count && s[j] == "+"))
            recent = "\u{FFFC}"
        }
    }
}
