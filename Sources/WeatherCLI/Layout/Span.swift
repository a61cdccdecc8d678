import WeatherCore

/// How a run of text looks on a colour terminal.
package enum Look: Equatable, Sendable {
    case bold, dim, warning, failure
    /// Coloured on a cold-to-hot scale.
    case temperature(celsius: Double)
    /// A condition drawing's colour.
    case art(ConditionGroup)
    /// A map's coasts, borders, land and pins.
    case map(MapInk)
    /// A UV index category's colour, the WHO's: green, yellow, orange, red, violet.
    case uv(UVCategory)
    /// An air quality category's colour, its scale's own (the EPA's, the EEA's).
    case air(AirCategory)
}

/// A run of text with one look, ready for the terminal.
///
/// Only `Style.span(_:_:)` makes one: that is where text from anywhere (the API, the person, the program's own
/// words) loses its control characters and escape sequences, and is folded to ASCII when the terminal needs it.
/// Widths are measured on that final text, so columns line up whatever was folded.
package struct Span: Equatable, Sendable {
    package let text: String
    package let look: Look?

    /// Made by `Style` only.
    init(clean text: String, look: Look?) {
        self.text = text
        self.look = look
    }

    package var width: Int { TextWidth.of(text) }
}

/// A line (or a table cell) of spans.
package struct Line: Equatable, Sendable {
    package var spans: [Span]

    /// Empty spans are dropped and neighbours with the same look joined, so one look is one escape sequence.
    package init(_ spans: [Span] = []) {
        var joined: [Span] = []
        for span in spans where !span.text.isEmpty {
            if let last = joined.last, last.look == span.look {
                joined[joined.count - 1] = Span(clean: last.text + span.text, look: span.look)
            } else {
                joined.append(span)
            }
        }
        self.spans = joined
    }

    package var width: Int { spans.reduce(0) { $0 + $1.width } }
    package var isEmpty: Bool { spans.isEmpty }
    /// The text without looks.
    package var plain: String { spans.map(\.text).joined() }

    package static func + (a: Line, b: Line) -> Line { Line(a.spans + b.spans) }

    /// The line cut to `columns`, ending in `ellipsis` when cut.
    package func truncated(to columns: Int, ellipsis: Span) -> Line {
        guard width > columns else { return self }
        let room = columns - ellipsis.width
        guard room > 0 else { return Line([ellipsis]).prefix(columns) }
        return prefix(room) + Line([ellipsis])
    }

    /// The first `columns` display columns.
    func prefix(_ columns: Int) -> Line {
        var result: [Span] = []
        var used = 0
        for span in spans {
            if used + span.width <= columns {
                result.append(span)
                used += span.width
                continue
            }
            var text = ""
            for character in span.text {
                let w = TextWidth.of(String(character))
                if used + w > columns { break }
                text.append(character)
                used += w
            }
            result.append(Span(clean: text, look: span.look))
            break
        }
        return Line(result)
    }

    /// The line broken at spaces into lines of at most `columns`; a word longer than that is cut across lines.
    /// Looks are kept; the spaces where it breaks are dropped. A number and its unit ("41 km/h") stay on one line:
    /// the space between them is no place to break (the text itself keeps its plain space).
    package func wrapped(to columns: Int) -> [Line] {
        let columns = max(1, columns)
        guard width > columns else { return [self] }
        // Words as runs of spans: a word ends at a space where a line may break, whatever span it is in.
        let characters = spans.flatMap { span in span.text.map { (character: $0, look: span.look) } }
        let plain = characters.map(\.character)
        var words: [Line] = []
        var word: [Span] = []
        var run = ""
        var runLook: Look?
        func endRun() {
            if !run.isEmpty { word.append(Span(clean: run, look: runLook)) }
            run = ""
        }
        for (index, item) in characters.enumerated() {
            if item.character == " ", !Self.bindsNumberToUnit(plain, at: index) {
                endRun()
                if !word.isEmpty { words.append(Line(word)) }
                word = []
                continue
            }
            if item.look != runLook { endRun() }
            runLook = item.look
            run.append(item.character)
        }
        endRun()
        if !word.isEmpty { words.append(Line(word)) }
        var lines: [Line] = []
        var current = Line()
        for var next in Self.keepingCommandsWhole(words, columns: columns) {
            if current.isEmpty, next.width <= columns {
                current = next
            } else if !current.isEmpty, current.width + 1 + next.width <= columns {
                // The space between two words of one look takes that look.
                let look = current.spans.last?.look == next.spans.first?.look ? next.spans.first?.look : nil
                current = current + Line([Span(clean: " ", look: look)]) + next
            } else {
                if !current.isEmpty { lines.append(current) }
                while next.width > columns {
                    lines.append(next.prefix(columns))
                    next = next.dropping(columns)
                }
                current = next
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// The units figures are written with (`UnitFormatting`), after a space.
    private static let units: Set<String> = ["km/h", "mph", "m/s", "hPa", "inHg", "mm", "in", "km", "mi", "K"]

    /// True when the space at `index` is between a number and its unit ("12 km/h,"): no line breaks there.
    static func bindsNumberToUnit(_ text: [Character], at index: Int) -> Bool {
        guard index > 0, text[index - 1].isNumber else { return false }
        var unit = String(text[(index + 1)...].prefix { $0 != " " })
        while let last = unit.last, ",.;:)".contains(last) { unit.removeLast() }
        return units.contains(unit)
    }

    /// The words with each prompt command or option joined to the word after it (":offline on", "--units imperial"),
    /// so no line ends inside one, when the two fit on a line.
    private static func keepingCommandsWhole(_ words: [Line], columns: Int) -> [Line] {
        var result: [Line] = []
        var lastIsCommand = false
        for word in words {
            if lastIsCommand, let last = result.last, last.width + 1 + word.width <= columns {
                let look = last.spans.last?.look == word.spans.first?.look ? word.spans.first?.look : nil
                result[result.count - 1] = last + Line([Span(clean: " ", look: look)]) + word
                lastIsCommand = false
                continue
            }
            result.append(word)
            lastIsCommand = isCommand(word.plain)
        }
        return result
    }

    /// True for a word that is a prompt command or an option awaiting its value: ":offline", "(:provider", "--units";
    /// not one that ends a clause (":offline.", "--timeout,").
    static func isCommand(_ word: String) -> Bool {
        let word = word.drop { "(\"'«“‘„¿¡\u{00A0}\u{202F}".contains($0) }
        guard word.hasPrefix(":") || word.hasPrefix("--"), let last = word.last, last.isLetter || last.isNumber else { return false }
        return word.drop { $0 == ":" || $0 == "-" }.first?.isLetter ?? false
    }

    /// The line without its first `columns` display columns.
    func dropping(_ columns: Int) -> Line {
        var result: [Span] = []
        var skipped = 0
        for span in spans {
            if skipped >= columns {
                result.append(span)
                continue
            }
            var text = ""
            for character in span.text {
                if skipped < columns {
                    skipped += TextWidth.of(String(character))
                } else {
                    text.append(character)
                }
            }
            result.append(Span(clean: text, look: span.look))
        }
        return Line(result)
    }

    /// Spaces added to reach `columns`, on the right (or on the left for `rightAligned`).
    package func padded(to columns: Int, rightAligned: Bool = false) -> Line {
        let fill = Line([Span(clean: String(repeating: " ", count: max(0, columns - width)), look: nil)])
        return rightAligned ? fill + self : self + fill
    }
}
