import FoundationEssentials

/// The one scale every warning service's own is mapped onto (MeteoAlarm's awareness levels, CAP's severities,
/// DWD's four levels): yellow (be aware), orange (be prepared), red (take action).
package enum WarningLevel: Int, Comparable, CaseIterable, Sendable {
    case yellow = 1
    case orange = 2
    case red = 3

    package static func < (a: WarningLevel, b: WarningLevel) -> Bool { a.rawValue < b.rawValue }

    /// The key of its word in the tables, and of its colour in the terminal ("yellow").
    package var key: String {
        switch self {
        case .yellow: "yellow"
        case .orange: "orange"
        case .red: "red"
        }
    }

    /// CAP's severity as most services publish it ("Minor", "Moderate", "Severe", "Extreme", any case); nil for
    /// "Unknown" and anything else. Minor and Moderate are both yellow, as MeteoAlarm maps them.
    package init?(capSeverity: String) {
        switch capSeverity.trimmingWhitespace.lowercased() {
        case "minor", "moderate": self = .yellow
        case "severe": self = .orange
        case "extreme": self = .red
        default: return nil
        }
    }

    /// MeteoAlarm's and MET Norway's `awareness_level` ("2; yellow; Moderate"): its colour word; 1 (green, no
    /// warning) and anything unknown are nil.
    package init?(awarenessLevel: String) {
        let parts = awarenessLevel.split(separator: ";").map { $0.trimmingWhitespace.lowercased() }
        switch parts.first {
        case "2": self = .yellow
        case "3": self = .orange
        case "4": self = .red
        default:
            guard parts.count > 1, let level = WarningLevel.allCases.first(where: { $0.key == parts[1] }) else { return nil }
            self = level
        }
    }
}

/// One official warning, as a service published it: its texts sanitised and capped where they enter, in the
/// language the service gave them (`language`, a code such as "en", "de", "nb").
package struct Warning: Equatable, Hashable, Sendable {
    /// What the warning is about, short ("Wind", "Excessive Heat Warning").
    package var event: String
    package var level: WarningLevel
    /// The area it covers, as the service names it.
    package var area: String
    /// When it starts; nil when the service says only that it is in force.
    package var onset: Date?
    /// When it ends: after this it is never shown.
    package var expires: Date
    /// Who issued it ("NWS Phoenix AZ", "Deutscher Wetterdienst").
    package var issuer: String
    package var headline: String
    package var description: String
    package var instruction: String
    package var language: String

    /// The longest a short field (event, area, issuer, headline) may be, and a long one (description, instruction):
    /// a hostile service's megabytes stop here.
    package static let shortCap = 200
    package static let longCap = 4000

    package init(
        event: String, level: WarningLevel, area: String = "", onset: Date? = nil, expires: Date, issuer: String = "",
        headline: String = "", description: String = "", instruction: String = "", language: String
    ) {
        self.event = Warning.clean(event, cap: Warning.shortCap)
        self.level = level
        self.area = Warning.clean(area, cap: Warning.shortCap)
        self.onset = onset
        self.expires = expires
        self.issuer = Warning.clean(issuer, cap: Warning.shortCap)
        self.headline = Warning.clean(headline, cap: Warning.shortCap)
        self.description = Warning.clean(description, cap: Warning.longCap)
        self.instruction = Warning.clean(instruction, cap: Warning.longCap)
        self.language = Warning.clean(language, cap: 16)
    }

    /// True until it expires.
    package func isActive(at now: Date) -> Bool { now < expires }

    /// Sanitised for the terminal, white space trimmed, cut to `cap` characters (an ellipsis says so).
    static func clean(_ text: String, cap: Int) -> String {
        let clean = String(text.prefix(cap * 4)).sanitizedForTerminal.trimmingWhitespace
        guard clean.count > cap else { return clean }
        return String(clean.prefix(cap - 1)).trimmingWhitespace + "…"
    }

    /// Most severe first, then the one ending first, then by event: the order every view lists them in.
    package static func inDisplayOrder(_ a: Warning, _ b: Warning) -> Bool {
        if a.level != b.level { return a.level > b.level }
        if a.expires != b.expires { return a.expires < b.expires }
        return a.event < b.event
    }
}

/// A warning service for some places: which it covers, and their warnings. Built in the providers' target; the
/// core knows it by `name` alone ("NWS"), which its words show in "warnings unavailable (NWS)".
package protocol WarningSource: Sendable {
    /// How the person sees the service named.
    var name: String { get }
    /// True when the place lies where this service publishes warnings.
    func covers(_ place: Place) -> Bool
    /// The place's warnings as published, expired ones included (the caller drops them); texts in `language` when
    /// the service publishes it. Throws `WeatherError` when the service cannot be asked or answers nonsense.
    func warnings(for place: Place, language: Language) async throws -> [Warning]
}

/// What the warning services said for one place.
package enum WarningOutcome: Equatable, Sendable {
    /// No service covers the place: "no warning service here", never "no warnings".
    case noService
    /// The services that cover it were asked: the active warnings, most severe first; `unavailable` names those
    /// that failed (their warnings are missing, said quietly).
    case checked(warnings: [Warning], services: [String], unavailable: [String])

    /// The active warnings, most severe first (none when no service covers the place).
    package var warnings: [Warning] {
        if case .checked(let warnings, _, _) = self { return warnings }
        return []
    }

    /// The highest level among them; nil when there is none.
    package var highestLevel: WarningLevel? { warnings.map(\.level).max() }
}

/// What the app model asks for a place's warnings; `WarningService` (in the providers' target) is the one the
/// program composes.
package protocol WarningProviding: Sendable {
    /// Never throws: a failing service is a name in `unavailable`.
    func warnings(for place: Place, language: Language) async -> WarningOutcome
    /// The names of the services that cover `place` ("NWS"), asked nothing: what a wait that ended at its deadline
    /// says is unavailable.
    func services(covering place: Place) -> [String]
}

extension WarningProviding {
    package func services(covering place: Place) -> [String] { [] }
}
