/// Small in-line graphs: a temperature level per row, a precipitation bar, a day's low–high range.
enum Graph {
    static let levels = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiLevels = ["_", ".", "-", "~", "=", "*", "^", "#"]

    /// One character whose height shows where `value` lies between `low` and `high`.
    static func level(_ value: Double, low: Double, high: Double, unicode: Bool) -> String {
        let marks = unicode ? levels : asciiLevels
        guard high > low else { return marks[marks.count / 2] }
        let index = Int(((value - low) / (high - low) * Double(marks.count - 1)).rounded())
        return marks[min(marks.count - 1, max(0, index))]
    }

    /// A five-cell bar for a percentage ("40%").
    static func bar(percent text: String, unicode: Bool) -> String {
        let percent = Int(text.dropLast()) ?? 0
        let filled = Int((Double(percent) / 20).rounded())
        return String(repeating: unicode ? "█" : "#", count: filled) + String(repeating: unicode ? "·" : ".", count: 5 - filled)
    }

    /// A bar from `low` to `high` placed on the scale `from`…`to`, `width` cells wide.
    static func range(low: Double, high: Double, from: Double, to: Double, width: Int, unicode: Bool) -> String {
        guard to > from else { return String(repeating: unicode ? "━" : "=", count: width) }
        let start = Int(((low - from) / (to - from) * Double(width - 1)).rounded())
        let end = max(start, Int(((high - from) / (to - from) * Double(width - 1)).rounded()))
        let blank = unicode ? "·" : " "
        return String(repeating: blank, count: start) + String(repeating: unicode ? "━" : "=", count: end - start + 1)
            + String(repeating: blank, count: width - end - 1)
    }
}
