import WeatherCore

/// The reference times `scripts/generate-samples.py` writes the samples at.
enum SampleClock {
    /// The samples' "now" (current weather `dt`).
    static let reference = 1_763_784_000
    /// The samples' first forecast slot.
    static let firstSlot = 1_763_791_200
}
