import WeatherCore

/// Small in-line graphs: a temperature level per row, a precipitation bar, a day's low–high range.
enum Graph {
    static let levels = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The smallest span of temperatures drawn full height, in °C: 30 °C and 31 °C are nearly level, not ▁ and █.
    static let minimumSpan = 10.0

    /// The scale a window of temperatures is drawn on: their range, widened about its middle to `minimumSpan`.
    static func scale(_ values: [Double]) -> ClosedRange<Double> {
        // A figure that is not a number has no place on a scale (and would make the range trap).
        let finite = values.filter(\.isFinite)
        let low = finite.min() ?? 0, high = finite.max() ?? 0
        guard high - low < minimumSpan else { return low...high }
        let middle = (low + high) / 2
        return (middle - minimumSpan / 2)...(middle + minimumSpan / 2)
    }

    /// Where `value` lies on `scale`: 0 (lowest) to `steps - 1`.
    static func step(_ value: Double, on scale: ClosedRange<Double>, steps: Int) -> Int {
        let span = scale.upperBound - scale.lowerBound
        guard span > 0 else { return steps / 2 }
        return min(steps - 1, max(0, Int(saturating: ((value - scale.lowerBound) / span * Double(steps - 1)).rounded())))
    }

    /// A temperature's level: one block character, or in ASCII a bar of one to five "=" that reads as a length.
    static func level(_ value: Double, on scale: ClosedRange<Double>, unicode: Bool) -> String {
        if unicode { return levels[step(value, on: scale, steps: levels.count)] }
        let length = step(value, on: scale, steps: 5) + 1
        return String(repeating: "=", count: length) + String(repeating: " ", count: 5 - length)
    }

    /// A five-cell bar for a probability from 0 to 1.
    static func bar(probability: Double, unicode: Bool) -> String {
        let filled = min(5, max(0, Int(saturating: (probability * 5).rounded())))
        return String(repeating: unicode ? "█" : "#", count: filled) + String(repeating: unicode ? "·" : ".", count: 5 - filled)
    }

    /// A bar from `low` to `high` placed on the scale `from`…`to`, `width` cells wide.
    static func range(low: Double, high: Double, from: Double, to: Double, width: Int, unicode: Bool) -> String {
        guard width > 0 else { return "" }
        guard to > from else { return String(repeating: unicode ? "━" : "=", count: width) }
        // Clamped to the bar: a figure off the scale draws at its end, never a negative count.
        let cell = { (value: Double) in min(width - 1, max(0, Int(saturating: ((value - from) / (to - from) * Double(width - 1)).rounded()))) }
        let start = cell(low)
        let end = max(start, cell(high))
        let blank = unicode ? "·" : " "
        return String(repeating: blank, count: start) + String(repeating: unicode ? "━" : "=", count: end - start + 1)
            + String(repeating: blank, count: max(0, width - end - 1))
    }
}
