import FoundationEssentials

/// What Tab does to the whole line typed so far.
package enum Completion: Equatable, Sendable {
    /// Nothing matches.
    case none
    /// One match: the line becomes this.
    case replace(String)
    /// Several: the line is extended to what they share (if longer), and they are listed.
    case choices(common: String, options: [String])
}

/// Completes the whole line: command names after ":", unit names after ":units ", past cities after ":compare "
/// and after its "; ", and after ":home ", past cities otherwise.
///
/// Matching ignores case and accents ("zur" finds "Zürich"), and multi-word names complete whole.
package enum CompletionMatcher {
    /// `providers`: the ids `:provider ` completes to.
    package static func complete(_ line: String, cities: [String], providers: [String] = []) -> Completion {
        let typed = line.drop { $0 == " " }
        if typed.hasPrefix(":") {
            let lower = typed.lowercased()
            for (command, values) in [
                (":units ", UnitSystem.allCases.map(\.rawValue)), (":clock ", ["12", "24"]), (":provider ", providers),
                (":lang ", Language.allCases.map(\.code)),
            ] {
                if lower.hasPrefix(command) {
                    let argument = String(typed.dropFirst(command.count)).trimmingWhitespace
                    return match(argument, among: values, prefix: command)
                }
            }
            if lower.hasPrefix(":compare ") {
                // The place being typed: after the command, or after the "; " between the two places.
                let rest = typed.dropFirst(":compare ".count)
                let start = rest.lastIndex(of: ";").map { rest.index(after: $0) } ?? rest.startIndex
                let place = rest[start...].drop { $0 == " " }
                let kept = String(typed[..<place.startIndex])
                return match(String(place), among: cities, prefix: kept)
            }
            if lower.hasPrefix(":home ") {
                let place = typed.dropFirst(":home ".count).drop { $0 == " " }
                return match(String(place), among: cities, prefix: String(typed[..<place.startIndex]))
            }
            return match(String(typed), among: Command.names, prefix: "", spaceAfterUnique: true)
        }
        return match(String(typed), among: cities, prefix: "")
    }

    static func match(_ typed: String, among candidates: [String], prefix: String, spaceAfterUnique: Bool = false) -> Completion {
        let key = typed.foldingAccents(ignoringCase: true)
        var seen = Set<String>()
        let found = candidates.filter { $0.foldingAccents(ignoringCase: true).hasPrefix(key) && seen.insert($0).inserted }
        switch found.count {
        case 0: return .none
        case 1: return .replace(prefix + found[0] + (spaceAfterUnique ? " " : ""))
        default:
            // The longest start the matches share, in the first match's spelling, if it extends what was typed.
            let folded = found.map { $0.foldingAccents(ignoringCase: true) }
            var length = folded[0].count
            for other in folded.dropFirst() {
                length = min(length, zip(folded[0], other).prefix { $0 == $1 }.count)
            }
            let shared = String(found[0].prefix(length))
            return .choices(common: prefix + (shared.foldingAccents(ignoringCase: true).count > key.count ? shared : typed), options: found)
        }
    }
}
