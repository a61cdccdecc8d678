import Foundation
import WeatherCoreTesting
import Testing

/// No force unwrap in what ships: every `.swift` file under Sources/ (all targets, generated files too) is read as
/// code, with comments and the text of string literals set aside (`SwiftLiterals.code`), and a `!` right after a
/// name, a closing bracket or parenthesis or a generic's `>` is reported. That catches `value!`, `f()!`, `try!`,
/// `as!` and an implicitly unwrapped optional (`var name: String!`).
///
/// Allowed, because they unwrap nothing: `!=` and `!==`; the prefix `!` of a negation (`!done`, `guard !list.isEmpty`,
/// `#if !os(Linux)`), which follows a space, an opening bracket or an operator; and a `!` in a comment or in a string's
/// text ("r!", "Hi!"). A `!` in an interpolation's code is code, and is read.
struct NoForceUnwrapTests {
    static let sources = Fixtures.packageRoot.appendingPathComponent("Sources")

    /// A postfix `!`: after a letter, digit, `_`, `)`, `]` or `>`, and not the start of `!=` or `!==`.
    static var postfix: Regex<Substring> { /[\p{L}\p{N}_)\]>]!(?!=)/ }

    /// Each force unwrap of `source`: its line number and the line.
    static func forceUnwraps(_ source: String) -> [(line: Int, text: String)] {
        // Setting comments and strings aside only turns characters into spaces, so it finds nothing in a file whose
        // raw text has no candidate: such a file (nearly every one) is not scanned, which keeps this test from
        // holding a thread of the shared pool for long while the loopback tests wait for one.
        guard source.contains(postfix) else { return [] }
        return SwiftLiterals.code(source).enumerated().compactMap { number, code in
            code.contains(postfix) ? (number + 1, code.trimmingCharacters(in: .whitespaces)) : nil
        }
    }

    @Test func sourcesHoldNoForceUnwrap() throws {
        let files = try CoreNamesNoProviderTests.sources(in: Self.sources)
        #expect(files.count > 100, "the sources were not found")
        #expect(files.contains { $0.path == "WeatherCLI/App/Options.swift" })
        for (path, text) in files {
            for found in Self.forceUnwraps(text) {
                Issue.record("\(path):\(found.line) force-unwraps: \(found.text)")
            }
        }
    }

    @Test func theCheckFindsForceUnwrapsAndLeavesNegationCommentsAndStrings() {
        let source = #"""
            let a = names.last!
            let b = try! decode()
            let c = value as! Int
            var d: String!
            let e = URL(string: text)!.host
            let f = "\(first!) and more"
            let g = list[0]!
            let h = Array<Int>!
            if a != b, !done, a !== c { }
            guard !list.isEmpty else { return }
            #if !os(Linux)
            let i = "Hi! r!"  // wow! x!
            /* y! */ let j = #"raw! "q"!"#
            let k = (!flag) && !other
            """#
        #expect(Self.forceUnwraps(source).map(\.line) == [1, 2, 3, 4, 5, 6, 7, 8])
    }
}
